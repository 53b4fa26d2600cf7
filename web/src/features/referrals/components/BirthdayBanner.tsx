import { useMyBirthday } from '../api/referrals';

/** "Happy birthday! Your birthday coupon is in My Coupons" during the member's birthday week, once the coupon is theirs. */
export function BirthdayBanner() {
  const message = useMyBirthday().data?.message;
  if (!message) return null;
  return (
    <p role="status" className="mb-4 rounded-2xl border border-neon-light/50 bg-neon/15 px-4 py-3 text-center text-neon-light">
      {message}
    </p>
  );
}
