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

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line (the count stays), or is given back.
      if (next) next();
      else this.running -= 1;
    }
  }
}
