import type { FormEvent } from 'react';
import type { User } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { reasonOr } from '@/lib/notify';
import { useUpdateProfile } from '../api/profile';

/** The member's first and last name; comments show the new name once saved. */
export function NameForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update.mutate({ firstName: String(data.get('firstName') ?? ''), lastName: String(data.get('lastName') ?? '') });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={user.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={user.lastName ?? ''}
        />
      </div>
      {update.isError ? (
        <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
          {reasonOr(update.error, 'We could not save your name. Please try again.')}
        </p>
      ) : null}
      {update.isSuccess ? (
        <p role="status" className="text-sm text-gold-light">
          Your name has been saved.
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={update.isPending} className="justify-self-start">
        {update.isPending ? 'Saving...' : 'Save Name'}
      </Button>
    </form>
  );
}
