import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { invalidate, REDEMPTION_KEYS } from '@/lib/query-keys';
import { type CameraControls, startDecodingCamera, type StartCamera } from '../api/camera';
import { ValidatedCard, ValidatedCoupon } from './ScanVerdicts';
import { useScanSession } from './use-scan-session';

/**
 * The camera view. Starts and stops are chained so a quick close/reopen never overlaps two cameras;
 * picking another camera restarts it. Its border turns green for a valid code and red for a refusal.
 */
function CameraView({
  startCamera,
  onDecoded,
  outcome,
}: {
  startCamera: StartCamera;
  onDecoded: (text: string) => void;
  outcome: 'valid' | 'refused' | null;
}) {
  const elementId = `qr-camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const decoded = useRef(onDecoded);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [controls, setControls] = useState<CameraControls | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  useEffect(() => {
    decoded.current = onDecoded;
  });

  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    chain.current = chain.current.then(async () => {
      if (cancelled) return;
      try {
        stop = await startCamera(elementId, (text) => decoded.current(text), {
          deviceId,
          onControls: (offered) => {
            if (cancelled) return;
            setControls(offered);
            setTorchOn(false);
          },
        });
        if (cancelled) await stop();
      } catch {
        if (!cancelled) {
          toast({
            title: 'Camera Error',
            description: 'Failed to access camera. Please check permissions.',
            variant: 'destructive',
          });
        }
      }
    });
    return () => {
      cancelled = true;
      chain.current = chain.current.then(() => stop?.());
    };
  }, [elementId, startCamera, deviceId]);

  const toggleTorch = () => {
    const next = !torchOn;
    controls?.setTorch?.(next).then(
      () => setTorchOn(next),
      () =>
        toast({ title: 'Torch unavailable', description: 'This camera would not switch its light on.', variant: 'destructive' }),
    );
  };
  const ring =
    outcome === 'valid' ? 'ring-4 ring-emerald-400' : outcome === 'refused' ? 'ring-4 ring-red-500' : 'ring-1 ring-white/10';

  return (
    <div className="grid gap-2">
      <div
        id={elementId}
        data-testid="qr-camera"
        data-outcome={outcome ?? ''}
        className={`relative mx-auto w-full max-w-sm overflow-hidden rounded-lg bg-black transition-shadow ${ring}`}
      />
      {controls && (controls.setTorch || controls.cameras.length > 1) ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          {controls.setTorch ? (
            <Button variant="outline" onClick={toggleTorch} aria-pressed={torchOn}>
              {torchOn ? 'Torch Off' : 'Torch On'}
            </Button>
          ) : null}
          {controls.cameras.length > 1 ? (
            <label className="flex items-center gap-2 text-sm text-white/80">
              Camera
              <select
                className="rounded-md border border-white/20 bg-night-950 px-2 py-2 text-white"
                value={controls.deviceId ?? ''}
                onChange={(event) => setDeviceId(event.target.value)}
              >
                {controls.cameras.map((camera) => (
                  <option key={camera.deviceId} value={camera.deviceId}>
                    {camera.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ManualEntry({ onSubmit, disabled }: { onSubmit: (text: string) => void; disabled: boolean }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim()) onSubmit(text.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Enter code manually" className="grid gap-2">
      <TextField
        label="Short code (if the camera fails)"
        name="manualCode"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="K7QM-3XPD-2A9"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="The code under the member's QR or card; any case, with or without hyphens. The QR's text works too."
      />
      <Button type="submit" variant="outline" disabled={disabled || !text.trim()}>
        Check Code
      </Button>
    </form>
  );
}

/** The QR scanner (PRODUCT.md §2.10): camera, validated details, Redeem Coupon / Scan Another. */
export function ScannerDialog({
  open,
  onOpenChange,
  startCamera = startDecodingCamera,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  startCamera?: StartCamera;
}) {
  const queryClient = useQueryClient();
  const changeOpen = (next: boolean) => {
    // Every scan is logged, and a redemption changes the coupon's counts and the overview's.
    if (!next) void invalidate(queryClient, ...REDEMPTION_KEYS);
    onOpenChange(next);
  };
  return (
    <Modal open={open} onOpenChange={changeOpen} title="Scan QR Code" description="Position the QR code within the camera frame">
      {open ? <ScannerBody startCamera={startCamera} onDone={() => changeOpen(false)} /> : null}
    </Modal>
  );
}

function ScannerBody({ startCamera, onDone }: { startCamera: StartCamera; onDone: () => void }) {
  const { state, outcome, handleScan, redeem, scanAnother } = useScanSession(onDone);
  const showing = state.step === 'validated' || state.step === 'redeeming' ? state : null;
  const redeeming = state.step === 'redeeming';
  return (
    <div className="grid gap-4">
      {/* The camera stays on while details show, so Scan Another is instant. */}
      <div className={showing ? 'hidden' : ''}>
        <CameraView startCamera={startCamera} onDecoded={(text) => void handleScan(text, 'scan')} outcome={outcome} />
        <p className="mt-2 min-h-5 text-center text-sm text-white/75" aria-live="polite">
          {state.step === 'checking' ? 'Checking code...' : ''}
        </p>
      </div>
      {showing ? (
        <>
          {showing.verdict.kind === 'coupon' ? (
            <ValidatedCoupon verdict={showing.verdict} />
          ) : (
            <ValidatedCard verdict={showing.verdict} redeeming={redeeming} onRedeem={(id) => void redeem(id)} />
          )}
          <div className="flex flex-wrap gap-3">
            {showing.verdict.kind === 'coupon' ? (
              <Button onClick={() => void redeem()} disabled={redeeming}>
                {redeeming ? 'Redeeming...' : 'Redeem Coupon'}
              </Button>
            ) : null}
            <Button variant="outline" onClick={scanAnother} disabled={redeeming}>
              Scan Another
            </Button>
          </div>
        </>
      ) : (
        <ManualEntry onSubmit={(text) => void handleScan(text, 'typed')} disabled={state.step === 'checking'} />
      )}
    </div>
  );
}
