import type { EventView, SaveEventRequest } from '@nocturne/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  useAddGuest,
  useAdminEvents,
  useAnnounceEvent,
  useCloseGuestList,
  useGuestList,
  useNoShowRule,
  useSaveEvent,
  useSaveNoShowRule,
} from '../api/events';

/** The upload widget the page plugs in (features do not import each other). */
export interface PosterUploadSlot {
  onUploaded: (objectPath: string) => void;
  onRemoved: () => void;
}

const said = (error: unknown) =>
  error instanceof ApiError
    ? [
        error.serverMessage,
        ...((error.body?.issues as { path: string; message: string }[] | undefined) ?? []).map((i) => `${i.path}: ${i.message}`),
      ]
        .filter(Boolean)
        .join(' · ') || error.message
    : 'Please try again.';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
const optionalNumber = (value: string) => (value === '' ? null : Number(value));

function EventForm({
  editing,
  onDone,
  posterUpload,
}: {
  editing: EventView | null;
  onDone: () => void;
  posterUpload?: (slot: PosterUploadSlot) => ReactNode;
}) {
  const save = useSaveEvent();
  const [posterPath, setPosterPath] = useState<string | null>(editing?.posterPath ?? null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const listCapacity = optionalNumber(text(data, 'listCapacity'));
    const body: SaveEventRequest = {
      title: text(data, 'title'),
      description: text(data, 'description'),
      lineUp: text(data, 'lineUp')
        .split('\n')
        .map((name) => name.trim())
        .filter(Boolean),
      night: text(data, 'night'),
      doorsOpen: text(data, 'doorsOpen'),
      lastEntry: text(data, 'lastEntry'),
      repeatsWeekly: data.get('repeatsWeekly') === 'on',
      repeatUntil: data.get('repeatsWeekly') === 'on' && text(data, 'repeatUntil') ? text(data, 'repeatUntil') : null,
      agePolicy: text(data, 'agePolicy') || '18+',
      priceCents: Math.round(Number(text(data, 'price') || '0') * 100),
      currency: text(data, 'currency').toUpperCase() || 'AUD',
      dressCode: text(data, 'dressCode'),
      capacity: optionalNumber(text(data, 'capacity')),
      posterPath,
      status: text(data, 'status') === 'published' ? 'published' : 'draft',
      guestList:
        listCapacity === null
          ? null
          : { capacity: listCapacity, freeUntil: text(data, 'freeUntil') || null, cutoff: text(data, 'cutoff') || null },
    };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ title: saved.status === 'published' ? `${saved.title} is on What's on` : `${saved.title} saved as a draft` });
          form.reset();
          onDone();
        },
        onError: (error) => toast({ title: 'Could not save the event', description: said(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.title}` : 'New event'}
      className="grid gap-3 sm:grid-cols-2"
      key={editing?.id ?? 'new'}
    >
      <TextField
        label="Title"
        name="title"
        required
        maxLength={120}
        defaultValue={editing?.title}
        placeholder="Deep House Fridays"
      />
      <TextField label="Night" name="night" type="date" required defaultValue={editing?.night} hint="The evening it begins" />
      <TextField label="Doors open" name="doorsOpen" type="time" required defaultValue={editing?.doorsOpen ?? '22:00'} />
      <TextField
        label="Last entry"
        name="lastEntry"
        type="time"
        required
        defaultValue={editing?.lastEntry ?? '03:00'}
        hint="Before 06:00 is the next morning"
      />
      <TextAreaField
        label="Line-up"
        name="lineUp"
        rows={3}
        defaultValue={editing?.lineUp.join('\n')}
        hint="One performer a line, headliner first"
      />
      <TextAreaField label="Description" name="description" rows={3} maxLength={5000} defaultValue={editing?.description} />
      <TextField
        label="Entry price"
        name="price"
        inputMode="decimal"
        defaultValue={editing ? (editing.priceCents / 100).toFixed(2) : '0'}
        hint="0 is free"
      />
      <TextField label="Currency" name="currency" maxLength={3} defaultValue={editing?.currency ?? 'AUD'} />
      <TextField label="Age policy" name="agePolicy" maxLength={80} defaultValue={editing?.agePolicy ?? '18+'} />
      <TextField label="Dress code" name="dressCode" maxLength={200} defaultValue={editing?.dressCode} />
      <TextField
        label="Capacity"
        name="capacity"
        type="number"
        min={1}
        defaultValue={editing?.capacity ?? ''}
        hint="People the night holds"
      />
      <SelectField label="Status" name="status" defaultValue={editing?.status ?? 'draft'}>
        <option value="draft">Draft</option>
        <option value="published">Published</option>
      </SelectField>
      <label className="flex min-h-11 items-center gap-2 text-white/85">
        <input type="checkbox" name="repeatsWeekly" defaultChecked={editing?.repeatsWeekly ?? false} /> Repeats weekly
      </label>
      <TextField
        label="Last weekly night"
        name="repeatUntil"
        type="date"
        defaultValue={editing?.repeatUntil ?? ''}
        hint="Empty: until changed"
      />
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="text-sm font-medium text-white/90">Guest list (no places: no list)</legend>
        <TextField label="Places" name="listCapacity" type="number" min={1} defaultValue={editing?.guestList?.capacity ?? ''} />
        <TextField label="Free entry until" name="freeUntil" type="time" defaultValue={editing?.guestList?.freeUntil ?? ''} />
        <TextField label="Sign-ups close" name="cutoff" type="time" defaultValue={editing?.guestList?.cutoff ?? ''} />
      </fieldset>
      {posterUpload ? (
        <div className="sm:col-span-2">
          <p className="text-sm font-medium text-white/90">Poster{posterPath ? ' (uploaded)' : ''}</p>
          {posterUpload({ onUploaded: setPosterPath, onRemoved: () => setPosterPath(null) })}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save Event' : 'Create Event'}
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

function GuestListPanel({ event, night }: { event: EventView; night: string }) {
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

function NoShowRuleForm() {
  const rule = useNoShowRule();
  const save = useSaveNoShowRule();
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
    <form onSubmit={submit} aria-label="No-show rule" className="grid gap-3 sm:grid-cols-4" key={JSON.stringify(current ?? null)}>
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

/**
 * Events (PRODUCT.md §Events): a manager creates a club night (line-up, door times, price,
 * poster, guest list), publishes it to What's on, announces it in the news, and runs each
 * night's guest list; and sets the no-show rule.
 */
export function EventsScreen({ posterUpload }: { posterUpload?: (slot: PosterUploadSlot) => ReactNode }) {
  const events = useAdminEvents();
  const announce = useAnnounceEvent();
  const [editing, setEditing] = useState<EventView | null>(null);
  const [open, setOpen] = useState<{ id: string; night: string } | null>(null);
  return (
    <div className="grid gap-6">
      <Card
        title={editing ? `Edit ${editing.title}` : 'New Event'}
        description="Times are the venue's: a last entry before 06:00 is the next morning."
      >
        <EventForm editing={editing} onDone={() => setEditing(null)} posterUpload={posterUpload} />
      </Card>
      <Card
        title="Events"
        action={
          <a className="text-sm text-gold underline" href="/whats-on">
            See What&apos;s on
          </a>
        }
      >
        {events.data === undefined ? (
          <ListNote tone={events.isError ? 'error' : 'muted'}>
            {events.isError ? 'Failed to fetch the events' : 'Loading events...'}
          </ListNote>
        ) : events.data.events.length === 0 ? (
          <ListNote>No events yet.</ListNote>
        ) : (
          <ul className="grid gap-3" aria-label="Events">
            {events.data.events.map((event) => (
              <li key={event.id} className="grid gap-2 rounded-2xl border border-white/10 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-white">{event.title}</span>
                  <Badge tone={event.status === 'published' ? 'green' : 'muted'}>
                    {event.status === 'published' ? 'Published' : 'Draft'}
                  </Badge>
                  {event.repeatsWeekly ? <Badge tone="neon">Weekly</Badge> : null}
                  {event.announcementPostId ? <Badge>Announced</Badge> : null}
                </div>
                <p className="text-sm text-white/75">
                  {event.night} · doors {event.doorsOpen} · last entry {event.lastEntry} · {event.priceText}
                  {event.lineUp.length > 0 ? ` · ${event.lineUp.join(', ')}` : ''}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setEditing(event)}>
                    Edit
                  </Button>
                  {event.status === 'published' && !event.announcementPostId ? (
                    <Button
                      variant="outline"
                      disabled={announce.isPending}
                      onClick={() =>
                        announce.mutate(event.id, {
                          onSuccess: () => toast({ title: `${event.title} announced in the news` }),
                          onError: (error) =>
                            toast({ title: 'Could not announce it', description: said(error), variant: 'destructive' }),
                        })
                      }
                    >
                      Announce
                    </Button>
                  ) : null}
                  {event.guestList
                    ? event.nextNights.map((night) => (
                        <Button
                          key={night}
                          variant="ghost"
                          onClick={() => setOpen(open?.id === event.id && open.night === night ? null : { id: event.id, night })}
                        >
                          List {night}
                        </Button>
                      ))
                    : null}
                </div>
                {open && open.id === event.id ? <GuestListPanel event={event} night={open.night} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="No-show Rule" description="Members who sign up and do not come can have their sign-ups paused for a while.">
        <NoShowRuleForm />
      </Card>
    </div>
  );
}
