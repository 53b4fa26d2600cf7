import type { EntityManager } from '@mikro-orm/postgresql';
import type { VenueDirectory, VenueRecord } from '#modules/venues/venues.public.js';
import { CardGuestList } from './card-guest-list.js';
import type { WalletRepository } from './wallet.repository.js';

type Entry = Awaited<ReturnType<WalletRepository['guestListEntries']>>[number];

const venue = (id: number, name: string) => ({ id, name, timeZone: 'Australia/Sydney' }) as VenueRecord;

function lineOf(entries: Entry[], options: { single: boolean }, now: Date) {
  const asked: string[] = [];
  const repository = {
    guestListEntries: async (_em: EntityManager, _memberId: string, from: string) => {
      asked.push(from);
      return entries;
    },
  } as unknown as WalletRepository;
  const venues = {
    get: async (id: number) => [venue(1, 'Nocturne'), venue(2, 'The Annex')].find((v) => v.id === id),
    single: async () => options.single,
  } as unknown as VenueDirectory;
  return { line: new CardGuestList(repository, venues).lineOf({} as EntityManager, 'member', now), asked };
}

const entry = (night: string, plusOnes: number, freeUntil: string | null, venueId = 1): Entry => ({
  night,
  plus_ones: plusOnes,
  venue_id: venueId,
  last_entry: '03:00',
  list_free_until: freeUntil,
});

describe("the card pass's guest-list line", () => {
  // Friday 4 December 2026, 20:00 in Sydney (UTC+11).
  const now = new Date('2026-12-04T09:00:00Z');

  it('names the nearest night not over yet, its plus-ones and free entry', async () => {
    const { line, asked } = lineOf(
      [entry('2026-12-03', 0, null), entry('2026-12-04', 2, '23:30'), entry('2026-12-11', 0, null)],
      { single: true },
      now,
    );
    expect(await line).toBe('Fri 4 Dec · +2 · free until 23:30');
    // Read from two days back: a night still under way in any zone is among them.
    expect(asked).toEqual(['2026-12-02']);
  });

  it('keeps a night until its last entry (03:00 the next morning), then moves to the next', async () => {
    const entries = [entry('2026-12-04', 0, null), entry('2026-12-11', 1, null)];
    expect(await lineOf(entries, { single: true }, new Date('2026-12-04T15:59:00Z')).line).toBe('Fri 4 Dec');
    expect(await lineOf(entries, { single: true }, new Date('2026-12-04T16:00:00Z')).line).toBe('Fri 11 Dec · +1');
  });

  it('names the venue in a group, and is empty when the member is on no coming list', async () => {
    expect(await lineOf([entry('2026-12-05', 0, '23:00', 2)], { single: false }, now).line).toBe(
      'The Annex · Sat 5 Dec · free until 23:00',
    );
    expect(await lineOf([], { single: true }, now).line).toBeNull();
  });
});
