import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';

import { EntityManager } from '@mikro-orm/postgresql';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { eventIcs } from '#modules/events/event-ics.js';
import { absolute } from '#infrastructure/web/rendered-pages.js';
import { EventViews } from '#modules/events/event-views.js';
import { GetEventCalendarQuery } from './get-event-calendar.query.js';

@QueryHandler(GetEventCalendarQuery)
export class GetEventCalendarHandler implements IQueryHandler<GetEventCalendarQuery, { ics: string; filename: string }> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: EventViews,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ key, night }: GetEventCalendarQuery): Promise<{ ics: string; filename: string }> {
    const found = await this.views.publishedNight(this.em.fork(), key, night);
    const url = absolute(this.config.APP_URL, found.night.url);
    return { ics: eventIcs(found.night, found.venue, url, new Date()), filename: `${found.row.slug}-${found.night.night}.ics` };
  }
}
