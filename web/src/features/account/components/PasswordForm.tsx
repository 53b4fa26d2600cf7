import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@nocturne/contracts/constants';
import { PASSWORD_CHANGED } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { reasonOr } from '@/lib/notify';
import { useChangePassword } from '../api/profile';

/** Change password: the current one is required, and every other device is signed out. */
export function PasswordForm() {
  const change = useChangePassword();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    change.mutate(
      { currentPassword: String(data.get('currentPassword') ?? ''), newPassword: String(data.get('newPassword') ?? '') },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Change password">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out.`}
        />
      </div>
      {change.isError ? (
        <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
          {reasonOr(change.error, 'We could not change your password. Please try again.')}
        </p>
      ) : null}
      {change.isSuccess ? (
        <p role="status" className="text-sm text-gold-light">
          {change.data.message ?? PASSWORD_CHANGED}
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
