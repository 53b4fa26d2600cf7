import { couponUseBy } from '@nocturne/domain';
import { useVenueTime } from '@/lib/venue-time';

/**
 * "Use by Sat 30 Nov, 04:00" (the coupon's validUntil on the venue's clocks) or "No expiry", under
 * each coupon a member sees (PRODUCT.md §2.5). Until the venue's zone is known (from the api or the
 * device's saved copy) nothing is shown rather than a time in a guessed zone.
 */
export function CouponUseBy({ validUntil }: { validUntil: string | null }) {
  const venueTime = useVenueTime();
  if (validUntil !== null && !venueTime.timeZone) return null;
  return (
    <p className="text-xs font-medium text-white/85" data-testid="coupon-use-by">
      {couponUseBy(validUntil === null ? null : venueTime.dateTime(validUntil))}
    </p>
  );
}
