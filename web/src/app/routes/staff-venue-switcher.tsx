import { inputClass } from '@/components/ui/field';
import { useStaffVenue } from '@/lib/staff-venue';

/**
 * The venue the staff screens show (PRODUCT.md §12): in the admin header, only for a staffer who
 * works at more than one venue; "All venues" for an admin or an account of every venue. Remembered
 * on this computer; the overview, scan log, bookings, messages and their counts follow it.
 */
export function StaffVenueSwitcher() {
  const { show, all, venues, venueId, choose } = useStaffVenue();
  if (!show) return null;
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-white/90">
      Venue
      <select
        className={`${inputClass} w-auto`}
        value={venueId === undefined ? 'all' : String(venueId)}
        onChange={(event) => choose(event.target.value === 'all' ? 'all' : Number(event.target.value))}
      >
        {all ? <option value="all">All venues</option> : null}
        {venues.map((venue) => (
          <option key={venue.id} value={String(venue.id)}>
            {venue.name}
          </option>
        ))}
      </select>
    </label>
  );
}
