import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { VISIT_POINTS_PER_NIGHT_MAX } from '@nocturne/domain';
import { useVenueChoices } from '@/lib/venue-choices';
import { useCouponChoices, useMembershipSettings, useSaveMembershipSettings } from '../api/membership-settings';

/**
 * Membership settings (PRODUCT.md §2.5, managers and admins): the points a referral pays each of
 * the two members at the invited member's first visit, the invites per member per month, and the
 * coupon members are given in their birthday week.
 */
export function MembershipSettingsCard() {
  const settings = useMembershipSettings();
  const coupons = useCouponChoices();
  const save = useSaveMembershipSettings();
  // A group of several venues: how many of a member's visits a night pay visit points, across them.
  const group = useVenueChoices().length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const coupon = String(data.get('birthdayCouponId') ?? '');
    save.mutate(
      {
        referralPoints: Number(data.get('referralPoints')),
        referralsPerMonth: Number(data.get('referralsPerMonth')),
        birthdayCouponId: coupon || null,
        ...(group ? { visitPointsPerNight: Number(data.get('visitPointsPerNight')) } : {}),
      },
      {
        onSuccess: () => toast({ title: 'Membership settings saved' }),
        onError: (failure) =>
          toast({ title: 'Could not save the settings', description: failure.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card title="Membership Settings" description="Invite points, the monthly invite limit and the birthday coupon.">
      {settings.data === undefined ? (
        <ListNote tone={settings.isError ? 'error' : 'muted'}>
          {settings.isError ? 'Failed to fetch the settings' : 'Loading settings...'}
        </ListNote>
      ) : (
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" key={JSON.stringify(settings.data)}>
          <TextField
            label="Points per invite (each)"
            name="referralPoints"
            type="number"
            min={0}
            max={10000}
            required
            defaultValue={settings.data.referralPoints}
          />
          <TextField
            label="Invites per member per month"
            name="referralsPerMonth"
            type="number"
            min={0}
            max={1000}
            required
            defaultValue={settings.data.referralsPerMonth}
          />
          <label className="grid gap-1 text-sm text-white/85">
            Birthday coupon
            <select
              name="birthdayCouponId"
              defaultValue={settings.data.birthdayCouponId ?? ''}
              className="rounded-lg border border-white/15 bg-night-950/60 px-3 py-2 text-white"
            >
              <option value="">None (no birthday coupon)</option>
              {(coupons.data ?? []).map((coupon) => (
                <option key={coupon.id} value={coupon.id}>
                  {coupon.title}
                </option>
              ))}
            </select>
          </label>
          {group ? (
            <TextField
              label="Paying visits a night (across venues)"
              name="visitPointsPerNight"
              type="number"
              min={1}
              max={VISIT_POINTS_PER_NIGHT_MAX}
              required
              defaultValue={settings.data.visitPointsPerNight}
            />
          ) : null}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={save.isPending}>
              Save Settings
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
