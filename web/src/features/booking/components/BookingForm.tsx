import { useState, type FormEvent, type ReactNode } from 'react';
import type { PublicVenueView } from '@nocturne/contracts';
import { BOOKING_DATE_MISSING, BOOKING_TIME_MISSING, bookingProblemMessage, fullyBookedMessage } from '@nocturne/domain';
import { ApiError } from '@/lib/api-client';
import { useVenueTimeZone } from '@/lib/venue-time';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useBookingAvailability } from '../api/availability';
import { useCreateBooking, type BookingPayload } from '../api/create-booking';
import {
  defaultGuests,
  defaultService,
  guestOptions,
  serviceLabel,
  serviceOptions,
  earliestBookingDate,
  shortNightName,
  timeOptionsFor,
  type BookingService,
} from './booking-options';

const FIELDS = [
  'name',
  'email',
  'phone',
  'date',
  'time',
  'guests',
  'service',
  'message',
  'website',
] as const satisfies readonly (keyof BookingPayload)[];
type Field = (typeof FIELDS)[number];

/** The fields as typed, and how long the form was open (the api refuses a form sent within 3 s). */
function readPayload(form: HTMLFormElement, openedAt: number): BookingPayload {
  const data = new FormData(form);
  const fields = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')]));
  return { ...fields, fillMs: String(Math.round(performance.now() - openedAt)) } as BookingPayload;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  date: 'Date',
  time: 'Time',
  guests: 'Guests',
  service: 'Service',
  message: 'Special requests',
};

const PLAIN_ISSUES: Record<string, string> = {
  email: 'Please enter a valid email address, like name@example.com.',
};

type FieldErrors = Partial<Record<Field, string>>;

/**
 * The server's field problems, each beside its field (PRODUCT.md §2.3): the night and time rules
 * come as whole sentences naming the night; the schema's short ones ("must be ...") get the
 * field's name in front. What belongs to no visible field is said under the form.
 */
function failureOf(error: unknown): { fields: FieldErrors; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'We could not send your booking request. Please try again.' };
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const { path, message } of error.body?.issues ?? []) {
    const text = PLAIN_ISSUES[path] ?? (/^[a-z]/.test(message) ? `${FIELD_LABELS[path] ?? path} ${message}.` : message);
    if (path in FIELD_LABELS) fields[path as Field] ??= text;
    else if (path === 'fillMs') rest.push('That was quick! Please check your details, then send the request again.');
    else rest.push(text);
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) {
    rest.push(error.serverMessage ?? 'We could not send your booking request. Please try again.');
  }
  return { fields, general: rest.length ? [...new Set(rest)].join(' ') : null };
}

/** A field's problem, right under it, tied to it by aria-describedby. */
function FieldProblem({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-200">
      {children}
    </p>
  );
}

const problemProps = (field: Field, errors: FieldErrors) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': `booking-${field}-problem` } : {};

interface BookingFormProps {
  initialService?: BookingService;
  onBooked: () => void;
  /** The venue booked, on its own page: its zone, hours, capacity and inbox. */
  venue?: PublicVenueView;
  /** A group's venues to choose from (none, or one: no choice, the booking goes as before venues). */
  venues?: readonly PublicVenueView[];
}

/**
 * Uncontrolled on purpose (but for the night and the service, which decide the times offered and
 * whether the night is full): a failed submit leaves everything the visitor typed in place.
 *
 * "Today" is the venue's club night (the api's VENUE_TZ), not the visitor's: the form asks the api
 * for the zone and for the nights that can be booked (tonight to 6 months ahead, and those fully
 * booked) when it opens (it loads on the first "Book" click, so the landing page makes no extra
 * request). Until the answers come the picker sets no limits rather than guessed ones; the api
 * checks the same rules and says, beside the field, what is wrong. At a venue of a group (its own
 * page, or the one chosen in the form) they are that venue's: its zone, hours and nights.
 */
export function BookingForm({ initialService = defaultService, onBooked, venue, venues = [] }: BookingFormProps) {
  const booking = useCreateBooking();
  const choices = !venue && venues.length > 1 ? venues : [];
  const [chosen, setChosen] = useState('');
  const current = venue ?? choices.find((option) => option.slug === chosen) ?? choices[0];
  const installZone = useVenueTimeZone();
  const timeZone = current?.timeZone ?? installZone;
  const availability = useBookingAvailability(current?.slug);
  const [openedAt] = useState(() => performance.now());
  const [date, setDate] = useState('');
  const [service, setService] = useState<BookingService>(initialService);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const times = timeOptionsFor(date, timeZone, undefined, current?.openingHours);
  const fullOn = (night: string) =>
    (availability.data?.full ?? []).filter((entry) => entry.night === night).map((entry) => entry.service);
  const fullNights = (availability.data?.full ?? []).filter((entry) => entry.service === service).map((entry) => entry.night);
  const full = date !== '' && fullNights.includes(date);
  // The services that still have places on a night the chosen one is full: offered instead.
  const stillOpen = full ? serviceOptions.filter((option) => !fullOn(date).includes(option.value)) : [];
  const lastNight = availability.data?.lastNight;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = readPayload(event.currentTarget, openedAt);
    if (current) payload.venue = current.slug;
    // No booking without a night and a time; a full night is said before anything is sent.
    const missing: FieldErrors = {};
    if (!payload.name.trim()) missing.name = 'Please enter your name.';
    if (!payload.email.trim()) missing.email = 'Please enter your email address.';
    if (!payload.date) missing.date = BOOKING_DATE_MISSING;
    else if (full) missing.date = fullyBookedMessage(payload.date, serviceLabel(service));
    // Past the last bookable night: the api's own sentence, not the browser's note on `max`.
    else if (lastNight && payload.date > lastNight)
      missing.date = bookingProblemMessage({ field: 'date', reason: 'too-far', night: payload.date, last: lastNight });
    if (!payload.time) missing.time = BOOKING_TIME_MISSING;
    setErrors(missing);
    setGeneral(null);
    if (Object.keys(missing).length > 0) return;
    booking.mutate(payload, {
      onSuccess: onBooked,
      onError: (error) => {
        const failure = failureOf(error);
        setErrors(failure.fields);
        setGeneral(failure.general);
      },
    });
  };

  const dateHint = full
    ? null
    : fullNights.length > 0
      ? `Fully booked: ${fullNights.slice(0, 6).map(shortNightName).join(', ')}`
      : null;
  const timeHint =
    date && times.length === 0 && !errors.time ? 'No times are left on this night; please choose a later night.' : null;

  return (
    // noValidate: every problem is said beside its field in the form's (and the api's) words, never
    // in the browser's (its note on a date past `max` is in US format, and not the venue's sentence).
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Booking request">
      {choices.length > 0 && current ? (
        <SelectField label="Venue" value={current.slug} onChange={(event) => setChosen(event.target.value)}>
          {choices.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField label="Name" name="name" autoComplete="name" required {...problemProps('name', errors)} />
          {errors.name ? <FieldProblem id="booking-name-problem">{errors.name}</FieldProblem> : null}
        </div>
        <div>
          <TextField label="Email" name="email" type="email" autoComplete="email" required {...problemProps('email', errors)} />
          {errors.email ? <FieldProblem id="booking-email-problem">{errors.email}</FieldProblem> : null}
        </div>
        <div>
          <TextField label="Phone" name="phone" type="tel" autoComplete="tel" {...problemProps('phone', errors)} />
          {errors.phone ? <FieldProblem id="booking-phone-problem">{errors.phone}</FieldProblem> : null}
        </div>
        <div>
          <TextField
            label="Date"
            name="date"
            type="date"
            requiredMark
            min={availability.data?.firstNight ?? (timeZone ? earliestBookingDate(timeZone) : undefined)}
            max={lastNight}
            value={date}
            hint={dateHint}
            onChange={(event) => setDate(event.target.value)}
            {...problemProps('date', errors)}
          />
          {full && !errors.date ? (
            <div role="status" className="mt-1.5 grid gap-2 text-sm font-medium text-gold">
              <p>
                {serviceLabel(service)} is fully booked on {shortNightName(date)}.
                {stillOpen.length > 0 ? ' Still with places that night:' : ' Please choose another night.'}
              </p>
              {stillOpen.length > 0 ? (
                <div className="flex flex-wrap gap-2">
                  {stillOpen.map((option) => (
                    <Button key={option.value} type="button" variant="outline" onClick={() => setService(option.value)}>
                      {option.label}
                    </Button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          {errors.date ? <FieldProblem id="booking-date-problem">{errors.date}</FieldProblem> : null}
        </div>
        <div>
          <SelectField label="Time" name="time" defaultValue="" requiredMark hint={timeHint} {...problemProps('time', errors)}>
            <option value="">{date ? 'Select a time' : 'Choose the night first'}</option>
            {times.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          {errors.time ? <FieldProblem id="booking-time-problem">{errors.time}</FieldProblem> : null}
        </div>
        <SelectField label="Guests" name="guests" defaultValue={defaultGuests}>
          {guestOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Service"
        name="service"
        value={service}
        onChange={(event) => setService(event.target.value as BookingService)}
      >
        {serviceOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <div>
        <TextAreaField
          label="Special requests"
          name="message"
          rows={3}
          placeholder="Anything we should know?"
          {...problemProps('message', errors)}
        />
        {errors.message ? <FieldProblem id="booking-message-problem">{errors.message}</FieldProblem> : null}
      </div>
      {/* Honeypot: people never see or reach it; bots that fill every field mark themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">Website</label>
        <input id="booking-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {general ? (
        <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
          {general}
        </p>
      ) : null}
      <Button type="submit" variant="neon" disabled={booking.isPending || full}>
        {booking.isPending ? 'Sending...' : full ? `${serviceLabel(service)} fully booked` : 'Request Booking'}
      </Button>
    </form>
  );
}
