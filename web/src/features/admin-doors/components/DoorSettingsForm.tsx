import { type FormEvent, useState } from 'react';
import { DOOR_DATA_STALE_MINUTES_DEFAULT, DOOR_DATA_STALE_MINUTES_MAX } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDoorSettings, useUpdateDoorSettings } from '../api/doors';

/** What is wrong with the minutes typed, in words; null when they will do. */
function staleMinutesProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Say how many minutes';
  if (!/^\d+$/.test(value)) return 'Minutes must be a whole number, like 30';
  const minutes = Number(value);
  if (minutes < 1) return 'Minutes must be at least 1';
  if (minutes > DOOR_DATA_STALE_MINUTES_MAX)
    return `Minutes must be at most ${DOOR_DATA_STALE_MINUTES_MAX} (${DOOR_DATA_STALE_MINUTES_MAX / 60} hours)`;
  return null;
}

/**
 * The manager's limit on how old an offline door's data may get: past it, every verdict decided
 * without the network says "Door data from 23:38 (42 min old)". Doors read it at their next poll.
 */
export function DoorSettingsForm() {
  const settings = useDoorSettings();
  const update = useUpdateDoorSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const current = settings.data?.staleAfterMinutes ?? DOOR_DATA_STALE_MINUTES_DEFAULT;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('staleAfterMinutes') ?? '');
    const wrong = staleMinutesProblem(text);
    setProblem(wrong);
    if (wrong) return;
    update.mutate(
      { staleAfterMinutes: Number(text.trim()) },
      {
        onSuccess: (saved) => toast({ title: `Door data counts as old after ${saved.staleAfterMinutes} minutes` }),
        onError: (failure) =>
          setProblem(failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : 'Could not save: try again'),
      },
    );
  };
  return (
    <section aria-label="Offline door data" className="grid gap-3">
      <h3 className="font-semibold">Offline door data</h3>
      {settings.data ? (
        <form onSubmit={submit} aria-label="Door data age" className="flex flex-wrap items-end gap-2" noValidate>
          <TextField
            key={current}
            label="Old after (minutes)"
            name="staleAfterMinutes"
            inputMode="numeric"
            defaultValue={String(current)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'door-stale-problem' : undefined}
            hint={`A door without network decides from the data it last fetched; past this age every verdict says how old it is. Default ${DOOR_DATA_STALE_MINUTES_DEFAULT}.`}
          />
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </form>
      ) : null}
      {problem ? (
        <p id="door-stale-problem" role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
