import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { aMember } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { DoorMode, type DoorCamera } from './DoorMode';

const CARD_QR = JSON.stringify({ memberCardId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', token: 'card-token' });
const ENTRY = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const GUEST = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

const onList = (arrivedCount: number | null = null, message = 'On the guest list +2 (free until 23:30)'): DoorCheckResponse => ({
  kind: 'card',
  ok: true,
  message: 'Welcome, Jordan: visit recorded, +20 points',
  refusal: null,
  member: { firstName: 'Jordan', tier: 'gold', status: 'active' },
  visit: { night: '2026-11-27', recorded: true, points: 20 },
  coupons: [],
  guestList: { entryId: ENTRY, title: 'Deep House Fridays', plusOnes: 2, message, freeEntry: true, arrivedCount },
});
const tonight = (guests?: number) => ({
  status: 200,
  body: { night: '2026-11-27', mine: { redemptions: 0, visits: 1, undone: 0, ...(guests ? { guests } : {}) } },
});

function fakeCamera() {
  let emit: (text: string) => void = () => undefined;
  const start = jest.fn<DoorCamera>(async (_id, onDecoded) => {
    emit = onDecoded;
    return async () => undefined;
  });
  return { start, show: (text: string) => act(async () => emit(text)) };
}

async function openDoor(answers: Parameters<typeof routeFetch>[0]) {
  const fetchMock = routeFetch({ [at(routes.getDoorTonight)]: tonight(), ...answers });
  const camera = fakeCamera();
  const view = renderWithApp(<DoorMode startCamera={camera.start} />);
  await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));
  return { fetchMock, camera, ...view };
}

describe('the guest list at the door', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'door', isAdmin: false, firstName: 'Sam' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("shows the member's entry on the verdict and marks how many of the party came in, once", async () => {
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: onList() },
      [at(routes.markGuestsArrived, { id: ENTRY })]: { status: 200, body: { message: "3 in: Jordan's party", arrivedCount: 3 } },
      [at(routes.getDoorTonight)]: [tonight(), tonight(3)],
    });
    await camera.show(CARD_QR);
    const part = await screen.findByTestId('door-guest-list');
    expect(part).toHaveTextContent('On the guest list +2 (free until 23:30)');
    expect(part).toHaveTextContent('Deep House Fridays · free entry');
    // The member and up to their two plus-ones.
    const counts = within(part).getByRole('group', { name: 'How many came in' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1 in', '2 in', '3 in']);
    await user.click(within(counts).getByRole('button', { name: 'Mark 3 in' }));
    expect(await within(part).findByRole('status')).toHaveTextContent("3 in: Jordan's party");
    expect(within(part).queryByRole('button')).toBeNull();
    expect(callsTo(fetchMock, routes.markGuestsArrived, { id: ENTRY })).toEqual([
      expect.objectContaining({ body: { count: 3 } }),
    ]);
    // The tally counts them once it is read again.
    expect(await screen.findByText('in from the guest list', { exact: false })).toHaveTextContent('3 in from the guest list');
  });

  it('says when free entry has ended, and says who came in when the party was already marked', async () => {
    const { camera } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: onList(2, 'On the list: free entry ended 23:30') },
    });
    await camera.show(CARD_QR);
    const part = await screen.findByTestId('door-guest-list');
    expect(part).toHaveTextContent('On the list: free entry ended 23:30');
    expect(within(part).getByRole('status')).toHaveTextContent('Already marked: 2 of the party came in');
    expect(within(part).queryByRole('button')).toBeNull();
  });

  it("shows the api's words when another door marked the party first", async () => {
    const { camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: onList() },
      [at(routes.markGuestsArrived, { id: ENTRY })]: {
        status: 409,
        body: { success: false, statusCode: 409, message: "Already marked: 3 of Jordan's party came in" },
      },
    });
    await camera.show(CARD_QR);
    const part = await screen.findByTestId('door-guest-list');
    await user.click(within(part).getByRole('button', { name: 'Mark 1 in' }));
    expect(await within(part).findByRole('alert')).toHaveTextContent("Already marked: 3 of Jordan's party came in");
    expect(within(part).queryByRole('button')).toBeNull();
  });

  it("finds a guest with no card by name on tonight's list and marks them in", async () => {
    const match = {
      id: GUEST,
      name: 'Quinn Outsider',
      email: 'quinn@example.com',
      member: false,
      tier: null,
      plusOnes: 1,
      arrivedCount: null,
      arrivedAt: null,
      title: 'Deep House Fridays',
      message: 'On the guest list +1',
    };
    const { fetchMock, user } = await openDoor({
      [at(routes.findDoorGuests)]: { status: 200, body: { entries: [match] } },
      [at(routes.markGuestsArrived, { id: GUEST })]: { status: 200, body: { message: "2 in: Quinn's party", arrivedCount: 2 } },
    });
    await user.click(screen.getByRole('button', { name: 'Guest list' }));
    const box = screen.getByRole('textbox', { name: "A name on tonight's guest list" });
    await user.type(box, 'q');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.type(box, 'uinn{Enter}');
    const results = await screen.findByRole('list', { name: "Names on tonight's guest list" });
    const row = within(results).getByRole('listitem', { name: 'Quinn Outsider' });
    expect(row).toHaveTextContent('Quinn Outsider +1');
    expect(row).toHaveTextContent('Guest · Deep House Fridays · On the guest list +1');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`${routes.findDoorGuests.path}?q=quinn`);
    await user.click(within(row).getByRole('button', { name: 'Mark 2 in' }));
    expect(await within(row).findByRole('status')).toHaveTextContent("2 in: Quinn's party");
  });

  it('says so when no one matches', async () => {
    const { user } = await openDoor({ [at(routes.findDoorGuests)]: { status: 200, body: { entries: [] } } });
    await user.click(screen.getByRole('button', { name: 'Guest list' }));
    await user.type(screen.getByRole('textbox', { name: "A name on tonight's guest list" }), 'zed{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent("No one on tonight's list matches “zed”");
  });
});
