import { ADJUSTMENT_REASON_MAX, POINTS_ADJUSTMENT_MAX } from '@nocturne/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useAdjustPoints } from '../api/admin-member';

type Direction = 'add' | 'take';
type TierChoice = 'tier' | 'balance';

/**
 * Adds or takes points with a reason the member reads in their history. The balance after the
 * change is shown as it is typed; taking more than the balance is refused here as it is by the api.
 * Added points count toward the tier only if the adjuster says so: the choice has no default.
 */
export function AdjustPointsDialog({
  member,
  open,
  onOpenChange,
}: {
  member: { id: string; firstName: string; currentPoints: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const adjust = useAdjustPoints(member.id);
  const [direction, setDirection] = useState<Direction>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tierChoice, setTierChoice] = useState<TierChoice | null>(null);
  const points = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : 0;
  const change = direction === 'add' ? points : -points;
  const after = member.currentPoints + change;
  const problem =
    amount.trim() === ''
      ? null
      : points < 1 || points > POINTS_ADJUSTMENT_MAX
        ? `Enter a whole number from 1 to ${POINTS_ADJUSTMENT_MAX}.`
        : after < 0
          ? `${member.firstName}'s balance is ${countOf(member.currentPoints, 'point')}: a balance never goes below zero.`
          : null;
  const ready =
    points >= 1 && problem === null && reason.trim() !== '' && (direction === 'take' || tierChoice !== null) && !adjust.isPending;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setAmount('');
      setReason('');
      setDirection('add');
      setTierChoice(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    adjust.mutate(
      { points: change, reason: reason.trim(), countsTowardTier: direction === 'add' && tierChoice === 'tier' },
      {
        onSuccess: (answer) => {
          toast({ title: 'Points adjusted', description: answer.message });
          close(false);
        },
        onError: (error) => toastError(reasonOr(error, 'Failed to adjust points.')),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Adjust points"
      description={`${member.firstName} has ${countOf(member.currentPoints, 'point')}. The reason appears in their points history.`}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm font-medium text-white/90">Change</legend>
          {(['add', 'take'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
                className="h-4 w-4 accent-gold"
              />
              {value === 'add' ? 'Add points' : 'Take points'}
            </label>
          ))}
        </fieldset>
        {direction === 'add' && (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-sm font-medium text-white/90">Tier (required)</legend>
            {(
              [
                ['tier', 'Counts toward the tier'],
                ['balance', 'Balance only'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="tier-choice"
                  value={value}
                  checked={tierChoice === value}
                  onChange={() => setTierChoice(value)}
                  className="h-4 w-4 accent-gold"
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        <TextField
          label="Points"
          inputMode="numeric"
          requiredMark
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby="adjust-points-after"
        />
        <TextAreaField
          label="Reason"
          requiredMark
          rows={2}
          maxLength={ADJUSTMENT_REASON_MAX}
          placeholder="e.g. Birthday bonus, or a reward given twice"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id="adjust-points-after" role={problem ? 'alert' : undefined} className={problem ? 'text-sm text-red-200' : 'text-sm'}>
          {problem ?? `Balance after: ${countOf(after, 'point')}`}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {adjust.isPending
              ? 'Saving...'
              : points >= 1
                ? `${direction === 'add' ? 'Add' : 'Take'} ${countOf(points, 'point')}`
                : 'Adjust points'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
