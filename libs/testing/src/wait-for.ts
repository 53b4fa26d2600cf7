/** Polls `probe` until it returns a truthy value or the timeout passes. */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${options.what ?? 'condition'}${lastError ? `: ${(lastError as Error).message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}

/**
 * Conditional GETs of routes with `everySeconds` put the clock's bucket into their ETag (15 or 60
 * seconds, both counted from the epoch), so an ETag taken just before a bucket's end stops
 * matching a moment later. Before asserting a 304 on such a route, wait out the rest of a bucket
 * that has less than `withinMs` left; every 60-second tick is also a 15-second one.
 */
export async function clearOfEtagClockTick(withinMs = 3000, everySeconds = 15): Promise<void> {
  const period = everySeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < withinMs) await new Promise((resolve) => setTimeout(resolve, left + 20));
}

/**
 * Waits for a teardown step up to `ms`; past that, says on stderr which step is still pending and
 * what the process still holds open, and returns with the step left running (jest's forceExit and
 * the global teardown's database sweep end what it held). Returns whether the step finished.
 */
export async function settleWithin(what: string, step: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    step.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!finished) {
    process.stderr.write(
      `teardown: ${what} still pending after ${ms} ms; moving on. Open: ${process.getActiveResourcesInfo().join(', ')}\n`,
    );
  }
  return finished;
}
