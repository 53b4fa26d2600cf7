import type { DoorGuestList } from '@nocturne/contracts';
import { MarkParty } from './MarkParty';

/**
 * The guest-list part of a card's verdict: the member is on tonight's list here ("On the guest list
 * +2 (free until 23:30)", or free entry has ended), and how many of the party came in, marked once.
 */
export function GuestListVerdict({ guestList }: { guestList: DoorGuestList }) {
  return (
    <section aria-label="Guest list" data-testid="door-guest-list" className="grid gap-2 rounded-xl bg-black/25 p-4">
      <p className="text-2xl font-bold">{guestList.message}</p>
      <p className="text-base opacity-85">
        {guestList.title}
        {guestList.freeEntry ? ' · free entry' : ''}
      </p>
      <MarkParty entryId={guestList.entryId} plusOnes={guestList.plusOnes} arrivedCount={guestList.arrivedCount} />
    </section>
  );
}
