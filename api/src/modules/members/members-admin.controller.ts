import { Controller, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminStats, AdminUsersQuery, AdminUsersResponse, endpoints } from '@nocturne/contracts';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidQuery } from '#common/http/input.decorators.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ExportMembersQuery } from './queries/export-members/export-members.query.js';
import { GetAdminStatsQuery } from './queries/get-admin-stats/get-admin-stats.query.js';
import { ListAdminMembersQuery } from './queries/list-admin-members/list-admin-members.query.js';

@Controller()
export class MembersAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly slots: ExportSlots,
  ) {}

  @Endpoint(endpoints.listMembers)
  users(@ValidQuery() query: AdminUsersQuery): Promise<AdminUsersResponse> {
    return this.queries.execute(new ListAdminMembersQuery(query));
  }

  @Endpoint(endpoints.getAdminStats)
  stats(): Promise<AdminStats> {
    return this.queries.execute(new GetAdminStatsQuery());
  }

  /** Streamed as it is read (a download of a million members holds one batch in memory); the query leaves its audit row first. */
  @Endpoint(endpoints.exportMembers)
  async export(
    @CurrentMember() admin: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const csv: Readable = await this.slots.stream(admin.id, () => this.queries.execute(new ExportMembersQuery()));
    const day = new Date().toISOString().slice(0, 10);
    // Personal data: never kept by a cache on the way.
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="nocturne-members-${day}.csv"`,
    });
  }
}
