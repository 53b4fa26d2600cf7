import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ActiveCampaignStatus,
  BulkSyncStarted,
  IdParams,
  SyncContactResponse,
  SyncJobParams,
  SyncJobStatus,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidParams } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { StartBulkSyncCommand } from './commands/start-bulk-sync/start-bulk-sync.command.js';
import { SyncContactCommand } from './commands/sync-contact/sync-contact.command.js';
import { GetActiveCampaignStatusQuery } from './queries/get-activecampaign-status/get-activecampaign-status.query.js';
import { GetSyncJobQuery } from './queries/get-sync-job/get-sync-job.query.js';
import { ActiveCampaignFailure } from './activecampaign-failure.js';

@Controller('admin')
export class ActiveCampaignController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('sync-contact/:id')
  @Endpoint({
    summary: 'Sync one member to ActiveCampaign; waits up to 5 s and says whether it synced, failed or is still queued',
    auth: 'admin',
    tags: ['activecampaign', 'admin'],
    params: IdParams,
    response: SyncContactResponse,
    errors: { 400: 'The id is not a UUID', 404: 'No such member' },
  })
  syncContact(@ValidParams() { id }: z.infer<typeof IdParams>): Promise<SyncContactResponse> {
    return this.commands.execute(new SyncContactCommand(id));
  }

  @Post('sync-contacts')
  @Endpoint({
    summary: 'Start a bulk sync of every member to ActiveCampaign (or get the one already running)',
    auth: 'admin',
    tags: ['activecampaign', 'admin'],
    response: BulkSyncStarted,
    status: 202,
    errors: { 409: 'ActiveCampaign is not configured' },
  })
  startBulkSync(@CurrentMember() admin: AuthenticatedMember): Promise<BulkSyncStarted> {
    return this.commands.execute(new StartBulkSyncCommand(admin.id));
  }

  @Get('sync-jobs/:jobId')
  @Endpoint({
    summary: 'Progress of a bulk sync',
    auth: 'admin',
    conditional: { scopes: ['sync_jobs'] },
    tags: ['activecampaign', 'admin'],
    params: SyncJobParams,
    response: SyncJobStatus,
    errors: { 400: 'The id is not a UUID', 404: 'No such sync job' },
  })
  async syncJob(@ValidParams() { jobId }: z.infer<typeof SyncJobParams>): Promise<SyncJobStatus> {
    const job = await this.queries.execute(new GetSyncJobQuery(jobId));
    if (!job) throw new ActiveCampaignFailure('not_found', 'No such sync job');
    return job;
  }

  @Get('integrations/activecampaign')
  @Endpoint({
    summary: 'ActiveCampaign status for the e-mail tab',
    auth: 'admin',
    tags: ['activecampaign', 'admin'],
    response: ActiveCampaignStatus,
    conditional: { scopes: ['sync_jobs', 'members'] },
  })
  status(): Promise<ActiveCampaignStatus> {
    return this.queries.execute(new GetActiveCampaignStatusQuery());
  }
}
