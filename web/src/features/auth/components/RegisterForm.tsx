import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useRegister } from '../api/register';
import { authFailureMessage, refusalMessage } from '../hooks/auth-messages';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './PasswordField';

export function RegisterForm() {
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    // Checked here only; the confirmation is never sent.
    if (field('password') !== field('confirmPassword')) return setError('Passwords do not match');
    setError(null);
    register.mutate(
      { email: field('email'), firstName: field('firstName'), lastName: field('lastName'), password: field('password') },
      {
        onSuccess: (answer) => {
          const refusal = refusalMessage(answer, 'Registration failed');
          if (refusal || !answer.sessionId || !answer.user) return setError(refusal ?? 'Registration failed');
          completeSignIn(answer.sessionId, answer.user, answer.firstSignIn);
        },
        onError: (failure) => setError(authFailureMessage(failure, 'Registration failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create account">
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" name="firstName" autoComplete="given-name" required />
        <TextField label="Last Name" name="lastName" autoComplete="family-name" required />
      </div>
      <NewPasswordFields label="Password" />
      <p className="rounded-md border border-gold/30 bg-gold/10 p-3 text-sm text-gold-light">
        Membership is completely free with no hidden fees.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="neon" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
