import { Query } from '@nestjs/cqrs';
import type { WhatsOnResponse } from '@nocturne/contracts';

/** The coming nights of published events (What's on). */
export class ListWhatsOnQuery extends Query<WhatsOnResponse> {}
