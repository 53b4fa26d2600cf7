import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { EventView, VenueChoice } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { aMember } from '@/testing/fixtures';
import { EventsScreen } from './EventsScreen';

const anEvent = (overrides: Partial<EventView> = {}): EventView => ({
  id: '11111111-1111-4111-8111-111111111111',
  venueId: 1,
  slug: 'deep-house-fridays',
  title: 'Deep House Fridays',
  description: '',
  lineUp: [],
  night: '2026-12-04',
  doorsOpen: '22:00',
  lastEntry: '03:00',
  repeatsWeekly: false,
  repeatUntil: null,
  agePolicy: '18+',
  priceCents: 0,
  currency: 'AUD',
  priceText: 'Free',
  dressCode: '',
  capacity: null,
  posterUrl: null,
  guestList: null,
  posterPath: null,
  status: 'draft',
  announcementPostId: null,
  nextNights: [],
  ...overrides,
});
const venue = (id: number, name: string, mine = true): VenueChoice => ({ id, name, archived: false, mine });
const RULE = { rule: { noShows: 2, withinDays: 30, pauseDays: 14 }, words: 'Two no-shows within 30 days pause...' };

function answers(venues: VenueChoice[], events: EventView[]) {
  return routeFetch({
    [at(routes.listVenueChoices)]: { status: 200, body: { venues } },
    [at(routes.listEvents)]: { status: 200, body: { events, nextCursor: null } },
    [at(routes.createEvent)]: (body) => ({ status: 201, body: anEvent({ title: (body as { title: string }).title }) }),
    [at(routes.getNoShowRule)]: { status: 200, body: RULE },
    [at(routes.saveNoShowRule)]: { status: 200, body: RULE },
  });
}

const urls = (fetchMock: ReturnType<typeof routeFetch>, route: Parameters<typeof callsTo>[1]) =>
  callsTo(fetchMock, route).map((call) => call.url);
/** The venue each call for the events named (null: none), and the page size it asked for. */
const eventsAsked = (fetchMock: ReturnType<typeof routeFetch>) =>
  urls(fetchMock, routes.listEvents).map((url) => {
    const query = new URL(url, 'http://localhost').searchParams;
    return { venue: query.get('venue'), limit: query.get('limit'), cursor: query.get('cursor') };
  });

async function createNight(user: ReturnType<typeof renderWithApp>['user']) {
  const form = screen.getByRole('form', { name: 'New event' });
  await user.type(within(form).getByLabelText(/Title/), 'Velvet Sessions');
  await user.type(within(form).getByLabelText(/Night/), '2026-12-11');
  await user.click(within(form).getByRole('button', { name: 'Create Event' }));
}

describe('the Events screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'manager' }));
  });

  it('in a single-venue install offers no venue, and asks for the events and the rule naming none', async () => {
    const fetchMock = answers([venue(1, 'Nocturne')], [anEvent()]);
    const view = renderWithApp(<EventsScreen />);
    const list = await screen.findByRole('list', { name: 'Events' });
    await waitFor(() => expect(callsTo(fetchMock, routes.listVenueChoices).length).toBeGreaterThan(0));
    expect(within(list).getByRole('listitem')).not.toHaveTextContent('Nocturne');
    expect(screen.queryByLabelText(/Venue/)).toBeNull();
    expect(screen.queryByTestId('no-show-rule-venue')).toBeNull();
    await createNight(view.user);
    await waitFor(() => expect(callsTo(fetchMock, routes.createEvent)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.createEvent)[0]!.body).not.toHaveProperty('venueId');
    await view.user.click(within(screen.getByRole('form', { name: 'No-show rule' })).getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.saveNoShowRule)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.saveNoShowRule)[0]!.body).toEqual({ rule: RULE.rule });
    expect(new Set(eventsAsked(fetchMock).map((asked) => asked.venue))).toEqual(new Set([null]));
    expect(new Set(urls(fetchMock, routes.getNoShowRule))).toEqual(new Set([routes.getNoShowRule.path]));
  });

  it("in a group follows the switcher's venue: its events with their venues, the form's venue, and its no-show rule", async () => {
    localStorage.setItem('staffVenue', '2');
    const fetchMock = answers(
      [venue(1, 'Nocturne'), venue(2, 'The Velvet Room')],
      [anEvent({ venueId: 2, title: 'Velvet Sessions' })],
    );
    const view = renderWithApp(<EventsScreen />);
    await waitFor(() => expect(eventsAsked(fetchMock)).toContainEqual({ venue: '2', limit: '50', cursor: null }));
    const list = await screen.findByRole('list', { name: 'Events' });
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent('Velvet SessionsThe Velvet Room'));
    const select = await screen.findByRole('combobox', { name: /Venue/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nocturne', 'The Velvet Room']);
    expect(select).toHaveValue('2');
    await createNight(view.user);
    await waitFor(() => expect(callsTo(fetchMock, routes.createEvent)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.createEvent)[0]!.body).toMatchObject({ venueId: 2, title: 'Velvet Sessions' });

    const rule = await screen.findByRole('form', { name: 'No-show rule at The Velvet Room' });
    expect(within(rule).getByTestId('no-show-rule-venue')).toHaveTextContent('For The Velvet Room');
    await waitFor(() => expect(urls(fetchMock, routes.getNoShowRule)).toContain(`${routes.getNoShowRule.path}?venueId=2`));
    await view.user.click(within(rule).getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.saveNoShowRule)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.saveNoShowRule)[0]!.body).toEqual({ rule: RULE.rule, venueId: 2 });
  });

  it("offers a manager of one venue in a group that venue only, chosen, and lists that venue's events", async () => {
    const fetchMock = answers(
      [venue(1, 'Nocturne', false), venue(2, 'The Velvet Room'), venue(3, 'Lantern Bar', false)],
      [anEvent({ venueId: 2, title: 'Velvet Sessions' })],
    );
    const view = renderWithApp(<EventsScreen />);
    const select = await screen.findByRole('combobox', { name: /Venue/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['The Velvet Room']);
    expect(select).toHaveValue('2');
    await waitFor(() => expect(eventsAsked(fetchMock)).toContainEqual({ venue: '2', limit: '50', cursor: null }));
    await waitFor(() => expect(urls(fetchMock, routes.getNoShowRule)).toContain(`${routes.getNoShowRule.path}?venueId=2`));
    await createNight(view.user);
    await waitFor(() => expect(callsTo(fetchMock, routes.createEvent)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.createEvent)[0]!.body).toMatchObject({ venueId: 2 });
  });

  it("loads the next page from the cursor the api gave, at the screen's venue, and offers no more after the last", async () => {
    localStorage.setItem('staffVenue', '2');
    const fetchMock = routeFetch({
      [at(routes.listVenueChoices)]: { status: 200, body: { venues: [venue(1, 'Nocturne'), venue(2, 'The Velvet Room')] } },
      // The first page names a next one; the page after its cursor is the last.
      [at(routes.listEvents)]: (_body, url) =>
        new URL(url, 'http://localhost').searchParams.get('cursor') === 'opaque-cursor_1'
          ? {
              status: 200,
              body: {
                events: [
                  anEvent({ id: '22222222-2222-4222-8222-222222222222', venueId: 2, title: 'Last Winter', night: '2025-07-04' }),
                ],
                nextCursor: null,
              },
            }
          : { status: 200, body: { events: [anEvent({ venueId: 2, title: 'Velvet Sessions' })], nextCursor: 'opaque-cursor_1' } },
      [at(routes.getNoShowRule)]: { status: 200, body: RULE },
    });
    const view = renderWithApp(<EventsScreen />);
    const list = await screen.findByRole('list', { name: 'Events' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await view.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['Velvet Sessions', 'Last Winter']);
    expect(eventsAsked(fetchMock).at(-1)).toEqual({ venue: '2', limit: '50', cursor: 'opaque-cursor_1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
