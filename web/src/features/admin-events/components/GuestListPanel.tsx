import type { EventView } from '@nocturne/contracts';
import type { FormEvent } from 'react';
import { ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useAddGuest, useCloseGuestList, useGuestList } from '../api/events';
import { said, text } from './form-values';

/** One night's guest list as staff run it: who is on it, adding a guest, closing it. */
export function GuestListPanel({ event, night }: { event: EventView; night: string }) {
  const list = useGuestList(event.id, night);
  const add = useAddGuest(event.id, night);
  const close = useCloseGuestList(event.id, night);
  const data = list.data;
  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const form = submitted.currentTarget;
    const values = new FormData(form);
    add.mutate(
      { name: text(values, 'name'), email: text(values, 'email'), plusOnes: Number(text(values, 'plusOnes') || '0') },
      {
        onSuccess: () => {
          toast({ title: 'Added to the list' });
          form.reset();
        },
        onError: (error) => toast({ title: 'Could not add the guest', description: said(error), variant: 'destructive' }),
      },
    );
  };
  if (!data)
    return (
      <ListNote tone={list.isError ? 'error' : 'muted'}>
        {list.isError ? 'Failed to fetch the list' : 'Loading the list...'}
      </ListNote>
    );
  return (
    <div className="grid gap-3 rounded-xl border border-white/10 p-3">
      <p className="font-semibold text-white" data-testid="guest-list-counts">
        {data.counts.summary} · {data.counts.places} of {data.counts.capacity} places {data.closed ? '· Closed' : ''}
      </p>
      {data.entries.length === 0 ? (
        <ListNote>Nobody on this list yet.</ListNote>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={`Guest list for ${night}`}>
          {data.entries.map((entry) => (
            <li key={entry.id}>
              {entry.name}
              {entry.plusOnes > 0 ? ` +${entry.plusOnes}` : ''} {entry.member ? `(${entry.tier})` : `(${entry.email})`}
              {entry.arrivedCount !== null ? ` · ${entry.arrivedCount} in` : ''}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Add a guest" className="grid gap-2 sm:grid-cols-4">
        <TextField label="Name" name="name" required maxLength={80} />
        <TextField label="E-mail" name="email" type="email" required />
        <TextField label="Plus-ones" name="plusOnes" type="number" min={0} max={10} defaultValue="0" />
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            Add Guest
          </Button>
        </div>
      </form>
      {!data.closed ? (
        <div>
          <Button
            variant="outline"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(undefined, {
                onSuccess: () => toast({ title: 'Guest list closed' }),
                onError: (error) =>
                  toast({ title: 'Could not close the list', description: said(error), variant: 'destructive' }),
              })
            }
          >
            Close the List
          </Button>
        </div>
      ) : null}
    </div>
  );
}
