import { PASSWORD_RESET_DONE, PASSWORD_SET_DONE } from '@nocturne/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClass } from '@/components/ui/button';
import { useResetPassword } from '../api/password-reset';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './PasswordField';

/**
 * Sets a password with the one-time token from the e-mailed link: a new one after a reset, or the
 * first one of an invited staffer (`invited`), who is not told of changing what they never had.
 */
export function ResetPasswordForm({ token, invited = false }: { token: string | null; invited?: boolean }) {
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
        <FormAlert tone="success">{invited ? PASSWORD_SET_DONE : PASSWORD_RESET_DONE}</FormAlert>
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
      : `We could not ${invited ? 'set' : 'change'} your password. Please try again.`;

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={invited ? 'Choose your password' : 'Choose a new password'}>
      <NewPasswordFields label={invited ? 'Password' : 'New Password'} />
      {mismatch ? <FormAlert>Passwords do not match</FormAlert> : null}
      {reset.isError ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" variant="gold" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : invited ? 'Set Password' : 'Set New Password'}
      </Button>
    </form>
  );
}
