import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ActiveCampaignStatus,
  BulkSyncStarted,
  endpoints,
  IdParams,
  SyncContactResponse,
  SyncJobParams,
  SyncJobStatus,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidParams } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { StartBulkSyncCommand } from './commands/start-bulk-sync/start-bulk-sync.command.js';
import { SyncContactCommand } from './commands/sync-contact/sync-contact.command.js';
import { GetActiveCampaignStatusQuery } from './queries/get-activecampaign-status/get-activecampaign-status.query.js';
import { GetSyncJobQuery } from './queries/get-sync-job/get-sync-job.query.js';
import { ActiveCampaignFailure } from './activecampaign-failure.js';

@Controller()
export class ActiveCampaignController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.syncContact)
  syncContact(@ValidParams() { id }: z.infer<typeof IdParams>): Promise<SyncContactResponse> {
    return this.commands.execute(new SyncContactCommand(id));
  }

  @Endpoint(endpoints.startBulkSync)
  startBulkSync(@CurrentMember() admin: AuthenticatedMember): Promise<BulkSyncStarted> {
    return this.commands.execute(new StartBulkSyncCommand(admin.id));
  }

  @Endpoint(endpoints.getSyncJob)
  async syncJob(@ValidParams() { jobId }: z.infer<typeof SyncJobParams>): Promise<SyncJobStatus> {
    const job = await this.queries.execute(new GetSyncJobQuery(jobId));
    if (!job) throw new ActiveCampaignFailure('not_found', 'No such sync job');
    return job;
  }

  @Endpoint(endpoints.getActiveCampaignStatus)
  status(): Promise<ActiveCampaignStatus> {
    return this.queries.execute(new GetActiveCampaignStatusQuery());
  }
}
