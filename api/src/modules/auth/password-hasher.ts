import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Each scrypt holds 128·N·r bytes (32 MiB at the current parameters) on a libuv thread. Two at a
 * time keep a burst of sign-ins inside the api's memory budget (4 threads would hold 128 MiB)
 * and leave threads free for other work; more would not finish sooner on a 2-core machine.
 */
export const MAX_PARALLEL_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  // A finishing hash hands its slot straight to the next in line, so `running` never overshoots.
  if (running < MAX_PARALLEL_HASHES) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise((resolve, reject) =>
      scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
    );
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running now (at most MAX_PARALLEL_HASHES); for tests. */
export const hashesRunning = () => running;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 100 ms per hash on the project's 2-core machines; raise N as hardware gets faster. */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Salted scrypt hashes stored as `scrypt$N$r$p$salt$hash` (base64url). The parameters travel with
 * the hash, so old hashes still verify and `needsRehash` says when to upgrade one at sign-in.
 */
export class PasswordHasher {
  constructor(private readonly params: ScryptParams = CURRENT_PARAMS) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, this.options(this.params));
    const { N, r, p } = this.params;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await scrypt(password, parsed.salt, parsed.key.length, this.options(parsed.params));
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
  return { params: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}
