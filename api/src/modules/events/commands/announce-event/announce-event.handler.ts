import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AnnounceEventResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { EVENT_NOT_FOUND, EventViews } from '#modules/events/event-views.js';
import { EventsFailure } from '#modules/events/events-failure.js';
import { EventsRepository } from '#modules/events/events.repository.js';
import { CreateNewsPostCommand } from '#modules/news/news.public.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { AnnounceEventCommand } from './announce-event.command.js';

@CommandHandler(AnnounceEventCommand)
export class AnnounceEventHandler implements ICommandHandler<AnnounceEventCommand, AnnounceEventResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly commands: CommandBus,
    private readonly repository: EventsRepository,
    private readonly views: EventViews,
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: VenueDirectory,
  ) {}

  async execute({ id, manager }: AnnounceEventCommand): Promise<AnnounceEventResponse> {
    const em = this.em.fork();
    const row = await this.repository.eventById(em, id);
    if (!row) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
    await this.views.assertWorksAt(em, manager, row);
    if (row.status !== 'published') throw new EventsFailure('conflict', 'Publish the event before announcing it');
    if (row.announcement_post_id) throw new EventsFailure('conflict', 'This event is already announced');
    const venue = await this.views.venueOf(row);
    const night = this.views.night(row, venue, row.night);
    const lines = [
      `${night.nightLabel} at ${venue.name}: doors ${row.doors_open}, last entry ${row.last_entry}.`,
      row.line_up.length > 0 ? `Line-up: ${row.line_up.join(', ')}.` : '',
      `Entry ${night.priceText}${row.age_policy ? ` · ${row.age_policy}` : ''}${row.dress_code ? ` · Dress code: ${row.dress_code}` : ''}.`,
      row.list_capacity !== null ? 'Members can put themselves on the guest list from their members area.' : '',
      `Details: ${night.url}`,
    ];
    const post = await this.commands.execute(
      new CreateNewsPostCommand(manager.id, {
        title: row.title,
        content: lines.filter(Boolean).join('\n\n'),
        contentType: 'event',
        featuredImageUrl: row.poster_path,
        // In a group, the post is about the event's venue; a venue of its own is the whole group.
        venueIds: (await this.directory.single()) ? [] : [venue.id],
      }),
    );
    // The post's own audit row (news.create) records the announcement.
    await this.unitOfWork.run(async (tx) => {
      if (!(await this.repository.saveAnnouncement(tx, id, post.id)))
        throw new EventsFailure('conflict', 'This event is already announced');
    });
    return { postId: post.id };
  }
}
