import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Access } from '@nocturne/contracts';
import { roleRefusal } from '@nocturne/domain';
import type { FastifyRequest } from 'fastify';
import { endpointOf } from '../../common/http/endpoint.decorator.js';
import { SessionService } from './session.service.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Global guard: every route declares who may call it in the endpoint list (`access`). A route
 * bound without a declaration is refused to everyone, so a forgotten one fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access: Access = endpointOf(context.getHandler())?.access ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearerToken(request);
    if (access === 'anyone') {
      // Public routes still know who is calling when a valid session is sent.
      if (token) request.member = (await this.sessions.resolve(token)) ?? undefined;
      return true;
    }
    const member = token ? await this.sessions.resolve(token) : null;
    if (!member) throw new UnauthorizedException('Please sign in');
    request.member = member;
    if (!access.includes(member.role)) throw new ForbiddenException(roleRefusal(access));
    return true;
  }
}
