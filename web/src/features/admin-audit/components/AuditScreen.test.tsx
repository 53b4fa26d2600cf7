import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as routes from '@nocturne/contracts/routes';
import { anAdmin } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { AuditScreen } from './AuditScreen';

const admin = anAdmin();
const PERSON = '6abe8ef0-2072-4ebd-af47-5047a3733306';
const entry = (id: string, action: string) => ({
  id,
  at: '2026-11-21T12:41:00.000000Z',
  actorId: PERSON,
  actorName: 'Sam Reyes',
  actorRole: 'manager',
  action,
  targetType: 'coupon',
  targetId: 'c-1',
  before: { title: 'A' },
  after: { title: 'B' },
  clientAddress: '198.18.0.7',
});

describe('the Audit log screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(admin);
  });

  it('shows who did what, loads more pages, and asks again with the filters chosen', async () => {
    const fetchMock = routeFetch({
      ...venueZone(),
      [at(routes.listAuditLog)]: [
        { status: 200, body: { entries: [entry('00000000-0000-4000-8000-000000000001', 'coupon.update')], nextCursor: 'next' } },
        { status: 200, body: { entries: [entry('00000000-0000-4000-8000-000000000002', 'news.create')], nextCursor: null } },
        { status: 200, body: { entries: [], nextCursor: null } },
      ],
    });
    renderWithApp(<AuditScreen people={[{ id: PERSON, name: 'Sam Reyes' }]} />);
    const table = await screen.findByRole('table');
    // Actions in words, not their keys.
    expect(within(table).getByText('Coupon edited')).toBeInTheDocument();
    expect(within(table).queryByText('coupon.update')).not.toBeInTheDocument();
    expect(within(table).getByText('198.18.0.7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('News published')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Person' }), PERSON);
    expect(await screen.findByText('No audit entries match.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, routes.listAuditLog).at(-1)?.url).toContain(`actorId=${PERSON}`));
    expect(callsTo(fetchMock, routes.listAuditLog)[1]?.url).toContain('cursor=next');

    // The action filter offers the same words, and asks for the action's key.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Points adjusted');
    await waitFor(() => expect(callsTo(fetchMock, routes.listAuditLog).at(-1)?.url).toContain('action=points.adjust'));
  });
});
