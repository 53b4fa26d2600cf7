import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useNoShowRule, useRuleVenue, useSaveNoShowRule } from '../api/events';
import { optionalNumber, said, text } from './form-values';

/**
 * The no-show rule of the screen's venue (PRODUCT.md §12): in a group, the switcher's venue (the
 * account's first when all are chosen), named above the form; a group of one venue names none.
 */
export function NoShowRuleForm() {
  const venue = useRuleVenue();
  const rule = useNoShowRule(venue?.id);
  const save = useSaveNoShowRule(venue?.id);
  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const values = new FormData(submitted.currentTarget);
    const noShows = optionalNumber(text(values, 'noShows'));
    save.mutate(
      {
        rule:
          noShows === null
            ? null
            : {
                noShows,
                withinDays: Number(text(values, 'withinDays') || '30'),
                pauseDays: Number(text(values, 'pauseDays') || '14'),
              },
      },
      {
        onSuccess: (view) => toast({ title: view.words ?? 'No-show rule removed' }),
        onError: (error) => toast({ title: 'Could not save the rule', description: said(error), variant: 'destructive' }),
      },
    );
  };
  const current = rule.data?.rule;
  return (
    <form
      onSubmit={submit}
      aria-label={venue ? `No-show rule at ${venue.name}` : 'No-show rule'}
      className="grid gap-3 sm:grid-cols-4"
      key={JSON.stringify([venue?.id ?? null, current ?? null])}
    >
      {venue ? (
        <p className="text-sm text-white/85 sm:col-span-4" data-testid="no-show-rule-venue">
          For {venue.name}: members signing up at other venues read those venues' own rules.
        </p>
      ) : null}
      <TextField
        label="No-shows"
        name="noShows"
        type="number"
        min={1}
        max={10}
        defaultValue={current?.noShows ?? ''}
        hint="Empty: no rule"
      />
      <TextField label="Within days" name="withinDays" type="number" min={1} max={365} defaultValue={current?.withinDays ?? 30} />
      <TextField
        label="Pause for days"
        name="pauseDays"
        type="number"
        min={1}
        max={365}
        defaultValue={current?.pauseDays ?? 14}
      />
      <div className="flex items-end">
        <Button type="submit" disabled={save.isPending}>
          Save Rule
        </Button>
      </div>
      {rule.data?.words ? <p className="text-sm text-white/75 sm:col-span-4">Members read: {rule.data.words}</p> : null}
    </form>
  );
}
