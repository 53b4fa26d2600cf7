import { resetLinkSent } from '@nocturne/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useRequestPasswordReset } from '../api/password-reset';
import { FormAlert } from './FormAlert';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    request.mutate({ email }, { onSuccess: () => setSentTo(email) });
  };

  const failure =
    request.error instanceof ApiError && request.error.serverMessage
      ? request.error.serverMessage
      : 'We could not send the reset link. Please try again.';

  return (
    <div className="grid gap-4">
      <div>
        <h2 className="font-display text-xl text-gold">Reset your password</h2>
        <p className="mt-1 text-sm text-white/80">Enter your e-mail and we'll send you a link to choose a new password.</p>
      </div>
      {sentTo ? (
        <FormAlert tone="success">{resetLinkSent(sentTo)}</FormAlert>
      ) : (
        <form onSubmit={submit} className="grid gap-4" aria-label="Forgot password">
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          {request.isError ? <FormAlert>{failure}</FormAlert> : null}
          <Button type="submit" variant="gold" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <Button variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}
