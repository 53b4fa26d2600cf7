import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { checkAtDoor, type DoorMethod, redeemAtDoor } from '@/lib/door-calls';
import { invalidate, REDEMPTION_KEYS } from '@/lib/query-keys';
import { undoRedemption } from '@/lib/undo-redemption';

/** A green verdict: a coupon to redeem, or a member card with the coupons usable tonight. */
export type GoodVerdict = Extract<DoorCheckResponse, { kind: 'coupon' | 'card' }>;

/** What was checked, as it was sent: redeeming sends the same text and method. */
interface Checked {
  text: string;
  method: DoorMethod;
  verdict: GoodVerdict;
}

export type ScanState =
  | { step: 'scanning' }
  | { step: 'checking' }
  | ({ step: 'validated' } & Checked)
  | ({ step: 'redeeming'; userCouponId: string | undefined } & Checked);

// The camera keeps seeing a rejected code; it is ignored for this long so staff get one message.
const REJECTED_CODE_QUIET_MS = 4000;

// Long enough to reach the toast's Undo after a wrong scan; later, the scan log offers it.
const UNDO_TOAST_MS = 15_000;

const INVALID_FALLBACK = 'This QR code is invalid or has already been redeemed.';

const scanError = () => toast({ title: 'Scan Error', description: 'Failed to process QR code', variant: 'destructive' });

/** A cue staff notice without reading the screen: a short buzz for a valid code, three for a refusal. */
function buzz(outcome: 'valid' | 'refused') {
  try {
    navigator.vibrate?.(outcome === 'valid' ? 120 : [80, 60, 80, 60, 80]);
  } catch {
    // Not allowed here (no user gesture yet): the colour still shows.
  }
}

/**
 * The scanner's states (PRODUCT.md §4): scanning → validated → redeemed (closes) or Scan Another. One
 * scan is handled at a time; after a refusal it re-arms. It checks and redeems through the door's
 * endpoints, as door mode does, so a code gets the same verdict in the same words wherever staff
 * scan or type it; refusals show as PRODUCT.md §8's toasts with the api's words.
 */
export function useScanSession(onRedeemed: () => void) {
  const [state, setState] = useState<ScanState>({ step: 'scanning' });
  /** The last outcome, for the camera frame's colour: green for valid, red for refused. */
  const [outcome, setOutcome] = useState<'valid' | 'refused' | null>(null);
  const busy = useRef(false);
  const queryClient = useQueryClient();
  const rejected = useRef<{ text: string; at: number } | null>(null);

  const refuse = (description: string) => {
    setOutcome('refused');
    buzz('refused');
    toast({ title: 'Invalid QR Code', description, variant: 'destructive' });
  };

  const rearm = (text?: string) => {
    if (text) rejected.current = { text, at: Date.now() };
    busy.current = false;
    setState({ step: 'scanning' });
  };

  const handleScan = async (text: string, method: DoorMethod) => {
    const last = rejected.current;
    if (busy.current || (last && last.text === text && Date.now() - last.at < REJECTED_CODE_QUIET_MS)) return;
    busy.current = true;
    setState({ step: 'checking' });
    try {
      const verdict = await checkAtDoor(text, method);
      if (!verdict.ok) {
        refuse(verdict.message || INVALID_FALLBACK);
        return rearm(text);
      }
      setOutcome('valid');
      buzz('valid');
      setState({ step: 'validated', text, method, verdict });
    } catch (error) {
      // A 429 (too many wrong typed codes) says so in words, like any other refusal.
      if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 403) {
        refuse(error.serverMessage ?? INVALID_FALLBACK);
      } else {
        setOutcome('refused');
        buzz('refused');
        scanError();
      }
      rearm(text);
    }
  };

  /** Redeems the checked coupon, or the chosen one of a checked card's coupons. */
  const redeem = async (userCouponId?: string) => {
    if (state.step !== 'validated') return;
    const { text, method, verdict } = state;
    setState({ step: 'redeeming', text, method, verdict, userCouponId });
    try {
      const answer = await redeemAtDoor(text, method, userCouponId);
      toast({
        title: 'Coupon Redeemed!',
        description: answer.message,
        action: {
          label: 'Undo',
          altText: 'Undo it from Recent scans in the Coupons tab',
          onClick: () => void undo(answer.userCouponId),
        },
        durationMs: UNDO_TOAST_MS,
      });
      onRedeemed();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        toast({ title: 'Redemption Failed', description: error.serverMessage ?? error.message, variant: 'destructive' });
      } else toast({ title: 'Error', description: 'Failed to redeem coupon', variant: 'destructive' });
      rearm(text);
    }
  };

  // The dialog has closed by now: the answer comes as a toast, and the admin lists refresh.
  const undo = async (userCouponId: string) => {
    try {
      const answer = await undoRedemption(userCouponId);
      toast({ title: 'Redemption undone', description: answer.message });
    } catch (error) {
      const description =
        error instanceof ApiError && error.status < 500
          ? (error.serverMessage ?? error.message)
          : 'Failed to undo the redemption';
      toast({ title: 'Undo Failed', description, variant: 'destructive' });
    }
    await invalidate(queryClient, ...REDEMPTION_KEYS);
  };

  return {
    state,
    outcome,
    handleScan,
    redeem,
    scanAnother: () => {
      setOutcome(null);
      rearm();
    },
  };
}
