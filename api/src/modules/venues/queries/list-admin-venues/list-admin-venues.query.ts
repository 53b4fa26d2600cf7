import { Query } from '@nestjs/cqrs';
import type { AdminVenueList } from '@nocturne/contracts';

export class ListAdminVenuesQuery extends Query<AdminVenueList> {}
