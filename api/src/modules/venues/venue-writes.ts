import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminVenueView } from '@nocturne/contracts';
import type { AuditAction } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { installVenueDefaults } from './venue-defaults.js';
import { VenueDirectory } from './venue-directory.service.js';
import { adminVenueView, auditedVenue } from './venue-views.js';
import { noSuchVenue } from './venues-failure.js';
import { VenuesRepository, type VenueRow } from './venues.repository.js';

type VenueChange = Extract<AuditAction, 'venue.update' | 'venue.archive' | 'venue.unarchive'>;

/**
 * How every venue command writes: in one transaction with its audit row (what the venue was and
 * became), then the directory reads the venues again so this process sees the change at once.
 */
@Injectable()
export class VenueWrites {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    private readonly directory: VenueDirectory,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** Adds the venue `write` inserts. */
  async create(write: (tx: EntityManager) => Promise<VenueRow>): Promise<AdminVenueView> {
    const view = await this.em.fork().transactional(async (tx) => {
      const created = adminVenueView(await write(tx), installVenueDefaults(this.config));
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

  /** Changes one venue, its row locked: `write` answers the row as it now is (the same row when nothing changed). */
  async change(
    venueId: number,
    action: VenueChange,
    write: (tx: EntityManager, current: VenueRow) => Promise<VenueRow>,
  ): Promise<AdminVenueView> {
    const defaults = installVenueDefaults(this.config);
    const view = await this.em.fork().transactional(async (tx) => {
      const current = await this.venues.find(tx, venueId, { lock: true });
      if (!current) throw noSuchVenue();
      const before = adminVenueView(current, defaults);
      const changed = await write(tx, current);
      const after = changed === current ? before : adminVenueView(changed, defaults);
      await this.audit.record(tx, {
        action,
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
