import { TakeTurns, TurnAbandoned } from './take-turns.js';

/** Work that runs until released, recording that it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => (started.push(name), done.then(() => name)), release: () => release() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('TakeTurns', () => {
  it('runs one at a time, first come first served', async () => {
    const turns = new TakeTurns(1);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(started, name));
    const runs = [turns.run(a!.work), turns.run(b!.work), turns.run(c!.work)];
    await settle();
    expect(started).toEqual(['a']);
    expect(turns.queued).toBe(2);
    a!.release();
    await settle();
    expect(started).toEqual(['a', 'b']);
    b!.release();
    c!.release();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);
    expect(turns.queued).toBe(0);
  });

  it('lets a waiter whose client has gone leave the line: its work never runs and the next gets the turn', async () => {
    const turns = new TakeTurns(1);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(started, name));
    const gone = new AbortController();
    const first = turns.run(a!.work);
    const abandoned = turns.run(b!.work, gone.signal);
    const third = turns.run(c!.work);
    await settle();
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(TurnAbandoned);
    expect(turns.queued).toBe(1);
    a!.release();
    c!.release();
    await expect(Promise.all([first, third])).resolves.toEqual(['a', 'c']);
    expect(started).toEqual(['a', 'c']);
  });

  it('refuses at once a caller already gone, without taking a turn', async () => {
    const turns = new TakeTurns(1);
    const started: string[] = [];
    const gone = new AbortController();
    gone.abort();
    await expect(turns.run(gate(started, 'x').work, gone.signal)).rejects.toBeInstanceOf(TurnAbandoned);
    const next = gate(started, 'next');
    const run = turns.run(next.work);
    next.release();
    await expect(run).resolves.toBe('next');
    expect(started).toEqual(['next']);
  });
});
