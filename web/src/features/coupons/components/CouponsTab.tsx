import type { User } from '@nocturne/contracts';
import { OfflineNote } from '@/components/ui/offline-note';
import { useAvailableCoupons, useMyCoupons } from '../api/coupons';
import { AvailableCoupons } from './AvailableCoupons';
import { MyCoupons } from './MyCoupons';

/** Available Coupons beside My Coupons; with no signal, both from the device's saved copy under one note. */
export function CouponsTab({ user }: { user: User }) {
  const offered = useAvailableCoupons();
  const mine = useMyCoupons();
  return (
    <div>
      <OfflineNote answers={[offered, mine]} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AvailableCoupons currentPoints={user.currentPoints} />
        <MyCoupons />
      </div>
    </div>
  );
}
