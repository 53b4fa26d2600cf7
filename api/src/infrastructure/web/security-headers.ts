import type { FastifyInstance } from 'fastify';

/** Security headers on every answer; HSTS only when the request came over TLS. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: { extraConnectSources: string[] }): void {
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the scanner compile its QR decoder (WebAssembly, served from 'self');
    // it allows no JavaScript eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    // Media in S3 is served by redirect to the bucket's origin.
    `img-src 'self' data: blob: ${options.extraConnectSources.join(' ')}`.trim(),
    `media-src 'self' blob: ${options.extraConnectSources.join(' ')}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${options.extraConnectSources.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  fastify.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
