import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ENDPOINT_METADATA, type EndpointSpec } from '../../common/http/endpoint.decorator.js';
import { SessionService } from './session.service.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Global guard: every route declares its access in `@Endpoint`. Routes without one are treated as
 * member-only, so a forgotten declaration fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const spec = Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as EndpointSpec | undefined;
    const access = spec?.auth ?? 'member';
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearerToken(request);
    if (access === 'public') {
      // Public routes still know who is calling when a valid session is sent.
      if (token) request.member = (await this.sessions.resolve(token)) ?? undefined;
      return true;
    }
    const member = token ? await this.sessions.resolve(token) : null;
    if (!member) throw new UnauthorizedException('Please sign in');
    request.member = member;
    if (access === 'admin' && !member.isAdmin) throw new ForbiddenException('Administrators only');
    return true;
  }
}
