import { type FormEvent, useState } from 'react';
import type { NamedDoor } from '@nocturne/contracts';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useNow } from '@/lib/use-now';
import { useCreateNamedDoor, useDoorLockouts, useLiftDoorLockout, useNamedDoors, useUpdateNamedDoor } from '../api/doors';
import { DoorConflicts } from './DoorConflicts';
import { DoorSettingsForm } from './DoorSettingsForm';

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The venue's doors (PRODUCT.md §2.12): the doors a manager names ("Main door", "VIP"), which door
 * phones pick on their first screen, the phones kept from typing codes after wrong ones, each
 * with Lift, tonight's conflicts from offline doors, and how old an offline door's data may get.
 */
export function DoorsCard() {
  return (
    <Card title="Doors" description="Name the doors door phones pick from; let a phone type codes again.">
      <div className="grid gap-6">
        <NamedDoors />
        <WaitingPhones />
        <DoorConflicts />
        <DoorSettingsForm />
      </div>
    </Card>
  );
}

function NamedDoors() {
  const doors = useNamedDoors();
  const create = useCreateNamedDoor();
  const several = new Set((doors.data?.doors ?? []).map((door) => door.venueId)).size > 1;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) return;
    create.mutate(
      { name },
      {
        onSuccess: (door) => {
          toast({ title: `${door.name} added` });
          form.reset();
        },
        onError: (failure) => toast({ title: 'Could not add the door', description: failure.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <section aria-label="Named doors" className="grid gap-3">
      <h3 className="font-semibold">Named doors</h3>
      {doors.data && doors.data.doors.length === 0 ? (
        <ListNote>No doors named: door mode asks nothing and the scan log names no door.</ListNote>
      ) : null}
      <ul className="grid gap-2">
        {(doors.data?.doors ?? []).map((door) => (
          <DoorRow key={door.id} door={door} showVenue={several} />
        ))}
      </ul>
      <form onSubmit={submit} aria-label="Name a door" className="flex flex-wrap items-end gap-2">
        <TextField label="New door" name="name" required maxLength={40} placeholder="VIP" />
        <Button type="submit" disabled={create.isPending}>
          Add door
        </Button>
      </form>
    </section>
  );
}

function DoorRow({ door, showVenue }: { door: NamedDoor; showVenue: boolean }) {
  const update = useUpdateNamedDoor();
  const [renaming, setRenaming] = useState(false);
  const save = (body: { name?: string; archived?: boolean }, done: string) =>
    update.mutate(
      { id: door.id, body },
      {
        onSuccess: () => {
          toast({ title: done });
          setRenaming(false);
        },
        onError: (failure) => toast({ title: 'Could not change the door', description: failure.message, variant: 'destructive' }),
      },
    );
  if (renaming) {
    return (
      <li>
        <form
          aria-label={`Rename ${door.name}`}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
            if (name) save({ name }, `Renamed to ${name}`);
          }}
        >
          <TextField label="Name" name="name" required maxLength={40} defaultValue={door.name} />
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-night-900 px-3 py-2">
      <span>
        {door.name}
        {showVenue ? <span className="text-white/60"> · {door.venueName}</span> : null}{' '}
        {door.archived ? <Badge>Archived</Badge> : null}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" onClick={() => setRenaming(true)} aria-label={`Rename ${door.name}`}>
          Rename
        </Button>
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() => save({ archived: !door.archived }, door.archived ? `${door.name} is back` : `${door.name} archived`)}
          aria-label={`${door.archived ? 'Bring back' : 'Archive'} ${door.name}`}
        >
          {door.archived ? 'Bring back' : 'Archive'}
        </Button>
      </span>
    </li>
  );
}

function WaitingPhones() {
  const lockouts = useDoorLockouts();
  const lift = useLiftDoorLockout();
  const now = useNow(1000);
  const waiting = (lockouts.data?.lockouts ?? []).filter((lockout) => Date.parse(lockout.until) > now);
  return (
    <section aria-label="Phones waiting to type" className="grid gap-3">
      <h3 className="font-semibold">Phones waiting to type</h3>
      {lockouts.data && waiting.length === 0 ? <ListNote>No phone is waiting: every door can type codes.</ListNote> : null}
      <ul className="grid gap-2">
        {waiting.map((lockout) => {
          const where = lockout.scope === 'account' ? 'every phone' : `phone ${lockout.device?.slice(0, 8) ?? '(no id)'}`;
          const label = `${lockout.staff.name}: ${where}${lockout.door ? ` at ${lockout.door}` : ''}`;
          return (
            <li key={lockout.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-night-900 px-3 py-2">
              <span>
                {label}{' '}
                <span className="text-amber-200">
                  typing again in {mmss(Math.ceil((Date.parse(lockout.until) - now) / 1000))}
                </span>
              </span>
              <Button
                variant="outline"
                disabled={lift.isPending}
                aria-label={`Lift ${label}`}
                onClick={() =>
                  lift.mutate(lockout.id, {
                    onSuccess: (answer) => toast({ title: answer.message }),
                    onError: (failure) =>
                      toast({ title: 'Could not lift it', description: failure.message, variant: 'destructive' }),
                  })
                }
              >
                Lift
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
