/**
 * A value read at most once per `freshForMs` in this process: callers within that time share one
 * read (the same promise, in flight or settled). A failed read is not kept, so the next call reads
 * again; `forget()` drops the value after a change this process made.
 */
export class KeptFor<T> {
  private held: { at: number; value: Promise<T> } | undefined;

  constructor(
    private readonly freshForMs: number,
    private readonly read: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (!this.held || now - this.held.at > this.freshForMs) {
      const held = { at: now, value: this.read() };
      this.held = held;
      held.value.catch(() => {
        if (this.held === held) this.held = undefined;
      });
    }
    return this.held.value;
  }

  forget(): void {
    this.held = undefined;
  }
}
