import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useCreateBooking, type BookingPayload } from '../api/create-booking';
import {
  defaultGuests,
  defaultService,
  guestOptions,
  serviceOptions,
  timeOptionsFor,
  todayIso,
  type BookingService,
} from './booking-options';

const FIELDS = ['name', 'email', 'phone', 'date', 'time', 'guests', 'service', 'message'] as const;

function readPayload(form: HTMLFormElement): BookingPayload {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as BookingPayload;
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

/** Uncontrolled on purpose: a failed submit leaves everything the visitor typed in place. */
export function BookingForm({ initialService = defaultService, onBooked }: BookingFormProps) {
  const booking = useCreateBooking();
  const [date, setDate] = useState('');
  const times = timeOptionsFor(date);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    booking.mutate(readPayload(event.currentTarget), { onSuccess: onBooked });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Booking request">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" />
        <TextField label="Date" name="date" type="date" min={todayIso()} value={date} onChange={(event) => setDate(event.target.value)} />
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
