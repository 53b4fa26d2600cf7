import type { User } from '@nocturne/contracts';
import { AvailableCoupons } from './AvailableCoupons';
import { MyCoupons } from './MyCoupons';

export function CouponsTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AvailableCoupons currentPoints={user.currentPoints} />
      <MyCoupons />
    </div>
  );
}
