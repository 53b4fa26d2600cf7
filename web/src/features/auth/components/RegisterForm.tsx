import { MARKETING_CONSENT_WORDING } from '@nocturne/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { login } from '../api/login';
import { useRegister } from '../api/register';
import { authFailureMessage, refusalMessage } from '../hooks/auth-messages';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './PasswordField';

/** The server's word on the date of birth (under 18, in the future, ...), shown beside that field. */
function dateOfBirthIssue(failure: unknown): string | null {
  if (!(failure instanceof ApiError)) return null;
  const issues = (failure.body as { issues?: { path?: string; message?: string }[] } | undefined)?.issues ?? [];
  return issues.find((issue) => issue.path === 'dateOfBirth')?.message ?? null;
}

/** A referral code carried from the invite link (/members-register?ref=CODE), if any. */
function referralCodeFromUrl(): string | undefined {
  const code = new URLSearchParams(window.location.search).get('ref')?.trim();
  return code ? code.toUpperCase() : undefined;
}

/**
 * Said when the sign-up was taken but signing in with its password failed: the e-mail already had
 * a membership (its owner was e-mailed). The sign-up's answer never says which, so neither do we.
 */
export const SIGN_UP_THEN_SIGN_IN_FAILED =
  'We could not sign you in with that password. If this e-mail already has a membership, we have e-mailed you: sign in with your password, or choose "Forgot password?" on the Sign In tab.';

export function RegisterForm() {
  const [error, setError] = useState<string | null>(null);
  const [dobError, setDobError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();

  /** The sign-up is answered alike for a new and a taken e-mail: signing in says whether it is ours now. */
  const signInAfterSignUp = async (email: string, password: string) => {
    setSigningIn(true);
    try {
      const answer = await login({ email, password });
      const refusal = refusalMessage(answer, 'Login failed');
      if (refusal || !answer.sessionId || !answer.user) return setError(refusal ?? SIGN_UP_THEN_SIGN_IN_FAILED);
      completeSignIn(answer.sessionId, answer.user, answer.firstSignIn, answer.secondFactor);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? SIGN_UP_THEN_SIGN_IN_FAILED
          : authFailureMessage(failure, 'Login failed'),
      );
    } finally {
      setSigningIn(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    // Checked here only; the confirmation is never sent.
    if (field('password') !== field('confirmPassword')) return setError('Passwords do not match');
    setError(null);
    setDobError(null);
    const referralCode = referralCodeFromUrl();
    register.mutate(
      {
        email: field('email'),
        firstName: field('firstName'),
        lastName: field('lastName'),
        password: field('password'),
        dateOfBirth: field('dateOfBirth'),
        // Unticked unless the person ticks it: consent is never assumed.
        marketingConsent: data.get('marketingConsent') === 'on',
        ...(referralCode ? { referralCode } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) return setError(answer.message?.trim() || 'Registration failed');
          void signInAfterSignUp(field('email'), field('password'));
        },
        onError: (failure) => {
          const beside = dateOfBirthIssue(failure);
          // The age refusal goes next to the date of birth, not in the general alert.
          if (beside) return setDobError(beside);
          setError(authFailureMessage(failure, 'Registration failed'));
        },
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
      <TextField
        label="Date of birth"
        name="dateOfBirth"
        type="date"
        autoComplete="bday"
        required
        aria-invalid={dobError ? true : undefined}
        aria-describedby={dobError ? 'dob-error' : undefined}
        hint={
          dobError ? (
            <span id="dob-error" role="alert" className="text-sm text-neon-light">
              {dobError}
            </span>
          ) : (
            'You must be 18 or over to join.'
          )
        }
      />
      <NewPasswordFields label="Password" />
      <label className="flex items-start gap-2 text-sm text-white/85">
        <input type="checkbox" name="marketingConsent" className="mt-0.5 h-4 w-4 accent-[var(--color-gold)]" />
        <span>{MARKETING_CONSENT_WORDING}</span>
      </label>
      <p className="rounded-md border border-gold/30 bg-gold/10 p-3 text-sm text-gold-light">
        Membership is completely free with no hidden fees.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="neon" disabled={register.isPending || signingIn}>
        {register.isPending ? 'Creating account...' : signingIn ? 'Signing in...' : 'Create Account'}
      </Button>
    </form>
  );
}
