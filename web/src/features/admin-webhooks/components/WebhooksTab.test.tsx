import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { WebhooksTab } from './WebhooksTab';

const endpoint = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  url: 'https://hooks.example.com/in',
  events: ['coupon.claimed'],
  createdAt: '2026-11-22T10:00:00.000Z',
};
const delivery = {
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  endpointId: endpoint.id,
  eventType: 'coupon.claimed',
  state: 'failed',
  attempts: 15,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  lastAttemptAt: '2026-11-22T10:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('admin webhooks tab', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('registers an endpoint for the chosen events and shows its secret once', async () => {
    const fetchMock = routeFetch({
      [at(routes.listWebhooks)]: { status: 200, body: [] },
      [at(routes.registerWebhook)]: { status: 201, body: { ...endpoint, secret: 'whsec_c2VjcmV0' } },
    });
    const view = renderWithApp(<WebhooksTab />);
    expect(await screen.findByText('No endpoints registered.')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Endpoint URL', { exact: false }), 'https://hooks.example.com/in');
    for (const name of [
      'member.registered',
      'comment.posted',
      'coupon.redeemed',
      'coupon.redemption_undone',
      'booking.requested',
      'member.visited',
    ]) {
      await view.user.click(screen.getByRole('checkbox', { name }));
    }
    await view.user.click(screen.getByRole('button', { name: 'Register Endpoint' }));
    expect(await screen.findByText('whsec_c2VjcmV0')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.registerWebhook)[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['coupon.claimed'],
    });
  });

  it("lists an endpoint's deliveries with their state and redelivers one", async () => {
    const fetchMock = routeFetch({
      [at(routes.listWebhooks)]: { status: 200, body: [endpoint] },
      [at(routes.listWebhookDeliveries, { id: endpoint.id })]: { status: 200, body: [delivery] },
      [at(routes.redeliverWebhook, { id: delivery.id })]: { status: 202, body: { success: true } },
    });
    const view = renderWithApp(<WebhooksTab />);
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(list).getByText('failed')).toBeInTheDocument();
    expect(within(list).getByText(/15 attempts · HTTP 500/)).toBeInTheDocument();
    await view.user.click(within(list).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Redelivery queued')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.redeliverWebhook, { id: delivery.id })).toHaveLength(1);
  });
});
