/** Thrown by TakeTurns.run when the one waiting stopped waiting (its signal aborted) before its turn. */
export class TurnAbandoned extends Error {
  constructor() {
    super('Stopped waiting for a turn');
  }
}

/**
 * Runs work a few at a time, first come first served: the rest wait their turn. For work whose
 * cost (database connections, memory) grows with how many run at once, not with how many ask.
 */
export class TakeTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  /** How many wait for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` in its turn. When `signal` aborts while it waits (the client that asked has gone),
   * it leaves the line and rejects with TurnAbandoned: no turn is spent on an answer nobody reads.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new TurnAbandoned();
    if (this.running >= this.atOnce) await this.waitTurn(signal);
    else this.running += 1;
    try {
      // Gone between being handed the turn and taking it: the turn goes on to the next.
      if (signal?.aborted) throw new TurnAbandoned();
      return await work();
    } finally {
      this.pass();
    }
  }

  private waitTurn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new TurnAbandoned());
      };
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /** The turn passes straight to the next in line (the count stays), or is given back. */
  private pass(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
