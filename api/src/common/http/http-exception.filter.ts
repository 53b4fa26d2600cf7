import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorResponse } from '@nocturne/contracts';
import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { DomainError, ERROR_STATUS, type FieldIssue } from '../errors/domain-error.js';
import { conditionalHeaders, NotModified } from './conditional-get.interceptor.js';
import { RetryLaterException, retryAfterOf, setRetryAfter } from './retry-later.js';

/** Seconds a client waits after a 503 that does not say (a dependency away). */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** The one error shape (`ErrorResponse` in the OpenAPI document): nothing else reaches the client. */
export function errorBody(
  statusCode: number,
  message: string,
  extra: { issues?: FieldIssue[]; retryAfter?: number } = {},
): ErrorResponse {
  const body: ErrorResponse = { success: false, statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (extra.issues?.length) body.issues = extra.issues.map(({ path, message: text }) => ({ path, message: text }));
  if (extra.retryAfter !== undefined) body.retryAfter = extra.retryAfter;
  return body;
}

/** The message of a Nest exception's answer: a string, the `message` field, or its list joined. */
function messageOf(response: string | object, fallback: string): string {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : fallback;
}

/** Errors that mean a dependency (PostgreSQL, Redis) is away: the client should retry later. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '') ||
    name === 'ConnectionException' ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection is closed/i.test(message)
  );
}

/**
 * The one place errors become answers: `{statusCode, error, message, issues?}`, never a stack
 * trace, never a 500 for bad input.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof NotModified) {
      conditionalHeaders(reply, exception.etag);
      void reply.status(304).send();
      return;
    }
    const body = this.toBody(exception);
    // "Come back in N seconds" (a full line, a busy limiter) is the server working as designed: a
    // line without a stack. Anything else at 500 or above is a fault: its stack.
    if (exception instanceof RetryLaterException) {
      if (body.statusCode >= 500) this.logger.warn(`${body.statusCode}: ${body.message}`);
    } else if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (body.retryAfter !== undefined) setRetryAfter(reply, body.retryAfter);
    void reply.status(body.statusCode).send(body);
  }

  toBody(exception: unknown): ErrorResponse {
    const retryAfter = retryAfterOf(exception);
    if (exception instanceof DomainError) {
      const status = ERROR_STATUS[exception.kind];
      return errorBody(status, exception.message, {
        issues: exception.details.issues,
        retryAfter: retryAfter ?? this.defaultRetry(status),
      });
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const issues = (exception as { issues?: FieldIssue[] }).issues;
      return errorBody(status, messageOf(response, exception.message), {
        issues,
        retryAfter: retryAfter ?? this.defaultRetry(status),
      });
    }
    // Fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx code.
    const fastifyStatus = (exception as { statusCode?: number } | null)?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return errorBody(fastifyStatus, (exception as Error).message.replace(/^FST_[A-Z_]+: /, ''));
    }
    if (isUnavailable(exception)) {
      return errorBody(503, 'The service is temporarily unavailable. Please try again shortly.', {
        retryAfter: UNAVAILABLE_RETRY_SECONDS,
      });
    }
    return errorBody(500, 'Something went wrong on our side.');
  }

  private defaultRetry(status: number): number | undefined {
    return status === 503 ? UNAVAILABLE_RETRY_SECONDS : undefined;
  }
}
