import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { aMember } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { DoorsCard } from './DoorsCard';

const STAFF = '11111111-1111-4111-8111-111111111111';
const LOCKOUT_ID = `${STAFF}.phone-abcdef12`;
const MAIN = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  venueId: 1,
  venueName: 'Nocturne',
  name: 'Main door',
  archived: false,
};

describe('the Doors card', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'manager', isAdmin: true, firstName: 'Morgan' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("names doors, archives one, and lifts a phone's typing wait", async () => {
    const fetchMock = routeFetch({
      [at(routes.listNamedDoors)]: { status: 200, body: { doors: [MAIN] } },
      [at(routes.createNamedDoor)]: { status: 200, body: { ...MAIN, id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'VIP' } },
      [at(routes.updateNamedDoor, { id: MAIN.id })]: { status: 200, body: { ...MAIN, archived: true } },
      [at(routes.listDoorLockouts)]: [
        {
          status: 200,
          body: {
            lockouts: [
              {
                id: LOCKOUT_ID,
                scope: 'device',
                staff: { id: STAFF, name: 'Sam Lee' },
                device: 'phone-abcdef12',
                door: 'Main door',
                until: new Date(Date.now() + 90_000).toISOString(),
              },
            ],
          },
        },
        { status: 200, body: { lockouts: [] } },
      ],
      [at(routes.liftDoorLockout, { id: LOCKOUT_ID })]: {
        status: 200,
        body: { success: true, message: 'That phone can type codes again.' },
      },
    });
    const { user } = renderWithApp(<DoorsCard />);
    const doors = await screen.findByRole('region', { name: 'Named doors' });
    expect(await within(doors).findByText('Main door')).toBeInTheDocument();

    await user.type(within(doors).getByRole('textbox', { name: /New door/ }), 'VIP');
    await user.click(within(doors).getByRole('button', { name: 'Add door' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.createNamedDoor)).toEqual([{ url: routes.createNamedDoor.path, body: { name: 'VIP' } }]),
    );

    await user.click(within(doors).getByRole('button', { name: 'Archive Main door' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.updateNamedDoor, { id: MAIN.id }).map((call) => call.body)).toEqual([{ archived: true }]),
    );

    const waiting = screen.getByRole('region', { name: 'Phones waiting to type' });
    expect(await within(waiting).findByText(/Sam Lee: phone phone-ab at Main door/)).toBeInTheDocument();
    expect(within(waiting).getByText(/typing again in 1:(2|3)\d/)).toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: /^Lift Sam Lee/ }));
    await waitFor(() => expect(callsTo(fetchMock, routes.liftDoorLockout, { id: LOCKOUT_ID })).toHaveLength(1));
    expect(await within(waiting).findByText('No phone is waiting: every door can type codes.')).toBeInTheDocument();
  });

  it("lists tonight's conflicts from offline doors in their words", async () => {
    routeFetch({
      [at(routes.listNamedDoors)]: { status: 200, body: { doors: [MAIN] } },
      [at(routes.listDoorLockouts)]: { status: 200, body: { lockouts: [] } },
      [at(routes.getDoorSettings)]: { status: 200, body: { staleAfterMinutes: 30 } },
      [at(routes.listDoorConflicts)]: {
        status: 200,
        body: {
          night: '2026-11-28',
          items: [
            {
              id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
              at: '2026-11-28T12:43:00Z',
              message: 'Used twice: 23:41 Main door (Sam), 23:43 VIP (Alex)',
              firstName: 'Jordan',
              userCouponId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
            },
            {
              id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
              at: '2026-11-28T12:30:00Z',
              message: 'Member account disabled',
              firstName: 'Riley',
              userCouponId: null,
            },
          ],
        },
      },
    });
    renderWithApp(<DoorsCard />);
    const conflicts = await screen.findByRole('region', { name: 'Conflicts from offline doors' });
    const items = await within(conflicts).findAllByTestId('door-conflict');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Used twice: 23:41 Main door (Sam), 23:43 VIP (Alex) · Jordan'),
      expect.stringContaining('Member account disabled · Riley'),
    ]);
  });

  it("sets how old an offline door's data may get, refusing bad minutes in words before sending", async () => {
    const fetchMock = routeFetch({
      [at(routes.listNamedDoors)]: { status: 200, body: { doors: [] } },
      [at(routes.listDoorLockouts)]: { status: 200, body: { lockouts: [] } },
      [at(routes.listDoorConflicts)]: { status: 200, body: { night: '2026-11-28', items: [] } },
      [at(routes.getDoorSettings)]: { status: 200, body: { staleAfterMinutes: 30 } },
      [at(routes.updateDoorSettings)]: { status: 200, body: { staleAfterMinutes: 45 } },
    });
    const { user } = renderWithApp(<DoorsCard />);
    const section = await screen.findByRole('region', { name: 'Offline door data' });
    const field = await within(section).findByRole('textbox', { name: 'Old after (minutes)' });
    expect(field).toHaveValue('30');
    expect(
      within(screen.getByRole('region', { name: 'Conflicts from offline doors' })).getByText(/No conflicts tonight/),
    ).toBeInTheDocument();

    for (const [typed, words] of [
      ['0', 'Minutes must be at least 1'],
      ['300', 'Minutes must be at most 240 (4 hours)'],
      ['1.5', 'Minutes must be a whole number, like 30'],
    ]) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(words);
    }
    expect(callsTo(fetchMock, routes.updateDoorSettings)).toEqual([]);

    await user.clear(field);
    await user.type(field, '45');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.updateDoorSettings).map((call) => call.body)).toEqual([{ staleAfterMinutes: 45 }]),
    );
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
  });
});
