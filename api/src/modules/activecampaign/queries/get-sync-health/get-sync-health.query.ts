import { Query } from '@nestjs/cqrs';
import type { AdminOverview } from '@nocturne/contracts';

/** The ActiveCampaign sync's health, as the admin overview shows it. */
export class GetSyncHealthQuery extends Query<AdminOverview['activeCampaign']> {}
