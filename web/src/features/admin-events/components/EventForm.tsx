import type { EventView, SaveEventRequest, VenueChoice } from '@nocturne/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useVenueChoices } from '@/lib/venue-choices';
import { useEventsVenue, useSaveEvent } from '../api/events';
import { optionalNumber, said, text } from './form-values';

/** The upload widget the page plugs in (features do not import each other). */
export interface PosterUploadSlot {
  onUploaded: (objectPath: string) => void;
  onRemoved: () => void;
}

/**
 * "Venue", in a group of several venues only: the account's own venues (PRODUCT.md §12), the
 * screen's venue chosen on a new event. An event at a venue the account does not work at shows
 * its venue, not changeable (the api refuses to change it in words).
 */
function VenueSelect({ venues, editing }: { venues: VenueChoice[]; editing: EventView | null }) {
  const screenVenue = useEventsVenue();
  const mine = venues.filter((venue) => venue.mine);
  // Another's venue, or an archived one (not among the choices): shown, not changeable here.
  const elsewhere =
    editing && !mine.some((venue) => venue.id === editing.venueId)
      ? { id: editing.venueId, name: venues.find((venue) => venue.id === editing.venueId)?.name ?? 'An archived venue' }
      : undefined;
  const chosen =
    editing?.venueId ??
    (mine.some((venue) => venue.id === screenVenue) ? screenVenue : mine.length === 1 ? mine[0]!.id : undefined);
  return (
    <SelectField
      label="Venue"
      name="venueId"
      required
      defaultValue={chosen === undefined ? '' : String(chosen)}
      key={chosen ?? 'none'}
    >
      {chosen === undefined ? (
        <option value="" disabled>
          Choose the venue
        </option>
      ) : null}
      {elsewhere ? (
        <option value={elsewhere.id} disabled>
          {elsewhere.name}
        </option>
      ) : null}
      {mine.map((venue) => (
        <option key={venue.id} value={venue.id}>
          {venue.name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A new event or an edit: line-up, door times, price, poster, the guest list's terms, and in a
 * group of several venues the venue it is at.
 */
export function EventForm({
  editing,
  onDone,
  posterUpload,
}: {
  editing: EventView | null;
  onDone: () => void;
  posterUpload?: (slot: PosterUploadSlot) => ReactNode;
}) {
  const save = useSaveEvent();
  const venues = useVenueChoices();
  const [posterPath, setPosterPath] = useState<string | null>(editing?.posterPath ?? null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const listCapacity = optionalNumber(text(data, 'listCapacity'));
    const venueId = text(data, 'venueId');
    const body: SaveEventRequest = {
      ...(venues.length > 0 && venueId !== '' ? { venueId: Number(venueId) } : {}),
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
      {venues.length > 0 ? <VenueSelect venues={venues} editing={editing} /> : null}
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
