import { useState, type FormEvent } from 'react';
import type { BookingCapacityView } from '@nocturne/contracts';
import { BOOKING_SERVICE_LABELS } from '@nocturne/contracts/constants';
import { FULLY_BOOKED } from '@nocturne/domain';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useBookingCapacities, useSetBookingCapacity } from '../api/inbox';

/** One service of the night: its bookings, and the capacity a manager sets (empty: no limit). */
function ServicePlaces({ place }: { place: BookingCapacityView }) {
  const save = useSetBookingCapacity();
  const [value, setValue] = useState(place.capacity === null ? '' : String(place.capacity));
  const label = BOOKING_SERVICE_LABELS[place.service];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ night: place.night, service: place.service, capacity: value.trim() === '' ? null : Number(value) });
  };
  const problem =
    save.error instanceof ApiError ? (save.error.body?.issues?.[0]?.message ?? save.error.serverMessage) : undefined;
  return (
    <li className="grid gap-1">
      <form onSubmit={submit} aria-label={`Places for ${label}`} className="flex flex-wrap items-end gap-2">
        <div className="w-28">
          <TextField
            label={`${label} places`}
            type="number"
            min={0}
            max={1000}
            inputMode="numeric"
            placeholder="No limit"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={problem ? true : undefined}
          />
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save
        </Button>
        <p className="pb-2 text-sm text-white/85">
          {place.booked} booked
          {place.capacity !== null ? ` of ${place.capacity}` : ''}
          {place.full ? <strong className="ml-2 text-gold">{FULLY_BOOKED}</strong> : null}
        </p>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-red-200">
          Places {problem}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A night's places per service (PRODUCT.md §2.6): a manager sets how many bookings each service
 * takes that night; once they are taken the booking form shows the night as Fully booked.
 */
export function NightPlaces({ night }: { night: string }) {
  const places = useBookingCapacities(night);
  if (places.isPending) return <p className="text-sm text-white/75">Loading the night's places...</p>;
  if (places.isError)
    return (
      <p role="alert" className="text-sm text-red-200">
        Failed to fetch the night's places
      </p>
    );
  return (
    <section aria-label="Places this night" className="mb-4 grid gap-2 rounded-lg border border-white/10 p-4">
      <h3 className="text-sm font-semibold text-white">Places this night</h3>
      <ul className="grid gap-2">
        {places.data.capacities.map((place) => (
          <ServicePlaces key={`${place.night}-${place.service}-${place.capacity ?? 'none'}`} place={place} />
        ))}
      </ul>
    </section>
  );
}
