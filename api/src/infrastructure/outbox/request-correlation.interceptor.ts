import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { requestCorrelation } from './request-correlation.js';

/**
 * Runs each HTTP handler with its request's id as the correlation id. An interceptor: Nest calls
 * the handler from inside `next.handle()`, so the id is in scope for all of the handler's work.
 * The client's address and the signed-in account (set by the auth guard, which runs first) go
 * with it, for the audit log.
 */
@Injectable()
export class RequestCorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = () => (request.member ? { id: request.member.id, role: request.member.role } : undefined);
    return new Observable((subscriber) =>
      requestCorrelation.run(request.id, () => next.handle().subscribe(subscriber), { clientAddress: request.ip, actor }),
    );
  }
}
