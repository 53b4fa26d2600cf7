import { useState, type ReactNode } from 'react';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { useDoorVenue } from '@/lib/staff-venue';
import { unlockSound } from '../hooks/cues';
import { useDoorSession } from '../hooks/use-door-session';
import { useKeyboardWedge } from '../hooks/use-keyboard-wedge';
import { useWakeLock } from '../hooks/use-wake-lock';
import { Camera, type DoorCamera } from './Camera';
import { DoorPicker, useChosenDoor } from './DoorPicker';
import { DoorVenueButton, DoorVenuePicker } from './DoorVenuePicker';
import { FullScreen } from './FullScreen';
import { GuestListSearch } from './GuestListSearch';
import { Tally } from './Tally';
import { TypedEntry } from './TypedEntry';
import { UndoBar } from './UndoBar';
import { Verdict } from './Verdict';

export type { DoorCamera } from './Camera';

/**
 * Door mode (PRODUCT.md §2.12): the camera stays on; whatever it reads, a barcode scanner types or
 * staff type on request is checked by the api, and the verdict fills the screen. Undo the last
 * redemption for REDEMPTION_UNDO_MINUTES; tonight's tally on top; the screen kept awake.
 */
export function DoorMode({ startCamera, header }: { startCamera: DoorCamera; header?: ReactNode }) {
  const door = useDoorSession();
  const named = useChosenDoor();
  const venue = useDoorVenue();
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
          <Tally doorId={named.door?.id} />
          <p
            data-testid="door-status"
            data-ready={door.offlineReady ? 'true' : 'false'}
            aria-live="polite"
            className="text-sm text-white/70"
          >
            {door.status}
          </p>
        </div>
        <DoorVenueButton />
        {named.door ? (
          <Button variant="ghost" onClick={() => named.choose(null)} aria-label={`At ${named.door.name}: change door`}>
            {named.door.name} · Change
          </Button>
        ) : null}
        {header}
      </header>
      {named.door && screen.step !== 'scanning' && screen.step !== 'checking' ? (
        // Above the verdict: which door this verdict is at.
        <p data-testid="door-name" className="fixed right-3 top-3 z-50 rounded-full bg-black/60 px-3 py-1 text-sm">
          {named.door.name}
        </p>
      ) : null}
      {venue.asking ? (
        <DoorVenuePicker venues={venue.venues} onPick={venue.choose} />
      ) : named.asking ? (
        <DoorPicker doors={named.doors} onPick={named.choose} />
      ) : (
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
          {door.conflicts.map((conflict, i) => (
            <p key={`${i}-${conflict}`} role="status" className="rounded-lg bg-amber-900/80 px-4 py-2 text-center">
              {conflict}
            </p>
          ))}
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
            lockedAccount={door.lockedAccount}
            busy={screen.step === 'checking'}
          />
          <GuestListSearch />
          <p className="text-center text-xs text-white/60">A redemption can be undone for {REDEMPTION_UNDO_MINUTES} minutes.</p>
        </main>
      )}
      {screen.step === 'verdict' ? (
        <Verdict shown={screen} onRedeem={(id) => void door.redeem(id)} onDismiss={door.dismiss} undo={undo} />
      ) : null}
      {screen.step === 'redeemed' ? (
        <FullScreen tone="bg-emerald-700" onTap={door.dismiss}>
          <p role="alert" className="text-4xl font-bold">
            {screen.message}
          </p>
          {undo}
        </FullScreen>
      ) : null}
      {screen.step === 'failed' ? (
        <FullScreen tone="bg-red-700" onTap={door.dismiss}>
          <p role="alert" className="text-4xl font-bold">
            {screen.message}
          </p>
        </FullScreen>
      ) : null}
    </div>
  );
}
