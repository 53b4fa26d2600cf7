import { createHmac, timingSafeEqual } from 'node:crypto';

/** Derives the upload-URL key from QR_SECRET so one secret (required in production) covers both uses. */
export function uploadSigningKey(qrSecret: string | undefined): string {
  // Development has no QR_SECRET; production refuses to start without one (libs/config).
  const root = qrSecret ?? 'nocturne-development-only-secret-not-for-production';
  return createHmac('sha256', root).update('nocturne:local-upload-url').digest('hex');
}

function digest(secret: string, key: string, contentType: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${contentType}\n${expires}`).digest('hex');
}

/**
 * Signs a local-storage upload URL the way S3 presigns one: the key, the content type the client
 * must send, and the expiry (unix seconds) are covered, so none can be changed.
 */
export function signUpload(secret: string, key: string, contentType: string, expires: number): string {
  return digest(secret, key, contentType, expires);
}

export type UploadSignatureCheck = 'valid' | 'invalid' | 'expired';

export function verifyUpload(
  secret: string,
  input: { key: string; contentType: string; expires: number; signature: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): UploadSignatureCheck {
  const expected = Buffer.from(digest(secret, input.key, input.contentType, input.expires), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(input.signature) ? input.signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return input.expires < nowSeconds ? 'expired' : 'valid';
}
