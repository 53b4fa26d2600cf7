import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { DoorCheckResponse, DoorCoupon } from '@nocturne/contracts';
import { REDEMPTION_UNDO_MINUTES, tierLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { useNow } from '@/lib/use-now';
import { formatVenueDate } from '@/lib/venue-time';
import { useDoorTonight } from '../api/door';
import { unlockSound } from '../hooks/cues';
import { markVerdictShown, useDoorSession, type DoorScreen, type LastRedemption } from '../hooks/use-door-session';
import { useKeyboardWedge } from '../hooks/use-keyboard-wedge';
import { useWakeLock } from '../hooks/use-wake-lock';

/**
 * Starts a camera in the element with this id and reports each decoded text; resolves with its
 * stop function. The app passes the qr-scanner's; tests pass a fake.
 */
export type DoorCamera = (
  elementId: string,
  onDecoded: (text: string) => void,
  options: { paused: () => boolean },
) => Promise<() => Promise<void>>;

/** The camera, on for as long as door mode is open; starts and stops are chained so two never overlap. */
function Camera({
  start,
  onDecoded,
  paused,
  onError,
}: {
  start: DoorCamera;
  onDecoded: (text: string) => void;
  paused: () => boolean;
  onError: () => void;
}) {
  const elementId = `door-camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const decoded = useRef(onDecoded);
  const failed = useRef(onError);
  const isPaused = useRef(paused);
  useEffect(() => {
    decoded.current = onDecoded;
    failed.current = onError;
    isPaused.current = paused;
  });
  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    const started = (async () => {
      try {
        stop = await start(elementId, (text) => decoded.current(text), { paused: () => isPaused.current() });
        if (cancelled) await stop();
      } catch {
        if (!cancelled) failed.current();
      }
    })();
    return () => {
      cancelled = true;
      void started.then(() => stop?.());
    };
  }, [elementId, start]);
  return (
    <div
      id={elementId}
      data-testid="door-camera"
      className="relative mx-auto w-full max-w-md overflow-hidden rounded-xl bg-black ring-1 ring-white/10"
    />
  );
}

const memberLine = (member: { firstName: string; tier: Parameters<typeof tierLabel>[0] }) =>
  `${member.firstName} · ${tierLabel(member.tier)}`;

function CouponRow({
  coupon,
  redeemed,
  busy,
  onRedeem,
}: {
  coupon: DoorCoupon;
  redeemed: boolean;
  busy: boolean;
  onRedeem: () => void;
}) {
  return (
    <li aria-label={coupon.title} className="flex items-center justify-between gap-3 rounded-lg bg-black/25 px-4 py-3">
      <div className="min-w-0">
        <p className="text-lg font-semibold">{coupon.title}</p>
        <p className="text-sm opacity-85">{coupon.valueLabel}</p>
      </div>
      {redeemed ? (
        <span className="rounded-full bg-white/90 px-4 py-2 text-sm font-bold uppercase text-emerald-900">Redeemed</span>
      ) : (
        <Button variant="gold" onClick={onRedeem} disabled={busy}>
          Redeem
        </Button>
      )}
    </li>
  );
}

/** The verdict filling the screen: green with Redeem, or red with the reason in words. */
function Verdict({
  shown,
  onRedeem,
  onDismiss,
  undo,
}: {
  shown: Extract<DoorScreen, { step: 'verdict' }>;
  onRedeem: (userCouponId?: string) => void;
  onDismiss: () => void;
  /** The Undo of the last redemption, for a card's coupons redeemed from here. */
  undo: ReactNode;
}) {
  const verdict: DoorCheckResponse = shown.verdict;
  // The frame after this verdict first renders is when staff see it.
  useEffect(() => {
    const frame = requestAnimationFrame(markVerdictShown);
    return () => cancelAnimationFrame(frame);
  }, [verdict]);
  const tone = verdict.ok ? 'bg-emerald-700' : 'bg-red-700';
  return (
    <section
      aria-label={verdict.ok ? 'Valid' : 'Refused'}
      data-testid="door-verdict"
      data-ok={verdict.ok ? 'true' : 'false'}
      className={`fixed inset-0 z-40 flex flex-col gap-4 overflow-y-auto p-6 text-white ${tone}`}
    >
      <p role="alert" className="text-4xl font-bold leading-tight">
        {verdict.message}
      </p>
      {verdict.kind === 'coupon' ? (
        <div className="grid gap-1">
          <p className="text-3xl font-semibold">{verdict.coupon.title}</p>
          <p className="text-xl opacity-90">{verdict.coupon.valueLabel}</p>
          <p className="text-2xl" data-testid="door-member">
            {memberLine(verdict.member)}
          </p>
        </div>
      ) : null}
      {verdict.kind === 'card' ? (
        <div className="grid gap-3">
          <p className="text-2xl" data-testid="door-member">
            {memberLine(verdict.member)} · {verdict.member.status === 'active' ? 'Active' : 'Disabled'}
          </p>
          {verdict.ok ? (
            verdict.coupons.length ? (
              <ul aria-label="Coupons usable tonight" className="grid gap-2">
                {verdict.coupons.map((coupon) => (
                  <CouponRow
                    key={coupon.userCouponId}
                    coupon={coupon}
                    redeemed={shown.redeemed.includes(coupon.userCouponId)}
                    busy={shown.redeeming !== null}
                    onRedeem={() => onRedeem(coupon.userCouponId)}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-lg opacity-90">No coupons usable tonight</p>
            )
          ) : null}
        </div>
      ) : null}
      {shown.problem ? (
        <p role="alert" className="rounded-lg bg-red-900/80 px-4 py-3 text-xl font-semibold">
          {shown.problem}
        </p>
      ) : null}
      {verdict.kind === 'card' ? undo : null}
      <div className="mt-auto grid gap-3">
        {verdict.kind === 'coupon' && verdict.ok && !shown.problem ? (
          <button
            type="button"
            onClick={() => onRedeem()}
            disabled={shown.redeeming !== null}
            className="min-h-20 rounded-2xl bg-white text-3xl font-bold uppercase tracking-wider text-emerald-800 disabled:opacity-60"
          >
            {shown.redeeming ? 'Redeeming...' : 'Redeem'}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onDismiss}
          className="min-h-14 rounded-2xl border-2 border-white/80 text-xl font-semibold uppercase tracking-wider"
        >
          {verdict.ok ? (verdict.kind === 'card' ? 'Done' : 'Dismiss') : 'Next'}
        </button>
      </div>
    </section>
  );
}

function Full({ tone, children, onTap }: { tone: string; children: ReactNode; onTap: () => void }) {
  return (
    <section className={`fixed inset-0 z-40 flex flex-col justify-center gap-6 p-6 text-white ${tone}`}>
      {children}
      <button
        type="button"
        onClick={onTap}
        className="min-h-14 rounded-2xl border-2 border-white/80 text-xl font-semibold uppercase"
      >
        Next
      </button>
    </section>
  );
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Typed entry, only when staff ask for it (no keyboard until then): upper case as typed, spaces and
 * hyphens allowed (the api ignores them). After too many wrong codes the field is locked with a
 * countdown from the api's retryAfter.
 */
function TypedEntry({
  onSubmit,
  lockedUntil,
  busy,
}: {
  onSubmit: (text: string) => void;
  lockedUntil: number | null;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const now = useNow(1000);
  const secondsLeft = lockedUntil ? Math.ceil((lockedUntil - now) / 1000) : 0;
  const locked = secondsLeft > 0;
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} className="w-full">
        Type a code
      </Button>
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
      {locked ? (
        <p role="status" className="text-amber-200">
          Too many wrong codes: typing again in <span data-testid="door-countdown">{mmss(secondsLeft)}</span>
        </p>
      ) : null}
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

function UndoBar({ last, undoing, onUndo }: { last: LastRedemption; undoing: boolean; onUndo: () => void }) {
  const now = useNow(1000);
  const left = Math.ceil((last.undoableUntil - now) / 1000);
  if (left <= 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-white/15 bg-night-900 px-4 py-3">
      <p className="min-w-0 text-sm text-white/85">
        {last.message} <span className="text-white/60">(undo for {mmss(left)})</span>
      </p>
      <Button variant="outline" onClick={onUndo} disabled={undoing}>
        {undoing ? 'Undoing...' : 'Undo'}
      </Button>
    </div>
  );
}

function Tally() {
  const tonight = useDoorTonight().data;
  if (!tonight) return <p className="text-sm text-white/70">Tonight</p>;
  const { redemptions, visits, undone } = tonight.mine;
  return (
    <p className="text-sm text-white/85" data-testid="door-tally">
      {formatVenueDate(tonight.night)}: <strong>{redemptions}</strong> redeemed by you
      {undone ? ` (${undone} undone)` : ''} · <strong>{visits}</strong> {visits === 1 ? 'visit' : 'visits'}
    </p>
  );
}

/**
 * Door mode (PRODUCT.md §2.12): the camera stays on; whatever it reads, a barcode scanner types or
 * staff type on request is checked by the api, and the verdict fills the screen. Undo the last
 * redemption for REDEMPTION_UNDO_MINUTES; tonight's tally on top; the screen kept awake.
 */
export function DoorMode({ startCamera, header }: { startCamera: DoorCamera; header?: ReactNode }) {
  const door = useDoorSession();
  const [cameraFailed, setCameraFailed] = useState(false);
  useWakeLock();
  useKeyboardWedge((text) => door.submit(text, 'scan'));
  const { screen } = door;
  const undo = door.lastRedemption ? (
    <UndoBar last={door.lastRedemption} undoing={door.undoing} onUndo={() => void door.undo()} />
  ) : null;

  return (
    <div className="flex min-h-dvh flex-col gap-3 bg-night-950 px-3 pb-4 pt-3 text-white" onPointerDown={unlockSound}>
      <title>Door · Nocturne</title>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="font-display text-2xl text-gold">Door</h1>
          <Tally />
        </div>
        {header}
      </header>
      <main className="grid gap-3">
        {cameraFailed ? (
          <p role="alert" className="rounded-xl bg-red-950/60 p-4 text-red-100">
            The camera could not start. Allow the camera for this site, or type the code.
          </p>
        ) : (
          <Camera start={startCamera} onDecoded={door.onDecoded} paused={door.paused} onError={() => setCameraFailed(true)} />
        )}
        <p className="min-h-6 text-center text-white/80" aria-live="polite">
          {screen.step === 'checking' ? 'Checking...' : 'Hold the QR code in the frame'}
        </p>
        {door.notice ? (
          <p role="status" className="rounded-lg bg-night-900 px-4 py-2 text-center">
            {door.notice}
          </p>
        ) : null}
        {/* Under a verdict the Undo is on the verdict's screen instead. */}
        {screen.step === 'scanning' || screen.step === 'checking' ? undo : null}
        <TypedEntry
          onSubmit={(text) => door.submit(text, 'typed')}
          lockedUntil={door.lockedUntil}
          busy={screen.step === 'checking'}
        />
        <p className="text-center text-xs text-white/60">A redemption can be undone for {REDEMPTION_UNDO_MINUTES} minutes.</p>
      </main>
      {screen.step === 'verdict' ? (
        <Verdict shown={screen} onRedeem={(id) => void door.redeem(id)} onDismiss={door.dismiss} undo={undo} />
      ) : null}
      {screen.step === 'redeemed' ? (
        <Full tone="bg-emerald-700" onTap={door.dismiss}>
          <p role="alert" className="text-4xl font-bold">
            {screen.message}
          </p>
          {undo}
        </Full>
      ) : null}
      {screen.step === 'failed' ? (
        <Full tone="bg-red-700" onTap={door.dismiss}>
          <p role="alert" className="text-4xl font-bold">
            {screen.message}
          </p>
        </Full>
      ) : null}
    </div>
  );
}
