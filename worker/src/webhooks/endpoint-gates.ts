/** A delivery may go now, or should come back after `waitMs` (its endpoint is busy or its circuit open). */
export type GateVerdict = { go: true } | { go: false; waitMs: number; why: string };

export interface EndpointGateOptions {
  /** Deliveries to one endpoint in flight at once, per worker. */
  concurrency: number;
  /** Consecutive failures (timeouts, network errors, 5xx) that open the endpoint's circuit. */
  failuresToOpen: number;
  /** How long an open circuit postpones deliveries before one is let through to try again. */
  openMs: number;
  /** How soon a delivery turned away by a busy endpoint comes back. */
  busyRetryMs: number;
}

export const DEFAULT_GATE_OPTIONS: Omit<EndpointGateOptions, 'concurrency'> = {
  failuresToOpen: 5,
  openMs: 60_000,
  busyRetryMs: 1_000,
};

interface EndpointState {
  inFlight: number;
  failures: number;
  openUntil: number;
  /** While half-open, the one trial delivery is out. */
  trial: boolean;
}

/**
 * Per webhook endpoint, in this worker (security review L10): a cap on deliveries in flight, so
 * one slow receiver holds at most `concurrency` of the queue's slots, and a circuit breaker, so a
 * receiver that keeps failing is left alone for `openMs` instead of taking a slot and a timeout
 * for every delivery. A turned-away delivery is postponed, not failed: it burns no attempt.
 */
export class EndpointGates {
  private readonly endpoints = new Map<string, EndpointState>();

  constructor(
    private readonly options: EndpointGateOptions,
    private readonly now: () => number = Date.now,
  ) {}

  enter(endpointId: string): GateVerdict {
    const state = this.state(endpointId);
    const now = this.now();
    if (state.openUntil > now)
      return { go: false, waitMs: state.openUntil - now, why: 'its circuit is open after repeated failures' };
    const halfOpen = state.failures >= this.options.failuresToOpen;
    if (halfOpen && state.trial) return { go: false, waitMs: this.options.busyRetryMs, why: 'a trial delivery is out' };
    if (state.inFlight >= this.options.concurrency)
      return { go: false, waitMs: this.options.busyRetryMs, why: `${state.inFlight} deliveries to it are in flight` };
    state.inFlight += 1;
    if (halfOpen) state.trial = true;
    return { go: true };
  }

  /** The delivery that entered has ended: `ok` (2xx) closes the circuit, a failure counts toward opening it. */
  leave(endpointId: string, ok: boolean): void {
    const state = this.state(endpointId);
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.trial = false;
    if (ok) {
      state.failures = 0;
      state.openUntil = 0;
      return;
    }
    state.failures += 1;
    if (state.failures >= this.options.failuresToOpen) state.openUntil = this.now() + this.options.openMs;
  }

  private state(endpointId: string): EndpointState {
    let state = this.endpoints.get(endpointId);
    if (!state) {
      state = { inFlight: 0, failures: 0, openUntil: 0, trial: false };
      this.endpoints.set(endpointId, state);
    }
    return state;
  }
}
