import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TotpSetupResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { QrCode } from '@/components/ui/qr-code';
import { api, ApiError } from '@/lib/api-client';
import { clearSession, homeFor, readSession } from '@/lib/session';
import { AuthLayout } from './AuthLayout';
import { FormAlert } from './FormAlert';

/*
 * The second step of a staff sign-in: a code, a passkey or a recovery code when the
 * account has a factor; the enrolment a manager or admin lands on until they have one. The passkey
 * library loads only when a passkey is used, never with the landing page.
 */

const failure = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? 'That did not work. Please try again.')
    : 'That did not work. Please try again.';

function RememberDevice() {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
      <input type="checkbox" name="rememberDevice" className="h-4 w-4 accent-[var(--color-gold)]" />
      Remember this device for 12 hours
    </label>
  );
}

const remembered = (form: HTMLFormElement) => new FormData(form).get('rememberDevice') === 'on';

export function TwoFactorScreen() {
  const session = readSession();
  const navigate = useNavigate();
  const status = useQuery({
    queryKey: ['two-factor-status'],
    queryFn: () => api.call(routes.getSecondFactors),
    enabled: session !== null,
  });
  if (!session) return <Navigate to="/admin-login" replace />;
  const done = () => void navigate(homeFor(session.user), { replace: true });
  const signOut = () => {
    void api.call(routes.signOut).catch(() => undefined);
    clearSession();
    void navigate('/admin-login', { replace: true });
  };
  const state = status.data?.state;
  if (state === 'satisfied' || state === 'none') return <Navigate to={homeFor(session.user)} replace />;
  return (
    <AuthLayout
      title={state === 'enrol' ? 'Set up a second factor' : 'Second step'}
      subtitle={
        state === 'enrol'
          ? 'Staff accounts need an authenticator app or a passkey before anything else.'
          : 'Confirm it is you with your authenticator app, a passkey or a recovery code.'
      }
    >
      {status.isError ? <FormAlert>{failure(status.error)}</FormAlert> : null}
      {state === 'pending' ? <VerifyStep onDone={done} /> : null}
      {state === 'enrol' ? <EnrolStep onDone={done} /> : null}
      <button type="button" onClick={signOut} className="mt-6 min-h-11 text-sm text-gold underline-offset-4 hover:underline">
        Sign out
      </button>
    </AuthLayout>
  );
}

function VerifyStep({ onDone }: { onDone: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = String(data.get('code') ?? '');
    setBusy(true);
    setError(null);
    try {
      await api.call(routes.verifySecondFactor, {
        body: { ...(recovery ? { recoveryCode: value } : { code: value }), rememberDevice: remembered(event.currentTarget) },
      });
      onDone();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  const passkey = async (form: HTMLFormElement | null) => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await api.call(routes.startPasskeyAuthentication);
      const response = await startAuthentication({ optionsJSON: options });
      await api.call(routes.verifyPasskey, {
        body: { response, rememberDevice: form ? remembered(form) : false },
      });
      onDone();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Second step" id="second-step">
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
      />
      <RememberDevice />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="gold" disabled={busy}>
        Continue
      </Button>
      <Button
        type="button"
        variant="ghost"
        disabled={busy}
        onClick={() => void passkey(document.querySelector<HTMLFormElement>('#second-step'))}
      >
        Use a passkey
      </Button>
      <button
        type="button"
        onClick={() => setRecovery(!recovery)}
        className="min-h-11 text-sm text-gold underline-offset-4 hover:underline"
      >
        {recovery ? 'Use a code from the app' : 'Use a recovery code'}
      </button>
    </form>
  );
}

function EnrolStep({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [remember, setRemember] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  const startApp = () => run(async () => setSetup(await api.call(routes.startTotpEnrolment, { body: {} })));
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    return run(async () => {
      const answer = await api.call(routes.confirmTotpEnrolment, { body: { code, rememberDevice: remember } });
      setCodes(answer.recoveryCodes);
    });
  };
  const passkey = () =>
    run(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = await api.call(routes.startPasskeyRegistration, { body: {} });
      const response = await startRegistration({ optionsJSON: options });
      const answer = await api.call(routes.finishPasskeyRegistration, {
        body: { response, label: 'Passkey', rememberDevice: remember },
      });
      if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
      else onDone();
    });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  return (
    <div className="grid gap-4">
      <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
          className="h-4 w-4 accent-[var(--color-gold)]"
        />
        Remember this device for 12 hours
      </label>
      {setup ? (
        <form onSubmit={(event) => void confirm(event)} className="grid gap-4" aria-label="Confirm authenticator app">
          <p className="text-sm text-white/85">Scan this code with your authenticator app, then enter the code it shows.</p>
          <div className="flex justify-center">
            <QrCode payload={setup.otpauthUri} alt="QR code for your authenticator app" testId="totp-qr" />
          </div>
          <p className="text-sm text-white/85">
            Or enter this key by hand:{' '}
            <code data-testid="totp-secret" className="break-all text-gold">
              {setup.secret}
            </code>
          </p>
          <TextField
            label="Code from your authenticator app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
          />
          <Button type="submit" variant="gold" disabled={busy}>
            Confirm
          </Button>
        </form>
      ) : (
        <>
          <Button type="button" variant="gold" disabled={busy} onClick={() => void startApp()}>
            Set up an authenticator app
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void passkey()}>
            Use a passkey
          </Button>
        </>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="grid gap-4">
      <h2 className="font-display text-xl text-gold">Your recovery codes</h2>
      <p className="text-sm text-white/85">
        Each works once if you lose your phone or passkey. They are shown only now: save them somewhere safe.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="h-4 w-4 accent-[var(--color-gold)]"
        />
        I have saved these
      </label>
      <Button type="button" variant="gold" disabled={!saved} onClick={onDone}>
        Continue
      </Button>
    </div>
  );
}
