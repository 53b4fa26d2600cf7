import type { VenueChoice } from '@nocturne/contracts';

/**
 * "Venues": a checkbox per venue of the group; none ticked means every venue (the whole group).
 * Shown only when the group has more than one venue (`venues` is empty otherwise). An account that
 * works at some venues only is offered those (what else the item is for shows, not changeable): its
 * items are for its venues, so with one venue it comes ticked on a new item.
 */
export function VenueCheckboxes({
  venues,
  name = 'venueIds',
  chosen,
  noneMeans = 'The whole group',
  legend = 'Venues',
}: {
  venues: VenueChoice[];
  name?: string;
  chosen: readonly number[] | undefined;
  noneMeans?: string;
  legend?: string;
}) {
  if (venues.length === 0) return null;
  const mine = venues.filter((venue) => venue.mine);
  const scoped = mine.length < venues.length;
  const fresh = !chosen || chosen.length === 0;
  const ticked = (venue: VenueChoice) => (fresh ? scoped && mine.length === 1 && venue.mine : chosen.includes(venue.id));
  const shown = scoped ? venues.filter((venue) => venue.mine || chosen?.includes(venue.id)) : venues;
  return (
    <fieldset className="grid gap-1 text-sm text-white/85">
      <legend className="mb-1">
        {legend}{' '}
        <span className="text-white/60">
          {scoped ? '(this account’s venues: tick at least one)' : `(none ticked: ${noneMeans.toLowerCase()})`}
        </span>
      </legend>
      {shown.map((venue) => (
        <label key={venue.id} className="flex items-center gap-2">
          <input type="checkbox" name={name} value={venue.id} defaultChecked={ticked(venue)} disabled={scoped && !venue.mine} />
          {venue.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The ticked venue ids of a form (FormData), or undefined when the form shows no venue choice. */
export function checkedVenueIds(data: FormData, venues: VenueChoice[], name = 'venueIds'): number[] | undefined {
  if (venues.length === 0) return undefined;
  return data.getAll(name).map((value) => Number(value));
}
