import { type FormEvent, useState } from 'react';
import type { PromotionView } from '@nocturne/contracts';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { formatVenueDate } from '@/lib/venue-time';
import { checkedVenueIds, VenueCheckboxes } from '@/components/venue-checkboxes';
import { useVenueChoices } from '@/lib/venue-choices';
import { useDeletePromotion, usePromotions, useSavePromotion } from '../api/tiers';

/** Weekdays as the api numbers them (0 = Sunday), listed from Monday. */
const WEEKDAYS = [
  { day: 1, label: 'Mon' },
  { day: 2, label: 'Tue' },
  { day: 3, label: 'Wed' },
  { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' },
  { day: 6, label: 'Sat' },
  { day: 0, label: 'Sun' },
];

/** "Tue 1 Dec to Thu 31 Dec, Thu only": the nights in the app's date words. */
const nightsWords = (promotion: PromotionView) => {
  const range =
    promotion.startsOn === promotion.endsOn
      ? formatVenueDate(promotion.startsOn)
      : `${formatVenueDate(promotion.startsOn)} to ${formatVenueDate(promotion.endsOn)}`;
  if (!promotion.weekdays) return range;
  const days = WEEKDAYS.filter((weekday) => promotion.weekdays!.includes(weekday.day)).map((weekday) => weekday.label);
  return `${range}, ${days.join(', ')} only`;
};

function PromotionForm({ editing, onDone }: { editing: PromotionView | null; onDone: () => void }) {
  const save = useSavePromotion();
  // A group of several venues: a promotion may multiply visits at chosen venues only.
  const venues = useVenueChoices();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const weekdays = data.getAll('weekdays').map(Number);
    const venueIds = checkedVenueIds(data, venues);
    save.mutate(
      {
        id: editing?.id ?? null,
        body: {
          name: String(data.get('name')),
          multiplier: String(data.get('multiplier')),
          startsOn: String(data.get('startsOn')),
          endsOn: String(data.get('endsOn')),
          weekdays: weekdays.length > 0 ? weekdays : null,
          ...(venueIds === undefined ? {} : { venueIds }),
        },
      },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Promotion saved' : 'Promotion scheduled' });
          // The next promotion starts from a blank form, not the weekdays and dates of this one.
          form.reset();
          onDone();
        },
        onError: (failure) =>
          toast({ title: 'Could not save the promotion', description: failure.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.name}` : 'New promotion'}
      className="grid gap-3 sm:grid-cols-2"
      key={editing?.id ?? 'new'}
    >
      <TextField label="Name" name="name" required maxLength={80} placeholder="Double points" defaultValue={editing?.name} />
      <TextField
        label="Multiplier"
        name="multiplier"
        required
        inputMode="decimal"
        hint="1.00 to 5.00"
        defaultValue={editing ? (editing.multiplier / 100).toFixed(2) : '2'}
      />
      <TextField label="First night" name="startsOn" type="date" required defaultValue={editing?.startsOn} />
      <TextField label="Last night" name="endsOn" type="date" required defaultValue={editing?.endsOn} />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-white/90">Only on (none ticked: every night)</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {WEEKDAYS.map((weekday) => (
            <label key={weekday.day} className="flex min-h-11 items-center gap-2 text-white/85">
              <input
                type="checkbox"
                name="weekdays"
                value={weekday.day}
                defaultChecked={editing?.weekdays?.includes(weekday.day) ?? false}
              />
              {weekday.label}
            </label>
          ))}
        </div>
      </fieldset>
      {venues.length > 0 ? (
        <div className="sm:col-span-2">
          <VenueCheckboxes venues={venues} chosen={editing?.venueIds} legend="Visits at" noneMeans="Every venue" />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save Promotion' : 'Schedule Promotion'}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Earning promotions (PRODUCT.md §2.5 Tiers): a manager schedules a multiplier for club nights of a date
 * range, or some weekdays of it; the highest running one applies. One that paid can be ended (its
 * last night changed) but not deleted.
 */
export function PromotionsCard() {
  const promotions = usePromotions();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<PromotionView | null>(null);
  const onDelete = (promotion: PromotionView) =>
    remove.mutate(promotion.id, {
      onSuccess: () => toast({ title: 'Promotion deleted' }),
      onError: (failure) =>
        toast({ title: 'Could not delete the promotion', description: failure.message, variant: 'destructive' }),
    });
  return (
    <Card title="Promotions" description="Earning multipliers for club nights, e.g. double points on Thursdays in December.">
      <div className="grid gap-6">
        <PromotionForm editing={editing} onDone={() => setEditing(null)} />
        {promotions.data === undefined ? (
          <ListNote tone={promotions.isError ? 'error' : 'muted'}>
            {promotions.isError ? 'Failed to fetch the promotions' : 'Loading promotions...'}
          </ListNote>
        ) : promotions.data.promotions.length === 0 ? (
          <ListNote>No promotions yet.</ListNote>
        ) : (
          <ul className="grid gap-3" aria-label="Promotions">
            {promotions.data.promotions.map((promotion) => (
              <li key={promotion.id} className="grid gap-2 rounded-2xl border border-white/10 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-white">{promotion.name}</span>
                  <span className="text-gold-light">{promotion.multiplierText}</span>
                  {promotion.appliesTonight ? <Badge>Tonight</Badge> : null}
                </div>
                <p className="text-sm text-white/75">{nightsWords(promotion)}</p>
                <div className="flex flex-wrap gap-3">
                  <Button variant="outline" onClick={() => setEditing(promotion)} aria-label={`Edit ${promotion.name}`}>
                    Edit
                  </Button>
                  {promotion.hasPaid ? null : (
                    <Button
                      variant="ghost"
                      onClick={() => onDelete(promotion)}
                      disabled={remove.isPending}
                      aria-label={`Delete ${promotion.name}`}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
