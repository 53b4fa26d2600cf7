import { createHash, hash } from 'node:crypto';

/** SHA-256's block size in bytes: a longer HMAC key is hashed first (RFC 2104). */
const BLOCK = 64;
/** SHA-256's digest size in bytes. */
const DIGEST = 32;

/**
 * HMAC-SHA256 under one key, as RFC 2104 defines it: SHA-256((key ^ opad) || SHA-256((key ^ ipad)
 * || message)), with the padded keys made once and each message costing two one-shot hashes
 * instead of a new HMAC object (several times faster, which a night's door data of tens of
 * thousands of codes feels). The same bytes as createHmac('sha256', key).
 */
export function keyedHmac(key: Buffer): (message: string) => Buffer {
  const block = Buffer.alloc(BLOCK);
  (key.length > BLOCK ? createHash('sha256').update(key).digest() : key).copy(block);
  const innerPad = Buffer.from(block.map((value) => value ^ 0x36));
  const outerPad = Buffer.from(block.map((value) => value ^ 0x5c));
  return (message) => {
    const inner = hash('sha256', Buffer.concat([innerPad, Buffer.from(message, 'utf8')]), 'buffer');
    const outer = Buffer.alloc(BLOCK + DIGEST);
    outerPad.copy(outer);
    inner.copy(outer, BLOCK);
    return hash('sha256', outer, 'buffer');
  };
}
