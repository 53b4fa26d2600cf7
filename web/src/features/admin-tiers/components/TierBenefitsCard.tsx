import type { FormEvent } from 'react';
import type { TierBenefitView } from '@nocturne/contracts';
import { tierLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useCouponChoices, useSaveTierBenefit, useTierBenefits } from '../api/tiers';

const selectClass = 'w-full rounded-lg border border-white/15 bg-night-950/60 px-3 py-2 text-white';

function TierForm({ row, coupons }: { row: TierBenefitView; coupons: { id: string; title: string }[] }) {
  const save = useSaveTierBenefit();
  const label = tierLabel(row.tier);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const coupon = String(data.get('monthlyCouponId') ?? '');
    save.mutate(
      {
        tier: row.tier,
        body: {
          benefit: String(data.get('benefit')),
          multiplier: String(data.get('multiplier')),
          monthlyCouponId: coupon || null,
        },
      },
      {
        onSuccess: () => toast({ title: `${label} benefits saved` }),
        onError: (failure) => toast({ title: `Could not save ${label}`, description: failure.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`${label} benefits`}
      className="grid gap-3 rounded-2xl border border-white/10 p-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
      key={JSON.stringify(row)}
    >
      <TextAreaField label={`${label}: benefits`} name="benefit" required maxLength={500} rows={3} defaultValue={row.benefit} />
      <TextField
        label="Multiplier"
        name="multiplier"
        required
        inputMode="decimal"
        hint="1.00 to 5.00"
        defaultValue={(row.multiplier / 100).toFixed(2)}
      />
      <label className="grid gap-1.5 text-sm font-medium text-white/90">
        Monthly coupon
        <select name="monthlyCouponId" defaultValue={row.monthlyCouponId ?? ''} className={selectClass}>
          <option value="">None</option>
          {coupons.map((coupon) => (
            <option key={coupon.id} value={coupon.id}>
              {coupon.title}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={save.isPending}>
        Save {label}
      </Button>
    </form>
  );
}

/**
 * Tier benefits (PRODUCT.md §2.5 Tiers, managers and admins): per tier, the text members read, the
 * earning multiplier on comments and visits, and the coupon its members are given each month.
 */
export function TierBenefitsCard() {
  const benefits = useTierBenefits();
  const coupons = (useCouponChoices().data ?? []).filter((coupon) => coupon.isActive);
  return (
    <Card title="Tier Benefits" description="What each tier gives: its text, earning multiplier and monthly coupon.">
      {benefits.data === undefined ? (
        <ListNote tone={benefits.isError ? 'error' : 'muted'}>
          {benefits.isError ? 'Failed to fetch the tier benefits' : 'Loading tier benefits...'}
        </ListNote>
      ) : (
        <div className="grid gap-4">
          {benefits.data.tiers.map((row) => (
            <TierForm key={row.tier} row={row} coupons={coupons} />
          ))}
        </div>
      )}
    </Card>
  );
}
