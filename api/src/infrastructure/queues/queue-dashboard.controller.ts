import { Controller, Logger, Req, Res } from '@nestjs/common';
import { endpoints, type QueueDashboardPass } from '@nocturne/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, bearerToken, CurrentMember, hashToken } from '#modules/auth/auth.public.js';
import { boardOf, passCookie, QueueDashboardPasses } from './queue-dashboard.js';

/** Hands a signed-in manager or admin the pass the queue dashboard's pages need (queue-dashboard.ts). */
@Controller()
export class QueueDashboardController {
  private readonly logger = new Logger('QueueDashboard');

  constructor(private readonly passes: QueueDashboardPasses) {}

  @Endpoint(endpoints.openQueueDashboard)
  async open(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() _body: Record<string, never>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QueueDashboardPass> {
    // The access list lets only managers and admins here, and both have a board.
    const board = boardOf(member.role)!;
    const { pass, expiresAt } = await this.passes.mint(hashToken(bearerToken(request)!));
    void reply.header('set-cookie', passCookie(pass, request.protocol === 'https'));
    void reply.header('cache-control', 'no-store');
    // Who opened the board, and which one: the operators' record of dashboard sign-ins.
    this.logger.log(
      { event: 'queue_dashboard.sign_in', memberId: member.id, role: member.role, readOnly: board.readOnly, ip: request.ip },
      `queue dashboard opened by ${member.role} ${member.id}${board.readOnly ? ' (read-only)' : ''}`,
    );
    return { path: board.path, readOnly: board.readOnly, expiresAt: expiresAt.toISOString() };
  }
}
