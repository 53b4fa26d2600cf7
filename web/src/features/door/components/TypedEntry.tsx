import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { useNow } from '@/lib/use-now';
import { mmss } from './door-format';

/**
 * Typed entry, only when staff ask for it (no keyboard until then): upper case as typed, spaces and
 * hyphens allowed (the api ignores them). After too many wrong codes on this phone the field and
 * Check wait with a countdown from the api's retryAfter (the camera and a scanner go on working).
 */
export function TypedEntry({
  onSubmit,
  lockedUntil,
  lockedAccount = false,
  busy,
}: {
  onSubmit: (text: string) => void;
  lockedUntil: number | null;
  /** Every phone of the account waits (its ceiling), not only this one. */
  lockedAccount?: boolean;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const now = useNow(1000);
  const secondsLeft = lockedUntil ? Math.ceil((lockedUntil - now) / 1000) : 0;
  const locked = secondsLeft > 0;
  const countdown = locked ? (
    <p role="status" className="text-amber-200">
      Too many wrong codes{lockedAccount ? ' from this account' : ''}: typing again in{' '}
      <span data-testid="door-countdown">{mmss(secondsLeft)}</span>
    </p>
  ) : null;
  if (!open) {
    return (
      <div className="grid gap-2">
        <Button variant="outline" onClick={() => setOpen(true)} className="w-full">
          Type a code
        </Button>
        {countdown}
      </div>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim() || locked) return;
    onSubmit(text.trim());
    setText('');
  };
  return (
    <form onSubmit={submit} aria-label="Type a code" className="grid gap-2">
      <label htmlFor="door-typed-code" className="text-sm text-white/85">
        The code under the member&apos;s QR
      </label>
      <input
        id="door-typed-code"
        className={`${inputClass} font-mono text-xl uppercase tracking-widest`}
        value={text}
        onChange={(event) => setText(event.target.value.toUpperCase())}
        placeholder="K7QM-3XPD-2A9"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        disabled={locked}
        // Asked for: the keyboard may come up now.
        autoFocus
      />
      {countdown}
      <div className="flex gap-2">
        <Button type="submit" disabled={locked || busy || !text.trim()} className="flex-1">
          Check
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
