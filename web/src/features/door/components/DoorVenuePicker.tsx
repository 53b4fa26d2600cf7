import type { VenueChoice } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { useDoorVenue } from '@/lib/staff-venue';
import { useVenueChoices } from '@/lib/venue-choices';

/**
 * "Which venue?": door mode's first question for an account that works at several venues (a group
 * account, or one granted several), asked once and remembered on the phone (lib/staff-venue);
 * every check, redemption, tally and offline batch then names that venue.
 */
export function DoorVenuePicker({ venues, onPick }: { venues: VenueChoice[]; onPick: (venue: VenueChoice) => void }) {
  return (
    <section aria-labelledby="door-venue-picker" className="grid gap-3">
      <h2 id="door-venue-picker" className="text-center text-2xl font-semibold">
        Which venue?
      </h2>
      <p className="text-center text-white/70">Asked once: this phone remembers it.</p>
      {venues.map((venue) => (
        <Button key={venue.id} className="min-h-14 text-lg" onClick={() => onPick(venue)}>
          {venue.name}
        </Button>
      ))}
    </section>
  );
}

/**
 * The venue this phone's door is at: to change it, for an account of several venues; named only,
 * for an account of one venue in a group of several (it has no other to go to). A group of one
 * venue names none.
 */
export function DoorVenueButton() {
  const { venue, venues, choose } = useDoorVenue();
  const group = useVenueChoices().length > 0;
  if (!venue)
    return group && venues.length === 1 ? (
      <p data-testid="door-venue" className="text-sm font-medium text-white/85">
        {venues[0]!.name}
      </p>
    ) : null;
  return (
    <Button variant="ghost" onClick={() => choose(null)} aria-label={`At ${venue.name}: change venue`}>
      {venue.name} · Change venue
    </Button>
  );
}
