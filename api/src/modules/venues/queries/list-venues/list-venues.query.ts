import { Query } from '@nestjs/cqrs';
import type { PublicVenueList } from '@nocturne/contracts';

export class ListVenuesQuery extends Query<PublicVenueList> {}
