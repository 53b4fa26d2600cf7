import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useLogin } from '../api/login';
import { authFailureMessage, refusalMessage } from '../hooks/auth-messages';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './FormAlert';
import { PasswordField } from './PasswordField';

// "Remember me" is never sent to the server; on this device it keeps the e-mail filled in (PRODUCT.md §2.4).
const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const remembered = localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const rememberMe = data.get('rememberMe') === 'on';
    setError(null);
    login.mutate(
      { email, password: String(data.get('password') ?? '') },
      {
        onSuccess: (answer) => {
          const refusal = refusalMessage(answer, 'Login failed');
          if (refusal || !answer.sessionId || !answer.user) return setError(refusal ?? 'Login failed');
          if (rememberMe) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
          else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
          completeSignIn(answer.sessionId, answer.user, answer.firstSignIn, answer.secondFactor);
        },
        onError: (failure) => setError(authFailureMessage(failure, 'Login failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Sign in">
      {/* The e-mail is plain text here, not format-checked: the api finds the account or says no. */}
      <TextField label="Email" name="email" type="text" autoComplete="username" required defaultValue={remembered} />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
          <input
            type="checkbox"
            name="rememberMe"
            defaultChecked={remembered !== ''}
            className="h-4 w-4 accent-[var(--color-gold)]"
          />
          Remember me
        </label>
        <button
          type="button"
          onClick={onForgotPassword}
          className="min-h-11 text-sm text-gold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold"
        >
          Forgot your password?
        </button>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="gold" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
