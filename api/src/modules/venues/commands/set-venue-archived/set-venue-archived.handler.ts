import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { VenueDirectory } from '#modules/venues/venue-directory.service.js';
import { installVenueDefaults } from '#modules/venues/venue-defaults.js';
import { adminVenueView, auditedVenue } from '#modules/venues/venue-views.js';
import { noSuchVenue, VenuesFailure } from '#modules/venues/venues-failure.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { SetVenueArchivedCommand } from './set-venue-archived.command.js';

/**
 * Archives a venue or opens it again. Archiving deletes nothing: its bookings, messages, visits and
 * scans keep naming it; it leaves the public site and takes no new bookings or messages. The group
 * keeps at least one open venue (requests that name none go there).
 */
@CommandHandler(SetVenueArchivedCommand)
export class SetVenueArchivedHandler implements ICommandHandler<SetVenueArchivedCommand, AdminVenueView> {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    private readonly directory: VenueDirectory,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ venueId, archived }: SetVenueArchivedCommand): Promise<AdminVenueView> {
    const defaults = installVenueDefaults(this.config);
    const view = await this.em.fork().transactional(async (tx) => {
      // One archive at a time: two admins archiving the last two open venues at once keep one open.
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('venues.archive'))`);
      const current = await this.venues.find(tx, venueId, { lock: true });
      if (!current) throw noSuchVenue();
      const isArchived = current.archived_at !== null && current.archived_at !== undefined;
      if (archived && isArchived) throw new VenuesFailure('conflict', `${current.name} is already archived.`);
      if (!archived && !isArchived) throw new VenuesFailure('conflict', `${current.name} is open, not archived.`);
      if (archived && (await this.venues.openCount(tx)) <= 1) {
        throw new VenuesFailure('conflict', `${current.name} is the group's only open venue: open or add another venue first.`);
      }
      const before = adminVenueView(current, defaults);
      const after = adminVenueView(await this.venues.setArchived(tx, venueId, archived), defaults);
      await this.audit.record(tx, {
        action: archived ? 'venue.archive' : 'venue.unarchive',
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
