import { formatVenueDate } from '@/lib/venue-time';
import { useDoorTonight } from '../api/door';

/** Tonight's tally of the signed-in staffer: redemptions (and undos) and visits; at a named door, that door's too. */
export function Tally({ doorId }: { doorId?: string }) {
  const tonight = useDoorTonight(doorId).data;
  if (!tonight) return <p className="text-sm text-white/70">Tonight</p>;
  const { redemptions, visits, undone, guests } = tonight.mine;
  return (
    <>
      <p className="text-sm text-white/85" data-testid="door-tally">
        {formatVenueDate(tonight.night)}: <strong>{redemptions}</strong> redeemed by you
        {undone ? ` (${undone} undone)` : ''} · <strong>{visits}</strong> {visits === 1 ? 'visit' : 'visits'}
        {guests ? (
          <>
            {' '}
            · <strong>{guests}</strong> in from the guest list
          </>
        ) : null}
      </p>
      {tonight.door ? (
        <p className="text-sm text-white/70" data-testid="door-tally-door">
          {tonight.door.name}: <strong>{tonight.door.redemptions}</strong> redeemed · <strong>{tonight.door.cards}</strong>{' '}
          {tonight.door.cards === 1 ? 'card' : 'cards'} in
        </p>
      ) : null}
    </>
  );
}
