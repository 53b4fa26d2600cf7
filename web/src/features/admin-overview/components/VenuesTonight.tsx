import type { AdminOverview } from '@nocturne/contracts';
import { Card } from '@/components/ui/card';

const number = new Intl.NumberFormat();

/**
 * Tonight at each of the staffer's venues (a group of several venues only), each venue's club
 * night in its own zone: visits, redemptions, tonight's bookings, and its inbox waiting.
 */
export function VenuesTonight({ overview }: { overview: AdminOverview }) {
  const venues = overview.venues ?? [];
  if (venues.length === 0) return null;
  const title = venues.length === 1 ? `Tonight at ${venues[0]!.name}` : 'Tonight at each venue';
  return (
    <Card title={title}>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={title}>
          <thead className="text-xs uppercase tracking-wider text-white/75">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Venue
              </th>
              <th scope="col" className="py-2 pr-3">
                Night
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Visits
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Redemptions
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Bookings tonight
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Pending bookings
              </th>
              <th scope="col" className="py-2 text-right">
                Unread messages
              </th>
            </tr>
          </thead>
          <tbody>
            {venues.map((venue) => (
              <tr key={venue.id} className="border-t border-white/10">
                <th scope="row" className="py-2 pr-3 font-medium text-white">
                  {venue.name}
                </th>
                <td className="py-2 pr-3 text-white/85">{venue.label}</td>
                <td className="py-2 pr-3 text-right text-gold">{number.format(venue.visits)}</td>
                <td className="py-2 pr-3 text-right text-gold">{number.format(venue.redemptions)}</td>
                <td className="py-2 pr-3 text-right text-gold">{number.format(venue.bookings)}</td>
                <td className="py-2 pr-3 text-right text-gold">{number.format(venue.pendingBookings)}</td>
                <td className="py-2 text-right text-gold">{number.format(venue.unreadMessages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
