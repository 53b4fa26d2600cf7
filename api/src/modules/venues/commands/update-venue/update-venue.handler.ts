import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { slugTaken } from '#modules/venues/commands/create-venue/create-venue.handler.js';
import { VenueDirectory } from '#modules/venues/venue-directory.service.js';
import { installVenueDefaults } from '#modules/venues/venue-defaults.js';
import { adminVenueView, auditedVenue, columnsOfUpdate } from '#modules/venues/venue-views.js';
import { noSuchVenue } from '#modules/venues/venues-failure.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { UpdateVenueCommand } from './update-venue.command.js';

/** Edits a venue: only the fields sent change; the audit row keeps what changed, before and after. */
@CommandHandler(UpdateVenueCommand)
export class UpdateVenueHandler implements ICommandHandler<UpdateVenueCommand, AdminVenueView> {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    private readonly directory: VenueDirectory,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ venueId, input }: UpdateVenueCommand): Promise<AdminVenueView> {
    const defaults = installVenueDefaults(this.config);
    const view = await this.em.fork().transactional(async (tx) => {
      const current = await this.venues.find(tx, venueId, { lock: true });
      if (!current) throw noSuchVenue();
      if (input.slug !== undefined && (await this.venues.slugTaken(tx, input.slug, venueId))) throw slugTaken(input.slug);
      const columns = columnsOfUpdate(input);
      const before = adminVenueView(current, defaults);
      const after = Object.keys(columns).length
        ? adminVenueView(await this.venues.update(tx, venueId, columns), defaults)
        : before;
      await this.audit.record(tx, {
        action: 'venue.update',
        targetType: 'venue',
        targetId: String(venueId),
        before: auditedVenue(before),
        after: auditedVenue(after),
      });
      return after;
    });
    this.directory.forget();
    return view;
  }
}
