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
  targetName: 'Free drink',
  targetLink: '/admin/coupons',
  summary: `Sam Reyes (manager) ${action === 'news.create' ? 'published the post' : 'edited the coupon'} 'Free drink'`,
  changes: [
    { field: 'pointsCost', label: 'Points cost', before: '100', after: '150', text: false },
    { field: 'title', label: 'Title', before: '', after: '', text: true },
  ],
  before: { pointsCost: 100, title: '(text not copied)' },
  after: { pointsCost: 150, title: '(text not copied)' },
  clientAddress: '2001:db8:85a3:0000:0000:8a2e:0370:7334',
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
    // Who did what to which record in words, with a link to the record and the fields that changed; no keys, no JSON.
    expect(within(table).getByText("Sam Reyes (manager) edited the coupon 'Free drink'")).toBeInTheDocument();
    expect(within(table).getByText('Coupon edited')).toBeInTheDocument();
    expect(within(table).queryByText('coupon.update')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Free drink' })).toHaveAttribute('href', '/admin/coupons');
    expect(within(table).getByText('100')).toBeInTheDocument();
    expect(within(table).getByText(/changed \(text not kept in the log\)/)).toBeInTheDocument();
    expect(table.textContent).not.toContain('{');
    // The address is one unbroken line.
    const address = within(table).getByText('2001:db8:85a3:0000:0000:8a2e:0370:7334');
    expect(address.className).toContain('whitespace-nowrap');
    expect(address.className).not.toContain('break-all');
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
