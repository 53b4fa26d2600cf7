import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { VenueDirectory } from '#modules/venues/venue-directory.service.js';
import { installVenueDefaults } from '#modules/venues/venue-defaults.js';
import { adminVenueView, auditedVenue, columnsOfCreate } from '#modules/venues/venue-views.js';
import { VenuesFailure } from '#modules/venues/venues-failure.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { CreateVenueCommand } from './create-venue.command.js';

/** Adds a venue to the group; its slug must be free (it is the venue's address on the public site). */
@CommandHandler(CreateVenueCommand)
export class CreateVenueHandler implements ICommandHandler<CreateVenueCommand, AdminVenueView> {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    private readonly directory: VenueDirectory,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input }: CreateVenueCommand): Promise<AdminVenueView> {
    const view = await this.em.fork().transactional(async (tx) => {
      if (await this.venues.slugTaken(tx, input.slug)) throw slugTaken(input.slug);
      const row = await this.venues.insert(tx, columnsOfCreate(input, input.position ?? (await this.venues.nextPosition(tx))));
      const created = adminVenueView(row, installVenueDefaults(this.config));
      await this.audit.record(tx, {
        action: 'venue.create',
        targetType: 'venue',
        targetId: String(created.id),
        after: auditedVenue(created),
      });
      return created;
    });
    this.directory.forget();
    return view;
  }
}

export const slugTaken = (slug: string) =>
  new VenuesFailure('conflict', `Another venue already uses the address /venues/${slug}: choose another slug.`, {
    issues: [{ path: 'slug', message: 'is taken by another venue' }],
  });
