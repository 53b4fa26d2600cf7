import { type FormEvent, useState } from 'react';
import type { AdminVenueView, UpdateVenueRequest } from '@nocturne/contracts';
import { VENUE_KINDS } from '@nocturne/contracts/constants';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminVenues, useArchiveVenue, useCreateVenue, useUpdateVenue, type VenueForm } from '../api/venues';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const KIND_LABELS: Record<(typeof VENUE_KINDS)[number], string> = { NightClub: 'Night club', BarOrPub: 'Bar' };
const OPENING_HOURS = Array.from({ length: 12 }, (_, index) => index + 12);
const CLOSING_HOURS = [...Array.from({ length: 12 }, (_, index) => index + 12), 0, 1, 2, 3, 4, 5];
const BOOKING_HOURS = [18, 19, 20, 21, 22, 23, 0, 1, 2];
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The form's state: text as typed; the zone, inbox, hours and location blank mean the install's. */
interface Draft {
  name: string;
  slug: string;
  kind: (typeof VENUE_KINDS)[number];
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  inboxEmail: string;
  timeZone: string;
  ownHours: boolean;
  opensAtHour: number[];
  closesAtHour: number;
  lastBookingHour: number;
  latitude: string;
  longitude: string;
}

function draftOf(venue?: AdminVenueView): Draft {
  const hours = venue?.openingHours ?? venue?.effective.openingHours;
  return {
    name: venue?.name ?? '',
    slug: venue?.slug ?? '',
    kind: venue?.kind ?? 'NightClub',
    street: venue?.address.street ?? '',
    locality: venue?.address.locality ?? '',
    region: venue?.address.region ?? '',
    postalCode: venue?.address.postalCode ?? '',
    country: venue?.address.country ?? '',
    phone: venue?.phone ?? '',
    inboxEmail: venue?.inboxEmail ?? '',
    timeZone: venue?.timeZone ?? '',
    ownHours: Boolean(venue?.openingHours) || !venue,
    opensAtHour: hours ? [...hours.opensAtHour] : [20, 20, 20, 20, 19, 19, 19],
    closesAtHour: hours?.closesAtHour ?? 4,
    lastBookingHour: hours?.lastBookingHour ?? 2,
    latitude: venue?.location ? String(venue.location.latitude) : '',
    longitude: venue?.location ? String(venue.location.longitude) : '',
  };
}

/** What the api is sent: blank optional settings as null (the install's), coordinates as numbers. */
function requestOf(draft: Draft): VenueForm {
  const located = draft.latitude.trim() !== '' || draft.longitude.trim() !== '';
  return {
    name: draft.name,
    slug: draft.slug.trim(),
    kind: draft.kind,
    address: {
      street: draft.street,
      locality: draft.locality,
      region: draft.region,
      postalCode: draft.postalCode,
      country: draft.country,
    },
    phone: draft.phone,
    inboxEmail: draft.inboxEmail.trim() || null,
    timeZone: draft.timeZone.trim() || null,
    openingHours: draft.ownHours
      ? { opensAtHour: draft.opensAtHour, closesAtHour: draft.closesAtHour, lastBookingHour: draft.lastBookingHour }
      : null,
    location: located ? { latitude: Number(draft.latitude), longitude: Number(draft.longitude) } : null,
  };
}

/** The field names the api's issues use, in the words the form labels them. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  kind: 'Kind',
  phone: 'Phone',
  inboxEmail: 'Inbox e-mail',
  timeZone: 'Time zone',
  'location.latitude': 'Latitude',
  'location.longitude': 'Longitude',
  'openingHours.closesAtHour': 'Closing hour',
  'openingHours.lastBookingHour': 'Last booking',
};
function issueLabel(path: string): string {
  const weekday = /^openingHours\.opensAtHour\.(\d)$/.exec(path);
  if (weekday) return `${WEEKDAYS[Number(weekday[1])]} opens`;
  if (path.startsWith('address.'))
    return path
      .slice('address.'.length)
      .replace(/([A-Z])/g, ' $1')
      .replace(/^./, (c) => c.toUpperCase());
  return FIELD_LABELS[path] ?? path;
}

function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ['Something went wrong. Please try again.'];
  const issues = error.body?.issues ?? [];
  if (issues.length) return issues.map((issue) => `${issueLabel(issue.path)} ${issue.message}`);
  return [error.serverMessage ?? error.message];
}

function VenueEditor({
  venue,
  onDone,
}: {
  venue?: AdminVenueView;
  /** After a save (and on Cancel when editing). */
  onDone?: () => void;
}) {
  const create = useCreateVenue();
  const update = useUpdateVenue();
  const [draft, setDraft] = useState<Draft>(() => draftOf(venue));
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const pending = create.isPending || update.isPending;
  const fallback = venue?.effective;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    const body = requestOf(draft);
    const done = {
      onSuccess: (saved: AdminVenueView) => {
        toast({ title: venue ? `${saved.name} saved` : `${saved.name} added` });
        if (!venue) setDraft(draftOf());
        onDone?.();
      },
      onError: (error: unknown) => setProblems(problemsOf(error)),
    };
    if (venue) update.mutate({ id: venue.id, body: body as UpdateVenueRequest }, done);
    else create.mutate(body, done);
  };

  const prefix = venue ? `venue-${venue.id}` : 'new-venue';
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={venue ? `Edit ${venue.name}` : 'New venue'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={80} />
        <TextField
          label="Slug"
          required
          value={draft.slug}
          onChange={(e) => set('slug', e.target.value)}
          maxLength={40}
          hint={`Its page on the public site: /venues/${draft.slug || 'the-velvet-room'}`}
        />
        <SelectField label="Kind" value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
          {VENUE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label="Phone" type="tel" value={draft.phone} onChange={(e) => set('phone', e.target.value)} maxLength={40} />
        <TextField label="Street" value={draft.street} onChange={(e) => set('street', e.target.value)} maxLength={120} />
        <TextField
          label="Suburb or city"
          value={draft.locality}
          onChange={(e) => set('locality', e.target.value)}
          maxLength={80}
        />
        <TextField label="State or region" value={draft.region} onChange={(e) => set('region', e.target.value)} maxLength={80} />
        <TextField label="Postcode" value={draft.postalCode} onChange={(e) => set('postalCode', e.target.value)} maxLength={20} />
        <TextField label="Country" value={draft.country} onChange={(e) => set('country', e.target.value)} maxLength={60} />
        <TextField
          label="Inbox e-mail"
          type="email"
          value={draft.inboxEmail}
          onChange={(e) => set('inboxEmail', e.target.value)}
          hint={`Booking requests and messages go here. Blank: ${fallback && !venue?.inboxEmail ? fallback.inboxEmail : "the install's inbox"}.`}
        />
        <TextField
          label="Time zone"
          value={draft.timeZone}
          onChange={(e) => set('timeZone', e.target.value)}
          placeholder="Europe/London"
          hint={`An IANA zone; its club nights and bookings are in it. Blank: ${fallback && !venue?.timeZone ? fallback.timeZone : "the install's zone"}.`}
        />
        <TextField
          label="Latitude"
          inputMode="decimal"
          value={draft.latitude}
          onChange={(e) => set('latitude', e.target.value)}
          hint="For the map link and the Wallet pass; blank: none."
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          value={draft.longitude}
          onChange={(e) => set('longitude', e.target.value)}
        />
      </div>

      <fieldset className="grid gap-3 rounded-lg border border-white/10 p-3">
        <legend className="px-1 text-sm font-medium text-white/90">Opening hours</legend>
        <label className="flex items-center gap-2 text-sm text-white/85">
          <input type="checkbox" checked={draft.ownHours} onChange={(e) => set('ownHours', e.target.checked)} />
          Its own opening hours (unticked: the standard hours)
        </label>
        {draft.ownHours ? (
          <>
            <div className="grid gap-3 sm:grid-cols-4">
              {WEEKDAYS.map((weekday, index) => (
                <SelectField
                  key={weekday}
                  id={`${prefix}-opens-${index}`}
                  label={`${weekday} opens`}
                  value={draft.opensAtHour[index]}
                  onChange={(e) =>
                    set(
                      'opensAtHour',
                      draft.opensAtHour.map((hour, day) => (day === index ? Number(e.target.value) : hour)),
                    )
                  }
                >
                  {OPENING_HOURS.map((hour) => (
                    <option key={hour} value={hour}>
                      {clock(hour)}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Closing hour"
                value={draft.closesAtHour}
                onChange={(e) => set('closesAtHour', Number(e.target.value))}
                hint="Every night; before 06:00 means the next morning."
              >
                {CLOSING_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {clock(hour)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Last booking"
                value={draft.lastBookingHour}
                onChange={(e) => set('lastBookingHour', Number(e.target.value))}
                hint="The latest time the booking form offers."
              >
                {BOOKING_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {clock(hour)}
                  </option>
                ))}
              </SelectField>
            </div>
          </>
        ) : null}
      </fieldset>

      {problems.length ? (
        <ul role="alert" className="grid gap-1 text-sm text-neon-light">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : venue ? 'Save Venue' : 'Add Venue'}
        </Button>
        {venue && onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function hoursSummary(venue: AdminVenueView): string {
  const hours = venue.effective.openingHours;
  const opens = [...new Set(hours.opensAtHour)];
  const from = opens.length === 1 ? `from ${clock(opens[0]!)}` : `from ${clock(Math.min(...opens))}–${clock(Math.max(...opens))}`;
  return `${from} to ${clock(hours.closesAtHour)}${venue.openingHours ? '' : ' (standard hours)'}`;
}

function VenueItem({ venue, openCount }: { venue: AdminVenueView; openCount: number }) {
  const archive = useArchiveVenue();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const archived = venue.archivedAt !== null;
  const toggle = (toArchived: boolean) =>
    archive.mutate(
      { id: venue.id, archived: toArchived },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: toArchived ? `${venue.name} archived` : `${venue.name} reopened` });
        },
        onError: (error) => {
          setConfirming(false);
          toast({ title: 'Not changed', description: problemsOf(error).join(' '), variant: 'destructive' });
        },
      },
    );
  const address = [venue.address.street, venue.address.locality, venue.address.region, venue.address.country]
    .filter(Boolean)
    .join(', ');
  return (
    <li aria-label={venue.name} className="grid gap-3 rounded-lg border border-white/10 bg-night-950/60 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-white">{venue.name}</span>
        <Badge tone="muted">{KIND_LABELS[venue.kind]}</Badge>
        {archived ? <Badge tone="red">Archived</Badge> : null}
        <span className="text-xs text-white/70">/venues/{venue.slug}</span>
        <div className="ml-auto flex gap-2">
          {!editing ? (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {archived ? (
            <Button variant="ghost" disabled={archive.isPending} onClick={() => toggle(false)}>
              Reopen
            </Button>
          ) : (
            <Button variant="ghost" disabled={archive.isPending || openCount <= 1} onClick={() => setConfirming(true)}>
              Archive
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-white/70">
        {address || 'No address yet'} · {venue.effective.timeZone} · {hoursSummary(venue)} · {venue.effective.inboxEmail}
      </p>
      {editing ? <VenueEditor venue={venue} onDone={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Archive ${venue.name}?`}
        description="It leaves the public site and takes no new bookings or messages."
        confirmLabel="Archive Venue"
        pendingLabel="Archiving..."
        pending={archive.isPending}
        onConfirm={() => toggle(true)}
      >
        Its history is kept: its bookings, messages, visits and scans stay as they are, and you can reopen it at any time.
      </ConfirmDialog>
    </li>
  );
}

/** The group's venues for admins: add one, edit its address, zone, inbox, hours and location, archive or reopen it. */
export function VenuesScreen() {
  const venues = useAdminVenues();
  const list = venues.data?.venues ?? [];
  const openCount = list.filter((venue) => venue.archivedAt === null).length;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Venues">
        {venues.isPending ? <ListNote>Loading venues...</ListNote> : null}
        {venues.isError ? <ListNote tone="error">Failed to fetch venues</ListNote> : null}
        {list.length ? (
          <ul aria-label="Venues" className="grid gap-3">
            {list.map((venue) => (
              <VenueItem key={venue.id} venue={venue} openCount={openCount} />
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title="Add a Venue">
        <VenueEditor />
      </Card>
    </div>
  );
}
