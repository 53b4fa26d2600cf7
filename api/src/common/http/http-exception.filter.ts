import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { conditionalHeaders, NotModified } from './conditional-get.interceptor.js';
import { retryAfterOf, setRetryAfter } from './retry-later.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  issues?: { path: string; message: string }[];
  [extra: string]: unknown;
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
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) setRetryAfter(reply, retryAfter);
    else if (body.statusCode === 503) setRetryAfter(reply, 5);
    void reply.status(body.statusCode).send(body);
  }

  toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const base: ErrorBody = { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message: exception.message };
      if (typeof response === 'string') return { ...base, message: response };
      const { message, error: _error, statusCode: _status, ...extra } = response as Record<string, unknown>;
      return {
        ...base,
        ...extra,
        message: Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : base.message,
      };
    }
    // Fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx code.
    const fastifyStatus = (exception as { statusCode?: number } | null)?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      const message = (exception as Error).message.replace(/^FST_[A-Z_]+: /, '');
      return { statusCode: fastifyStatus, error: STATUS_CODES[fastifyStatus] ?? 'Error', message };
    }
    if (isUnavailable(exception)) {
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: 'Service Unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      };
    }
    return { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side.' };
  }
}
