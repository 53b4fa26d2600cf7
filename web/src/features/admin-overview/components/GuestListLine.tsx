import { useGuestListNights } from '../api/guest-list-nights';

/**
 * The overview's guest-list line: tonight's lists at the venue ("List 120, in 84", the no-show once
 * the night is over) and last night's no-show. Nothing on a night with no list (an install without
 * events reads as before), nor while it cannot be read.
 */
export function GuestListLine() {
  const { data } = useGuestListNights();
  if (!data || (!data.tonight && !data.lastNight)) return null;
  const last = data.lastNight;
  return (
    <p data-testid="overview-guest-list" className="rounded-lg bg-night-900 px-4 py-3 text-white/90">
      <span className="font-semibold text-gold">Guest list</span>
      {data.tonight ? ` · Tonight: ${data.tonight.summary}` : ' · No list tonight'}
      {last
        ? ` · Last night: ${last.noShowPercent === null ? last.summary : `no-show ${last.noShowPercent}% (${last.summary})`}`
        : ''}
    </p>
  );
}
