import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DoorCheckResponse, DoorRedeemResponse } from '@nocturne/contracts';
import { ApiError } from '@/lib/api-client';
import { invalidate, REDEMPTION_KEYS } from '@/lib/query-keys';
import { redeemedMessage } from '@nocturne/domain';
import { checkAtDoor, doorTonightKey, redeemAtDoor, undoAtDoor, type DoorMethod } from '../api/door';
import { isNetworkFailure, useOfflineDoor } from '../offline/use-offline-door';
import { cue } from './cues';

/** A code the camera keeps seeing is checked once: again only after it was out of view this long. */
const OUT_OF_VIEW_MS = 1500;
/** A red answer gives way to the camera after this long (or a tap). */
const REFUSAL_SHOWN_MS = 4000;
/** "Redeemed" stays this long before the camera is back. */
const REDEEMED_SHOWN_MS = 2500;

/** What the screen shows: the camera (scanning), a check under way, or a verdict filling the screen. */
export type DoorScreen =
  | { step: 'scanning' }
  | { step: 'checking'; text: string }
  | {
      step: 'verdict';
      text: string;
      method: DoorMethod;
      verdict: DoorCheckResponse;
      /** A redemption under way (its coupon id, or 'coupon' for a scanned coupon). */
      redeeming: string | null;
      /** Coupons of a card redeemed from this screen. */
      redeemed: string[];
      /** A redemption refused after the check (someone else was faster). */
      problem: string | null;
      /** Decided on the device from tonight's data (no network): a redemption is queued. */
      offline?: { stale: string | null };
    }
  | { step: 'redeemed'; message: string }
  | { step: 'failed'; message: string };

/**
 * Marks the moment a read text goes to the api, and the verdict's first frame on screen, so the
 * time from decode to result (budget 300 ms, PRODUCT.md §2.12) can be read from the page's
 * performance timeline (`door: decode to verdict`). Where marks are missing, nothing happens.
 */
const DECODE_TO_VERDICT = 'door: decode to verdict';
/** Of which the api's answer (request sent to answer read). */
const API_ANSWER = 'door: api answer';
function mark(name: 'door:check' | 'door:answer' | 'door:verdict') {
  try {
    performance.mark(name);
    if (name === 'door:answer') performance.measure(API_ANSWER, 'door:check', 'door:answer');
    if (name === 'door:verdict') performance.measure(DECODE_TO_VERDICT, 'door:check', 'door:verdict');
  } catch {
    // No performance timeline here.
  }
}
export const markVerdictShown = () => mark('door:verdict');

/** The last redemption this device made, undoable until `undoableUntil`. */
export interface LastRedemption {
  userCouponId: string;
  message: string;
  undoableUntil: number;
}

/** A 401: the session ended (signed out elsewhere, role taken away). */
const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

const wordsOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? (error.serverMessage ?? fallback) : fallback;

/** Seconds a 429 asks to wait, from its body (retryAfter). */
const retryAfterOf = (error: unknown): number | null =>
  error instanceof ApiError && error.status === 429 ? Math.max(1, Number(error.body?.retryAfter) || 60) : null;

/** Typing waits on this phone (after its wrong codes) or on every phone of the account (its ceiling). */
export interface TypingLock {
  until: number;
  account: boolean;
}

/**
 * The typing lock a refused code brings (only short codes are ever refused so: a QR's token never
 * is, so the camera reading a member's QR goes on working meanwhile).
 */
const typingLockOf = (error: unknown): TypingLock | null => {
  const wait = retryAfterOf(error);
  if (wait === null) return null;
  const account = error instanceof ApiError && /from this account/.test(error.serverMessage ?? '');
  return { until: Date.now() + wait * 1000, account };
};

/**
 * Door mode's states (PRODUCT.md §2.12): every decoded, typed or wedge-scanned text is checked by
 * the api (routes.checkAtDoor), which answers the verdict in words; a green coupon waits for
 * Redeem or Dismiss, a red one gives way after REFUSAL_SHOWN_MS. The camera's text is checked once
 * while it stays in view, whatever staff tapped meanwhile: one scan-log row per attempt.
 */
export function useDoorSession() {
  const queryClient = useQueryClient();
  const [screen, setScreen] = useState<DoorScreen>({ step: 'scanning' });
  /** What is on screen now, for handlers that run between renders (camera frames, keys). */
  const current = useRef<DoorScreen>(screen);
  /** The text the camera saw last and when: while it keeps being seen, it is not checked again. */
  const seen = useRef<{ text: string; at: number } | null>(null);
  const show = useCallback((next: DoorScreen) => {
    // The camera decodes nothing under a verdict (see `paused`): back to scanning, the code last
    // seen counts as seen just now, so one still held up is not checked again.
    if (next.step === 'scanning' && current.current.step !== 'scanning' && seen.current) seen.current.at = Date.now();
    current.current = next;
    setScreen(next);
  }, []);
  /**
   * A check's answer is rendered at once: left to React's scheduler, its render is a task of its
   * own, which the browser may run only after painting a frame without the verdict.
   */
  const showNow = useCallback((next: DoorScreen) => flushSync(() => show(next)), [show]);
  const [lastRedemption, setLastRedemption] = useState<LastRedemption | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** Until when typed codes are refused (after a typed code's 429), as a Date.now() instant. */
  const [typingLock, setTypingLock] = useState<TypingLock | null>(null);

  const refresh = useCallback(() => invalidate(queryClient, doorTonightKey, ...REDEMPTION_KEYS), [queryClient]);
  const offline = useOfflineDoor();
  const offlineNow = useRef(offline);
  useEffect(() => {
    offlineNow.current = offline;
  });

  /** Decides with tonight's data on the device, as the api would; a card's first scan queues its visit. */
  const decideHere = useCallback(
    async (text: string, method: DoorMethod) => {
      const here = offlineNow.current;
      const decided = await here.decide(text);
      const { verdict } = decided;
      if (verdict.kind === 'card' && verdict.visit?.recorded && decided.memberKey)
        here.enqueue({ kind: 'visit', text, method }, { memberKey: decided.memberKey });
      cue(verdict.ok ? 'yes' : 'no');
      showNow({
        step: 'verdict',
        text,
        method,
        verdict,
        redeeming: null,
        redeemed: [],
        problem: null,
        offline: { stale: decided.stale },
      });
    },
    [showNow],
  );

  const check = useCallback(
    async (text: string, method: DoorMethod) => {
      mark('door:check');
      setNotice(null);
      if (offlineNow.current.offline) {
        const waited = !offlineNow.current.ready;
        if (!waited || (await offlineNow.current.whenReady(1500))) {
          // Door mode opened offline reads its stored data once; the verdict's own time starts after.
          if (waited) mark('door:check');
          return decideHere(text, method);
        }
      }
      show({ step: 'checking', text });
      try {
        const verdict = await checkAtDoor(text, method);
        mark('door:answer');
        cue(verdict.ok ? 'yes' : 'no');
        showNow({ step: 'verdict', text, method, verdict, redeeming: null, redeemed: [], problem: null });
        if (verdict.kind === 'card') void refresh();
      } catch (error) {
        if (isNetworkFailure(error) && offlineNow.current.ready) {
          offlineNow.current.lost();
          return decideHere(text, method);
        }
        cue('no');
        const lock = typingLockOf(error);
        if (lock) setTypingLock(lock);
        showNow({ step: 'failed', message: wordsOf(error, 'Could not check the code: try again') });
        // The tally's query then meets the 401 too, and the session gate sends staff to sign in.
        if (sessionEnded(error)) void refresh();
      }
    },
    [decideHere, refresh, show, showNow],
  );

  /** A text the camera decoded: checked unless it is the one still in view, or a verdict awaits a decision. */
  const onDecoded = useCallback(
    (text: string) => {
      const now = Date.now();
      const last = seen.current;
      if (last && last.text === text && now - last.at < OUT_OF_VIEW_MS) {
        last.at = now;
        return;
      }
      const shown = current.current;
      if (shown.step === 'checking' || shown.step === 'redeemed') return;
      // Green (a coupon to redeem, a card's coupons) waits for staff; red gives way to the next code.
      if (shown.step === 'verdict' && (shown.verdict.ok || shown.redeeming)) return;
      seen.current = { text, at: now };
      void check(text, 'scan');
    },
    [check],
  );

  /** A text typed by staff or by a keyboard-wedge scanner: an explicit attempt, always checked. */
  const submit = useCallback(
    (text: string, method: DoorMethod) => {
      if (current.current.step === 'checking') return;
      void check(text, method);
    },
    [check],
  );

  /**
   * True unless the camera view is on screen: while a check is on its way (its answer is not kept
   * waiting behind a decode on the main thread) and under a verdict, the camera decodes nothing.
   */
  const paused = useCallback(() => current.current.step !== 'scanning', []);

  /**
   * Staff are done with this verdict. A code still held up stays ignored until it was out of view
   * (as after Redeem or the red's timeout): checking it again at once would show the same verdict
   * again, log another line and, for a green one, never let Dismiss clear the screen.
   */
  const dismiss = useCallback(() => show({ step: 'scanning' }), [show]);

  const redeem = useCallback(
    async (userCouponId?: string) => {
      const shown = current.current;
      if (shown.step !== 'verdict' || shown.redeeming) return;
      if (shown.offline) {
        // Decided on the device: queued with the coupon's code hash, sent when the network is back.
        const coupon =
          shown.verdict.kind === 'coupon'
            ? shown.verdict.coupon
            : shown.verdict.kind === 'card'
              ? shown.verdict.coupons.find((held) => held.userCouponId === userCouponId)
              : undefined;
        if (!coupon || shown.verdict.kind === 'unknown') return;
        offlineNow.current.enqueue(
          {
            kind: 'redeem',
            text: shown.text,
            method: shown.method,
            ...(shown.verdict.kind === 'card' ? { couponHash: coupon.userCouponId } : {}),
          },
          { couponHash: coupon.userCouponId },
        );
        cue('yes');
        if (shown.verdict.kind === 'card') show({ ...shown, redeemed: [...shown.redeemed, coupon.userCouponId] });
        else show({ step: 'redeemed', message: redeemedMessage(coupon.title, shown.verdict.member.firstName) });
        return;
      }
      show({ ...shown, redeeming: userCouponId ?? 'coupon', problem: null });
      try {
        const answer: DoorRedeemResponse = await redeemAtDoor(shown.text, shown.method, userCouponId);
        cue('yes');
        setLastRedemption({
          userCouponId: answer.userCouponId,
          message: answer.message,
          undoableUntil: Date.parse(answer.undoableUntil),
        });
        if (shown.verdict.kind === 'card') {
          show({ ...shown, redeeming: null, redeemed: [...shown.redeemed, answer.userCouponId] });
        } else show({ step: 'redeemed', message: answer.message });
      } catch (error) {
        cue('no');
        const lock = typingLockOf(error);
        if (lock) setTypingLock(lock);
        show({ ...shown, redeeming: null, problem: wordsOf(error, 'Could not redeem: try again') });
      }
      void refresh();
    },
    [refresh, show],
  );

  const undo = useCallback(async () => {
    if (!lastRedemption || undoing) return;
    setUndoing(true);
    try {
      const answer = await undoAtDoor(lastRedemption.userCouponId);
      setNotice(answer.message);
      setLastRedemption(null);
      // What the camera still sees is checked again: the coupon just undone shows its new verdict
      // (usable again) without taking it out of the frame first.
      seen.current = null;
    } catch (error) {
      setNotice(wordsOf(error, 'Could not undo: try again'));
      if (error instanceof ApiError && (error.status === 409 || error.status === 403)) setLastRedemption(null);
    } finally {
      setUndoing(false);
    }
    void refresh();
  }, [lastRedemption, undoing, refresh]);

  // Back to the camera on its own: red after a few seconds, "Redeemed" after a moment, and a card
  // with nothing to redeem as red does. Green waits for staff.
  useEffect(() => {
    const waitFor =
      screen.step === 'failed'
        ? REFUSAL_SHOWN_MS
        : screen.step === 'redeemed'
          ? REDEEMED_SHOWN_MS
          : screen.step === 'verdict' &&
              !screen.redeeming &&
              (!screen.verdict.ok || (screen.verdict.kind === 'card' && screen.verdict.coupons.length === 0))
            ? REFUSAL_SHOWN_MS
            : null;
    if (waitFor === null) return;
    const timer = setTimeout(() => show({ step: 'scanning' }), waitFor);
    return () => clearTimeout(timer);
  }, [screen, show]);

  return {
    screen,
    paused,
    onDecoded,
    submit,
    dismiss,
    redeem,
    undo,
    undoing,
    lastRedemption,
    notice,
    lockedUntil: typingLock?.until ?? null,
    lockedAccount: typingLock?.account ?? false,
    /** "Online", "Offline: 12 scans waiting, data from 23:38", "Synced 23:52". */
    status: offline.status,
    /** Whether tonight's data is on the device (scans can be decided here without a network). */
    offlineReady: offline.ready,
    /** What the api said of scans sent from offline: "Used twice: ...", "Member account disabled". */
    conflicts: offline.conflicts,
  };
}
