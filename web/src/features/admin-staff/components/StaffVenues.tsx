import { type FormEvent } from 'react';
import type { StaffMember, VenueChoice } from '@nocturne/contracts';
import { namesInWords } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { VenueCheckboxes } from '@/components/venue-checkboxes';
import { useSetStaffVenues } from '../api/staff';

/**
 * Where a door or manager account works, in a group of several venues: "All venues" (none ticked,
 * a group account) or the ticked venues only. Admins work everywhere and are not offered a choice.
 */
export function StaffVenues({ person, name, venues }: { person: StaffMember; name: string; venues: VenueChoice[] }) {
  const save = useSetStaffVenues();
  if (venues.length === 0 || person.role === 'admin') return null;
  const granted = person.venueIds ?? [];
  const shown =
    granted.length === 0 ? 'All venues' : namesInWords(venues.filter((v) => granted.includes(v.id)).map((v) => v.name));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const venueIds = new FormData(event.currentTarget).getAll('venueIds').map(Number);
    save.mutate(
      { id: person.id, venueIds },
      {
        onSuccess: (answer) => toast({ title: 'Venues saved', description: answer.message }),
        onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Could not save the venues'),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={`Venues of ${name}`} className="grid gap-2" key={granted.join()}>
      <p className="text-sm text-white/85">Works at: {shown}</p>
      <VenueCheckboxes venues={venues} name="venueIds" chosen={granted} noneMeans="All venues" />
      <Button type="submit" variant="ghost" disabled={save.isPending} className="justify-self-start">
        Save venues
      </Button>
    </form>
  );
}
