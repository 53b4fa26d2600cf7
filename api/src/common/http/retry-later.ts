import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * "Come back in N seconds": a 429 from a limiter or a 503 from a full queue. The exception filter
 * turns `retryAfterSeconds` into the `Retry-After` header (whole seconds, at least 1), so every
 * limiter that throws one of these answers with the header.
 */
export class RetryLaterException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(
    retryAfterSeconds: number,
    message: string,
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    extra: Record<string, unknown> = {},
  ) {
    const seconds = wholeSeconds(retryAfterSeconds);
    super({ message, ...extra, retryAfter: seconds }, status);
    this.retryAfterSeconds = seconds;
  }
}

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}

/** The seconds an error asks the client to wait, when it says (RetryLaterException or alike). */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? wholeSeconds(seconds) : undefined;
}

/** Sets `Retry-After` on a reply answered outside the exception filter (e.g. a Fastify hook). */
export function setRetryAfter(reply: FastifyReply, seconds: number): void {
  void reply.header('Retry-After', String(wholeSeconds(seconds)));
}
