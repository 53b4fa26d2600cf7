import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { isStaff, namesInWords } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { STAFF_NOT_FOUND, StaffFailure } from '#modules/staff/staff-failure.js';
import { StaffRepository } from '#modules/staff/staff.repository.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { SetStaffVenuesCommand } from './set-staff-venues.command.js';

const ADMINS_EVERYWHERE = 'Admins work at every venue: make the account a manager or door staff to grant it some';

/**
 * Grants a door or manager account the venues it works at (staff_venues), or all venues (none).
 * Each request reads the grants afresh, so the change holds from the account's next request; no
 * session ends. Audited with the venues' names.
 */
@CommandHandler(SetStaffVenuesCommand)
export class SetStaffVenuesHandler implements ICommandHandler<SetStaffVenuesCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: StaffRepository,
    private readonly staffVenues: StaffVenues,
    private readonly venues: VenueDirectory,
    private readonly audit: AuditService,
  ) {}

  async execute({ memberId, venueIds, adminId }: SetStaffVenuesCommand): Promise<SuccessResponse> {
    const ids = [...new Set(venueIds)].sort((a, b) => a - b);
    for (const id of ids) {
      const venue = await this.venues.get(id);
      const message = !venue ? `No venue ${id}` : venue.archived ? `${venue.name} is archived` : null;
      if (message) throw new StaffFailure('invalid', message, { issues: [{ path: 'venueIds', message }] });
    }
    return this.unitOfWork.run(async (tx) => {
      const account = await this.repository.lockAccount(tx, { id: memberId });
      if (!account || !isStaff(account.role)) throw new StaffFailure('not_found', STAFF_NOT_FOUND);
      if (account.role === 'admin' && ids.length > 0) throw new StaffFailure('conflict', ADMINS_EVERYWHERE);
      const before = await this.staffVenues.grantsOf(tx, memberId);
      await this.staffVenues.setGrants(tx, memberId, ids);
      await this.repository.touchAccount(tx, memberId);
      const names = await this.staffVenues.namesOf(ids);
      await this.audit.record(tx, {
        actorId: adminId,
        actorRole: 'admin',
        action: 'staff.venues',
        targetType: 'member',
        targetId: memberId,
        before: { venues: await this.staffVenues.namesOf(before) },
        after: { venues: names },
      });
      const where = names.length > 0 ? `${namesInWords(names)} only` : 'all venues';
      return { success: true, message: `${account.first_name} works at ${where}.` };
    });
  }
}
