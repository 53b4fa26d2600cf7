import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedMember } from './user-view.js';

declare module 'fastify' {
  interface FastifyRequest {
    member?: AuthenticatedMember;
  }
}

/** The signed-in member the auth guard attached to the request. */
export const CurrentMember = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthenticatedMember => {
  const member = ctx.switchToHttp().getRequest<FastifyRequest>().member;
  if (!member) throw new UnauthorizedException('Please sign in');
  return member;
});
