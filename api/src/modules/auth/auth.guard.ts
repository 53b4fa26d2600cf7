import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { type Access, ENROL_ENDPOINTS, endpoints, STEP_UP_ENDPOINTS, VERIFY_ENDPOINTS } from '@nocturne/contracts';
import {
  roleRefusal,
  SECOND_FACTOR_AGAIN,
  SECOND_FACTOR_ENROL_REQUIRED,
  SECOND_FACTOR_REQUIRED,
  secondFactorState,
  STEP_UP_WINDOW_MS,
} from '@nocturne/domain';
import type { FastifyRequest } from 'fastify';
import { endpointOf } from '#common/http/endpoint.decorator.js';
import { SessionService } from './session.service.js';
import type { AuthenticatedMember } from './user-view.js';

const OPEN_TO_ENROL = new Set<object>(ENROL_ENDPOINTS.map((name) => endpoints[name]));
const OPEN_TO_VERIFY = new Set<object>(VERIFY_ENDPOINTS.map((name) => endpoints[name]));
const STEP_UP = new Set<object>(STEP_UP_ENDPOINTS.map((name) => endpoints[name]));

/** The session gave its second factor within the step-up window. */
function recentSecondFactor(member: AuthenticatedMember): boolean {
  return member.secondFactorAt !== null && Date.now() - member.secondFactorAt.getTime() <= STEP_UP_WINDOW_MS;
}

/** A session still owing its second factor. */
function owesSecondFactor(member: AuthenticatedMember): 'enrol' | 'pending' | null {
  const state = secondFactorState(member.role, member.hasSecondFactor, member.secondFactorOk);
  return state === 'enrol' || state === 'pending' ? state : null;
}

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
    const spec = endpointOf(context.getHandler());
    const access: Access = spec?.access ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearerToken(request);
    if (access === 'anyone') {
      // Public routes still know who is calling when a valid session is sent.
      // A staff session still owing its second factor is nobody here.
      const member = token ? await this.sessions.resolve(token) : null;
      if (member && !owesSecondFactor(member)) request.member = member;
      return true;
    }
    const member = token ? await this.sessions.resolve(token) : null;
    if (!member) throw new UnauthorizedException('Please sign in');
    request.member = member;
    if (!access.includes(member.role)) throw new ForbiddenException(roleRefusal(access));
    // A staff session that must enrol may only enrol; one whose factor is pending may only
    // give it. Both may read who they are and sign out. Enforced here, for every endpoint at once.
    const owes = owesSecondFactor(member);
    if (owes === 'enrol' && !OPEN_TO_ENROL.has(spec!)) throw new ForbiddenException(SECOND_FACTOR_ENROL_REQUIRED);
    if (owes === 'pending' && !OPEN_TO_VERIFY.has(spec!)) throw new ForbiddenException(SECOND_FACTOR_REQUIRED);
    // Dangerous actions want the second factor given again when it was last given long ago.
    if (STEP_UP.has(spec!) && !recentSecondFactor(member)) throw new ForbiddenException(SECOND_FACTOR_AGAIN);
    return true;
  }
}
