import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { requestCorrelation } from './request-correlation.js';

/**
 * Runs each HTTP handler with its request's id as the correlation id. An interceptor: Nest calls
 * the handler from inside `next.handle()`, so the id is in scope for all of the handler's work.
 */
@Injectable()
export class RequestCorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const { id } = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) => requestCorrelation.run(id, () => next.handle().subscribe(subscriber)));
  }
}
