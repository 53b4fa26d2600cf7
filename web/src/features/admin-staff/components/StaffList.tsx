import { useState } from 'react';
import type { StaffMember } from '@nocturne/contracts';
import { ROLE_AS, ROLE_NAMES, type Role, STAFF_ROLES } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge, ListNote } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { reasonOr } from '@/lib/notify';
import { useVenueTime } from '@/lib/venue-time';
import type { VenueChoice } from '@nocturne/contracts';
import { useVenueChoices } from '@/lib/venue-choices';
import { useChangeStaffRole, useRemoveStaff, useResetSecondFactor, useStaff } from '../api/staff';
import { StaffVenues } from './StaffVenues';

const fullName = (person: StaffMember) => [person.firstName, person.lastName].filter(Boolean).join(' ');

/** A change the admin is asked to confirm: a new role, off the staff (`member`), or a reset of their second factor. */
interface Asking {
  person: StaffMember;
  role: Role | 'reset-second-factor';
}

function StaffRow({
  person,
  self,
  onAsk,
  problem,
  venues,
}: {
  person: StaffMember;
  self: boolean;
  onAsk: (ask: Asking) => void;
  problem?: string;
  venues: VenueChoice[];
}) {
  const venueTime = useVenueTime();
  const name = fullName(person);
  return (
    <li aria-label={name} className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-white">{name}</span>
        {self ? <Badge tone="muted">You</Badge> : null}
        {person.disabledAt ? <Badge tone="red">Disabled</Badge> : null}
        <span className="break-all text-sm text-white/75">{person.email}</span>
      </div>
      <p className="text-xs text-white/70">
        {person.lastSignInAt
          ? `Last signed in ${venueTime.dateTime(person.lastSignInAt)}`
          : person.invited
            ? 'Invited: not signed in yet'
            : 'Not signed in yet'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex items-center gap-2 text-sm text-white/85">
          <span aria-hidden="true">Role</span>
          <select
            aria-label={`Role of ${name}`}
            className={`${inputClass} w-auto py-1.5`}
            value={person.role}
            onChange={(e) => onAsk({ person, role: e.target.value as Role })}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </select>
        </span>
        {self || !person.hasSecondFactor ? null : (
          <Button variant="ghost" className="ml-auto" onClick={() => onAsk({ person, role: 'reset-second-factor' })}>
            Reset second factor
          </Button>
        )}
        <Button variant="ghost" className={self ? 'ml-auto' : undefined} onClick={() => onAsk({ person, role: 'member' })}>
          Remove
        </Button>
      </div>
      <StaffVenues person={person} name={name} venues={venues} />
      {problem ? (
        <p role="alert" className="text-sm text-red-200">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

/** Who is staff, each with their role (changed here) and Remove; both ask first, since the person is signed out. */
export function StaffList({ currentAdminId }: { currentAdminId: string }) {
  const staff = useStaff();
  const venues = useVenueChoices();
  const change = useChangeStaffRole();
  const remove = useRemoveStaff();
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const confirm = () => {
    if (!asking) return;
    const { person, role } = asking;
    const done = {
      onSuccess: (answer: { message?: string }) => {
        const title =
          role === 'member' ? 'Removed from staff' : role === 'reset-second-factor' ? 'Second factor reset' : 'Role changed';
        toast({ title, description: answer.message });
        setProblems(({ [person.id]: _gone, ...rest }) => rest);
        setAsking(null);
      },
      onError: (error: unknown) => {
        setProblems((old) => ({ ...old, [person.id]: reasonOr(error, 'Failed to change the role.') }));
        setAsking(null);
      },
    };
    if (role === 'member') remove.mutate(person.id, done);
    else if (role === 'reset-second-factor') reset.mutate(person.id, done);
    else change.mutate({ id: person.id, role }, done);
  };

  if (staff.isPending) return <ListNote>Loading staff...</ListNote>;
  if (staff.isError) return <ListNote tone="error">Failed to fetch staff</ListNote>;
  const name = asking ? fullName(asking.person) : '';
  const yourself = asking?.person.id === currentAdminId;
  return (
    <>
      <ul aria-label="Staff" className="grid gap-3">
        {staff.data.staff.map((person) => (
          <StaffRow
            key={person.id}
            person={person}
            self={person.id === currentAdminId}
            onAsk={setAsking}
            venues={venues}
            problem={problems[person.id]}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={
          asking?.role === 'member'
            ? `Remove ${name} from the staff?`
            : asking?.role === 'reset-second-factor'
              ? `Reset ${name}'s second factor?`
              : `Make ${name} ${asking ? ROLE_AS[asking.role] : ''}?`
        }
        description={
          asking?.role === 'reset-second-factor'
            ? `Their authenticator apps, passkeys and recovery codes stop working; ${name} is signed out everywhere and sets up a new one at the next sign-in.`
            : yourself
              ? 'You will be signed out everywhere, this device included.'
              : `${name} will be signed out everywhere and signs in again with the new role.`
        }
        confirmLabel={asking?.role === 'member' ? 'Remove' : asking?.role === 'reset-second-factor' ? 'Reset' : 'Change role'}
        pendingLabel="Saving..."
        pending={change.isPending || remove.isPending || reset.isPending}
        onConfirm={confirm}
      >
        {asking?.role === 'member' ? 'They stay a member of the club, with their points and coupons.' : null}
      </ConfirmDialog>
    </>
  );
}
