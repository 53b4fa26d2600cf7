import { useState, type FormEvent } from 'react';
import type { AdminCoupon, CouponType } from '@nocturne/contracts';
import { couponTypeLabel } from '@nocturne/domain';
import { COUPON_TYPES, TIERS } from '@nocturne/contracts/constants';
import { Button } from '@/components/ui/button';
import { ListNote } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { capitalise } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useVenueInfo, useVenueTimeZone } from '@/lib/venue-time';
import { checkedVenueIds, VenueCheckboxes } from '@/components/venue-checkboxes';
import { useVenueChoices } from '@/lib/venue-choices';
import { useCreateCoupon, useUpdateCoupon } from '../api/admin-coupons';
import {
  couponFormValuesOf,
  EMPTY_COUPON_FORM,
  toCreateCouponPayload,
  toUpdateCouponPayload,
  type CouponFormValues,
} from '../api/coupon-form';

const valueHint: Record<CouponType, string> = {
  percentage: 'Percent off (1 to 100)',
  fixed_amount: 'Dollars off',
  free_drink: 'Optional',
  vip_upgrade: 'Optional',
};

const ZONE_FAILED = "Could not load the venue's time zone. Please close the form and try again.";

/**
 * The Create Coupon form (PRODUCT.md §2.6); creating closes it and refreshes the list. Given a coupon,
 * the same form edits it: prefilled, it sends only what changed and closes once saved. "Valid
 * until" is a club night on the venue's calendar (the api's VENUE_TZ): editing waits for the zone
 * to prefill it, and neither form sends before the api has said which zone that is.
 */
export function CouponForm({ onClose, coupon }: { onClose: () => void; coupon?: AdminCoupon }) {
  const venue = useVenueInfo();
  const timeZone = useVenueTimeZone();
  if (coupon && !timeZone) {
    return venue.isPending ? <ListNote>Loading coupon...</ListNote> : <ListNote tone="error">{ZONE_FAILED}</ListNote>;
  }
  return <CouponFields onClose={onClose} coupon={coupon} timeZone={timeZone} zoneFailed={venue.isError} />;
}

interface CouponFieldsProps {
  onClose: () => void;
  coupon?: AdminCoupon;
  /** The venue's time zone; always given when editing, undefined while the create form waits for it. */
  timeZone: string | undefined;
  zoneFailed: boolean;
}

function CouponFields({ onClose, coupon, timeZone, zoneFailed }: CouponFieldsProps) {
  const [initial] = useState<CouponFormValues>(() =>
    coupon && timeZone ? couponFormValuesOf(coupon, timeZone) : EMPTY_COUPON_FORM,
  );
  const [values, setValues] = useState<CouponFormValues>(initial);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  // A group of several venues: the coupon may be for chosen venues only (none ticked: every venue).
  const venues = useVenueChoices();
  const pending = create.isPending || update.isPending;
  // Without the venue's zone a "valid until" date has no instant yet: nothing is sent in a guessed one.
  const waitingForZone = !timeZone;
  const set = (field: keyof CouponFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!timeZone) return;
    const venueIds = checkedVenueIds(new FormData(event.currentTarget), venues);
    if (coupon) {
      const before = coupon.venueIds ?? [];
      const venuesChanged = venueIds !== undefined && venueIds.join() !== before.join();
      const change = { ...toUpdateCouponPayload(initial, values, timeZone), ...(venuesChanged ? { venueIds } : {}) };
      if (Object.keys(change).length === 0) return onClose();
      update.mutate(
        { couponId: coupon.id, change },
        {
          onSuccess: () => {
            toast({ title: 'Coupon updated successfully!' });
            onClose();
          },
          onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Failed to update coupon'),
        },
      );
      return;
    }
    create.mutate(
      { ...toCreateCouponPayload(values, timeZone), ...(venueIds?.length ? { venueIds } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Coupon created successfully!' });
          onClose();
        },
        onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Failed to create coupon'),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={coupon ? 'Edit coupon' : 'Create coupon'}
      className={`grid gap-4 sm:grid-cols-2 ${coupon ? '' : 'rounded-xl border border-gold/30 bg-night-950/60 p-4'}`}
    >
      <TextField
        label="Coupon Code"
        name="code"
        required
        value={values.code}
        onChange={set('code')}
        maxLength={40}
        autoComplete="off"
      />
      <TextField label="Title" name="title" required value={values.title} onChange={set('title')} maxLength={120} />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          required
          value={values.description}
          onChange={set('description')}
          maxLength={1000}
        />
      </div>
      <SelectField label="Type" name="type" value={values.type} onChange={set('type')}>
        {COUPON_TYPES.map((type) => (
          <option key={type} value={type}>
            {couponTypeLabel(type)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Value"
        name="value"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        hint={valueHint[values.type]}
        value={values.value}
        onChange={set('value')}
      />
      <TextField
        label="Points Cost"
        name="pointsCost"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={values.pointsCost}
        onChange={set('pointsCost')}
      />
      <SelectField label="Required Tier" name="requiredTier" value={values.requiredTier} onChange={set('requiredTier')}>
        {TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {capitalise(tier)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Max Uses"
        name="maxUses"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        placeholder="Unlimited"
        value={values.maxUses}
        onChange={set('maxUses')}
      />
      <TextField
        label="Valid Until"
        name="validUntil"
        type="date"
        hint="Valid through that club night (until 06:00 the next morning)"
        value={values.validUntil}
        onChange={set('validUntil')}
      />
      {coupon ? (
        <TextField
          label="Per-Member Limit"
          name="perMemberLimit"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint="How many times one member may claim it"
          value={values.perMemberLimit}
          onChange={set('perMemberLimit')}
        />
      ) : null}
      {zoneFailed && waitingForZone ? (
        <p role="alert" className="text-sm text-red-300 sm:col-span-2">
          {ZONE_FAILED}
        </p>
      ) : null}
      {venues.length > 0 ? (
        <div className="sm:col-span-2">
          <VenueCheckboxes venues={venues} chosen={coupon?.venueIds} noneMeans="Every venue" />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={pending || waitingForZone}>
          {coupon ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Coupon'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
