import {
  HashQueueFullException,
  hashesRunning,
  MAX_ANONYMOUS_WAITING,
  MAX_PARALLEL_HASHES,
  PasswordHasher,
} from './password-hasher.js';

// Small parameters keep the test quick; the rules do not depend on them.
const hasher = new PasswordHasher({ N: 2 ** 12, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('verifies the password it hashed and refuses any other', async () => {
    const stored = await hasher.hash('velvet-rope-2026');
    expect(stored).toMatch(/^scrypt\$4096\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    await expect(hasher.verify('velvet-rope-2026', stored)).resolves.toBe(true);
    await expect(hasher.verify('velvet-rope-2027', stored)).resolves.toBe(false);
    await expect(hasher.verify('velvet-rope-2026', 'not a hash')).resolves.toBe(false);
  });

  it('treats composed and decomposed unicode as the same password', async () => {
    const stored = await hasher.hash('Caf\u00e9-nocturne-2026');
    await expect(hasher.verify('Cafe\u0301-nocturne-2026', stored)).resolves.toBe(true);
  });

  it('asks for a rehash when the stored parameters are not the current ones', async () => {
    const stored = await new PasswordHasher({ N: 2 ** 10, r: 8, p: 1 }).hash('velvet-rope-2026');
    expect(hasher.needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('velvet-rope-2026'))).toBe(false);
  });

  it(`runs at most ${MAX_PARALLEL_HASHES} hashes at once and finishes every one`, async () => {
    let most = 0;
    const watch = <T>(work: Promise<T>) => work.finally(() => (most = Math.max(most, hashesRunning())));
    const jobs = Array.from({ length: 8 }, (_, i) => watch(hasher.hash(`velvet-rope-${i}-2026`)));
    most = Math.max(most, hashesRunning());
    expect(hashesRunning()).toBe(MAX_PARALLEL_HASHES);
    const hashes = await Promise.all(jobs);
    expect(new Set(hashes).size).toBe(8);
    expect(most).toBe(MAX_PARALLEL_HASHES);
    expect(hashesRunning()).toBe(0);
  });

  it('gives the slot back when scrypt refuses its parameters', async () => {
    const broken = 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const attempts = Array.from({ length: 4 }, () => hasher.verify('velvet-rope-2026', broken));
    await expect(Promise.all(attempts)).rejects.toThrow(/N|scrypt|parameter/i);
    await Promise.allSettled(attempts);
    expect(hashesRunning()).toBe(0);
    await expect(hasher.verify('velvet-rope-2026', await hasher.hash('velvet-rope-2026'))).resolves.toBe(true);
  });

  it(`runs anonymous work in one slot, in a line of ${MAX_ANONYMOUS_WAITING}, and refuses more with 503`, async () => {
    const accepted = Array.from({ length: 1 + MAX_ANONYMOUS_WAITING }, (_, i) => hasher.hash(`anonymous-${i}-2026`, 'anonymous'));
    expect(hashesRunning('anonymous')).toBe(1);
    const refused = hasher.hash('one-too-many-2026', 'anonymous');
    await expect(refused).rejects.toBeInstanceOf(HashQueueFullException);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 5, status: 503 });
    // A sign-in does not wait for the anonymous line: it takes the slot anonymous work may not use,
    // and is done long before the line is (behind it, it would finish last). Not compared with the
    // first in line, one hash after it: on a loaded machine the thread pool may finish that first.
    const order: string[] = [];
    const signIn = hasher.hash('signing-in-2026').then(() => order.push('sign-in'));
    void accepted.at(-1)!.then(() => order.push('last anonymous'));
    expect(hashesRunning('priority')).toBe(1);
    expect(hashesRunning('anonymous')).toBe(1);
    await Promise.all([...accepted, signIn]);
    expect(order).toEqual(['sign-in', 'last anonymous']);
    expect(hashesRunning()).toBe(0);
  });

  it('serves waiting priority work before waiting anonymous work', async () => {
    const busy = [hasher.hash('busy-one-2026'), hasher.hash('busy-two-2026')];
    const anonymous = hasher.hash('anonymous-2026', 'anonymous');
    const priority = hasher.hash('priority-2026');
    // When the first slot frees, the priority hash (queued second) gets it, not the anonymous one.
    const afterFirst = await Promise.race(busy).then(() => ({
      priority: hashesRunning('priority'),
      anonymous: hashesRunning('anonymous'),
    }));
    expect(afterFirst).toEqual({ priority: 2, anonymous: 0 });
    await Promise.all([...busy, anonymous, priority]);
    expect(hashesRunning()).toBe(0);
  });
});
