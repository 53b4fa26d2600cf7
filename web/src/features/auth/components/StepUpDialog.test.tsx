import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { SECOND_FACTOR_AGAIN } from '@nocturne/domain';
import { api, ApiError } from '@/lib/api-client';
import { mockFetch, renderWithApp, sentBody } from '@/testing/render';
import { StepUpDialog } from './StepUpDialog';

const refused = { status: 403, body: { success: false, statusCode: 403, error: 'Forbidden', message: SECOND_FACTOR_AGAIN } };
const webhook = { url: 'https://hooks.example.com/in', events: ['member.registered'] } as never;

describe('StepUpDialog', () => {
  it('asks for the code when a dangerous action is refused for an old second factor, then sends the action again', async () => {
    const created = {
      id: 'w1',
      url: 'https://hooks.example.com/in',
      events: ['member.registered'],
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = mockFetch(
      refused,
      { status: 200, body: { success: true, message: 'Signed in' } },
      { status: 201, body: created },
    );
    const { user } = renderWithApp(<StepUpDialog />);
    const answer = api.call(routes.registerWebhook, { body: webhook });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toHaveTextContent(SECOND_FACTOR_AGAIN);
    await user.type(screen.getByLabelText(/^Code from your authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await expect(answer).resolves.toEqual(created);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      routes.registerWebhook.path,
      routes.verifySecondFactor.path,
      routes.registerWebhook.path,
    ]);
    expect(sentBody(fetchMock, 1)).toEqual({ code: '123456' });
    expect(sentBody(fetchMock, 2)).toEqual(webhook);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong code in words and keeps asking; closing the prompt fails the action as refused', async () => {
    mockFetch(refused, {
      status: 400,
      body: { success: false, statusCode: 400, error: 'Bad Request', message: 'That code is not right' },
    });
    const { user } = renderWithApp(<StepUpDialog />);
    const outcome = api.call(routes.registerWebhook, { body: webhook }).catch((caught: unknown) => caught);
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(screen.getByLabelText(/^Code from your authenticator app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    await user.keyboard('{Escape}');
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe(SECOND_FACTOR_AGAIN);
  });
});
