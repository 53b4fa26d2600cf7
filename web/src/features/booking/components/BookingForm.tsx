import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useVenueTimeZone } from '@/lib/venue-time';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useCreateBooking, type BookingPayload } from '../api/create-booking';
import {
  defaultGuests,
  defaultService,
  guestOptions,
  serviceOptions,
  earliestBookingDate,
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
  fillMs: 'That was quick! Please check your details, then send the request again.',
};

/** Field problems in plain words, each once (the server's summary repeats them, so it is not shown beside them). */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = error.body?.issues ?? [];
    if (issues.length > 0) {
      const lines = issues.map(({ path, message }) => PLAIN_ISSUES[path] ?? `${FIELD_LABELS[path] ?? path} ${message}.`);
      return [...new Set(lines)].join(' ');
    }
    if (error.serverMessage) return error.serverMessage;
  }
  return 'We could not send your booking request. Please try again.';
}

interface BookingFormProps {
  initialService?: BookingService;
  onBooked: () => void;
}

/**
 * Uncontrolled on purpose: a failed submit leaves everything the visitor typed in place.
 *
 * "Today" is the venue's club night (the api's VENUE_TZ), not the visitor's: the form asks the api
 * for the zone when it opens (it loads on the first "Book" click, so the landing page makes no
 * extra request). Until the answer comes the picker sets no minimum rather than a guessed one, and
 * sending is never held back: the api checks the date with the same rule and says what is wrong.
 */
export function BookingForm({ initialService = defaultService, onBooked }: BookingFormProps) {
  const booking = useCreateBooking();
  const timeZone = useVenueTimeZone();
  const [openedAt] = useState(() => performance.now());
  const [date, setDate] = useState('');
  const times = timeOptionsFor(date, timeZone);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    booking.mutate(readPayload(event.currentTarget, openedAt), { onSuccess: onBooked });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Booking request">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" />
        <TextField
          label="Date"
          name="date"
          type="date"
          min={timeZone ? earliestBookingDate(timeZone) : undefined}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <SelectField label="Time" name="time" defaultValue="">
          <option value="">Select a time</option>
          {times.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Guests" name="guests" defaultValue={defaultGuests}>
          {guestOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Service" name="service" defaultValue={initialService}>
        {serviceOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Special requests" name="message" rows={3} placeholder="Anything we should know?" />
      {/* Honeypot: people never see or reach it; bots that fill every field mark themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">Website</label>
        <input id="booking-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {booking.isError ? (
        <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
          {failureText(booking.error)}
        </p>
      ) : null}
      <Button type="submit" variant="neon" disabled={booking.isPending}>
        {booking.isPending ? 'Sending...' : 'Request Booking'}
      </Button>
    </form>
  );
}
