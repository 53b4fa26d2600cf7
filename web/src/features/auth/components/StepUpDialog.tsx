import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { SECOND_FACTOR_AGAIN } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { api, ApiError, setStepUpPrompt } from '@/lib/api-client';
import { FormAlert } from './FormAlert';

const failure = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? 'That did not work. Please try again.')
    : 'That did not work. Please try again.';

/**
 * The staff screens' prompt for the second factor again: the api refuses an export, a role change,
 * a second-factor reset or a webhook or sync setting when the session last gave it more than 15
 * minutes ago; the request is sent again once the code (or passkey, or recovery code) is given,
 * and fails as refused when the person closes the prompt.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<((given: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setError(null);
          setRecovery(false);
          setOpen(true);
        }),
    );
    return () => {
      setStepUpPrompt(null);
      pending.current?.(false);
    };
  }, []);

  const finish = (given: boolean) => {
    pending.current?.(given);
    pending.current = null;
    setOpen(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    try {
      await api.call(routes.verifySecondFactor, { body: recovery ? { recoveryCode: value } : { code: value } });
      finish(true);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await api.call(routes.startPasskeyAuthentication);
      const response = await startAuthentication({ optionsJSON: options });
      await api.call(routes.verifyPasskey, { body: { response } });
      finish(true);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : finish(false))}
      title="Confirm it is you"
      description={SECOND_FACTOR_AGAIN}
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Confirm it is you">
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          required
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" variant="gold" disabled={busy}>
          Confirm and continue
        </Button>
        <Button type="button" variant="ghost" disabled={busy} onClick={() => void passkey()}>
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
    </Modal>
  );
}
