import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { QrValidateResponse } from '@nocturne/contracts';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { invalidate, REDEMPTION_KEYS } from '@/lib/query-keys';
import { undoRedemption } from '@/lib/undo-redemption';
import { codeText, parseScannedCode, redeemCode, validateCode, type ScannedCode } from '../api/qr';

export type ScanState =
  | { step: 'scanning' }
  | { step: 'checking' }
  | { step: 'validated'; code: ScannedCode; result: QrValidateResponse }
  | { step: 'redeeming'; code: ScannedCode; result: QrValidateResponse };

// The camera keeps seeing a rejected code; it is ignored for this long so staff get one message.
const REJECTED_CODE_QUIET_MS = 4000;

const memberName = (result: QrValidateResponse) =>
  [result.user?.firstName, result.user?.lastName].filter(Boolean).join(' ') || 'the member';

// Long enough to reach the toast's Undo after a wrong scan; later, the scan log offers it.
const UNDO_TOAST_MS = 15_000;

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
 * scan is handled at a time; after an invalid scan it re-arms. Its messages are PRODUCT.md §8's.
 */
export function useScanSession(onRedeemed: () => void) {
  const [state, setState] = useState<ScanState>({ step: 'scanning' });
  /** The last outcome, for the camera frame's colour: green for valid, red for refused. */
  const [outcome, setOutcome] = useState<'valid' | 'refused' | null>(null);
  const busy = useRef(false);
  const queryClient = useQueryClient();
  const rejected = useRef<{ text: string; at: number } | null>(null);

  const refuse = () => {
    setOutcome('refused');
    buzz('refused');
  };

  const rearm = (text?: string) => {
    if (text) rejected.current = { text, at: Date.now() };
    busy.current = false;
    setState({ step: 'scanning' });
  };

  const handleScan = async (text: string) => {
    const last = rejected.current;
    if (busy.current || (last && last.text === text && Date.now() - last.at < REJECTED_CODE_QUIET_MS)) return;
    busy.current = true;
    const code = parseScannedCode(text);
    if (!code) {
      refuse();
      scanError();
      return rearm(text);
    }
    setState({ step: 'checking' });
    try {
      const result = await validateCode(code);
      if (!result.valid) {
        refuse();
        toast({
          title: 'Invalid QR Code',
          description: result.message || 'This QR code is invalid or has already been redeemed.',
          variant: 'destructive',
        });
        return rearm(text);
      }
      setOutcome('valid');
      buzz('valid');
      setState({ step: 'validated', code, result });
    } catch (error) {
      refuse();
      if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 403) {
        toast({
          title: 'Invalid QR Code',
          description: error.serverMessage ?? 'This QR code is invalid or has already been redeemed.',
          variant: 'destructive',
        });
      } else scanError();
      rearm(text);
    }
  };

  const redeem = async () => {
    if (state.step !== 'validated') return;
    const { code, result } = state;
    setState({ step: 'redeeming', code, result });
    try {
      const answer = await redeemCode(code);
      if (!answer.success) throw new ApiError(409, answer.message, { message: answer.message });
      const { userCouponId } = answer;
      toast({
        title: 'Coupon Redeemed!',
        description: `${result.coupon?.title ?? 'Coupon'} redeemed for ${memberName(result)}.`,
        ...(userCouponId && {
          action: {
            label: 'Undo',
            altText: 'Undo it from Recent scans in the Coupons tab',
            onClick: () => void undo(userCouponId),
          },
          durationMs: UNDO_TOAST_MS,
        }),
      });
      onRedeemed();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        toast({ title: 'Redemption Failed', description: error.serverMessage ?? error.message, variant: 'destructive' });
      } else toast({ title: 'Error', description: 'Failed to redeem coupon', variant: 'destructive' });
      rearm(codeText(code));
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
