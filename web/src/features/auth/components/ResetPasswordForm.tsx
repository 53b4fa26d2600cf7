import { PASSWORD_RESET_DONE } from '@nocturne/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClass } from '@/components/ui/button';
import { useResetPassword } from '../api/password-reset';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './PasswordField';

/** Sets a new password with the one-time token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [mismatch, setMismatch] = useState(false);
  const reset = useResetPassword();

  if (!token) {
    return (
      <div className="grid gap-4">
        <FormAlert>This reset link is incomplete. Please request a new one from the sign-in screen.</FormAlert>
        <Link to="/members-login" className={buttonClass('gold')}>
          Go to Sign In
        </Link>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <FormAlert tone="success">{PASSWORD_RESET_DONE}</FormAlert>
        <Link to="/members-login" className={buttonClass('gold')}>
          Go to Sign In
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const isMismatch = password !== String(data.get('confirmPassword') ?? '');
    setMismatch(isMismatch);
    if (!isMismatch) reset.mutate({ token, password });
  };

  const failure =
    reset.error instanceof ApiError && reset.error.serverMessage
      ? reset.error.serverMessage
      : 'We could not change your password. Please try again.';

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Choose a new password">
      <NewPasswordFields label="New Password" />
      {mismatch ? <FormAlert>Passwords do not match</FormAlert> : null}
      {reset.isError ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" variant="gold" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
