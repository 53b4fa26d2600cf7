import { HttpStatus } from '@nestjs/common';
import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { RetryLaterException } from '#common/http/retry-later.js';

/**
 * Each scrypt holds 128·N·r bytes (32 MiB at the current parameters) on a libuv thread. Two at a
 * time keep a burst of sign-ins inside the api's memory budget (4 threads would hold 128 MiB)
 * and leave threads free for other work; more would not finish sooner on a 2-core machine.
 */
export const MAX_PARALLEL_HASHES = 2;

/**
 * Two lanes share the slots. `priority` (sign-in, work of a signed-in member) goes first and waits
 * as long as it must. `anonymous` (register, password reset: anyone can send these at will) runs
 * in at most MAX_ANONYMOUS_RUNNING slots, so a sign-in always finds one free of it, starts only
 * when no priority work waits, and waits in a line of at most MAX_ANONYMOUS_WAITING: past that it
 * is refused with 503 + Retry-After instead of queueing ahead of sign-ins.
 */
export type HashLane = 'priority' | 'anonymous';
const MAX_ANONYMOUS_RUNNING = 1;
export const MAX_ANONYMOUS_WAITING = 16;
const HASH_QUEUE_RETRY_AFTER_SECONDS = 5;

export class HashQueueFullException extends RetryLaterException {
  constructor() {
    super(
      HASH_QUEUE_RETRY_AFTER_SECONDS,
      'We are very busy right now. Please try again in a few seconds.',
      HttpStatus.SERVICE_UNAVAILABLE,
      {
        success: false,
      },
    );
  }
}

const running: Record<HashLane, number> = { priority: 0, anonymous: 0 };
const waiting: Record<HashLane, (() => void)[]> = { priority: [], anonymous: [] };

function canStart(lane: HashLane): boolean {
  if (running.priority + running.anonymous >= MAX_PARALLEL_HASHES) return false;
  return lane === 'priority' || (running.anonymous < MAX_ANONYMOUS_RUNNING && waiting.priority.length === 0);
}

/** Hands free slots to waiting work, priority first. The slot is counted here, before the waiter wakes. */
function dispatch(): void {
  for (;;) {
    const lane: HashLane | undefined =
      waiting.priority.length > 0 && canStart('priority')
        ? 'priority'
        : waiting.anonymous.length > 0 && canStart('anonymous')
          ? 'anonymous'
          : undefined;
    if (!lane) return;
    running[lane] += 1;
    waiting[lane].shift()!();
  }
}

async function acquire(lane: HashLane): Promise<void> {
  if (waiting[lane].length === 0 && canStart(lane)) {
    running[lane] += 1;
    return;
  }
  if (lane === 'anonymous' && waiting.anonymous.length >= MAX_ANONYMOUS_WAITING) throw new HashQueueFullException();
  await new Promise<void>((resolve) => waiting[lane].push(resolve));
}

async function scrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
  lane: HashLane,
): Promise<Buffer> {
  await acquire(lane);
  try {
    return await new Promise((resolve, reject) =>
      scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  } finally {
    running[lane] -= 1;
    dispatch();
  }
}

/** Hashes running now (at most MAX_PARALLEL_HASHES); for tests. */
export const hashesRunning = (lane?: HashLane) => (lane ? running[lane] : running.priority + running.anonymous);

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 100 ms per hash on the project's 2-core machines; raise N as hardware gets faster. */
const CURRENT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Salted scrypt hashes stored as `scrypt$N$r$p$salt$hash` (base64url). The parameters travel with
 * the hash, so old hashes still verify and `needsRehash` says when to upgrade one at sign-in.
 */
export class PasswordHasher {
  constructor(private readonly params: ScryptParams = CURRENT_PARAMS) {}

  async hash(password: string, lane: HashLane = 'priority'): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, this.options(this.params), lane);
    const { N, r, p } = this.params;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string, lane: HashLane = 'priority'): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await scrypt(password, parsed.salt, parsed.key.length, this.options(parsed.params), lane);
    return timingSafeEqual(key, parsed.key);
  }

  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    return !parsed || parsed.params.N !== this.params.N || parsed.params.r !== this.params.r || parsed.params.p !== this.params.p;
  }

  private options({ N, r, p }: ScryptParams): ScryptOptions {
    return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  }
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return null;
  return {
    params: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}
