import { Query } from '@nestjs/cqrs';
import type { ActiveCampaignStatus } from '@nocturne/contracts';

export class GetActiveCampaignStatusQuery extends Query<ActiveCampaignStatus> {}
