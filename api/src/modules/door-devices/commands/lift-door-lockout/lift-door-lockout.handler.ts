import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorLockoutLifted } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { DoorCoupons } from '#modules/coupons/coupons.public.js';
import { DoorDevicesFailure } from '#modules/door-devices/door-devices-failure.js';
import { LiftDoorLockoutCommand } from './lift-door-lockout.command.js';

/** Lifts a typed-code lock-out (its misses forgotten) and leaves the audit row naming whose it was. */
@CommandHandler(LiftDoorLockoutCommand)
export class LiftDoorLockoutHandler implements ICommandHandler<LiftDoorLockoutCommand, DoorLockoutLifted> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: DoorCoupons,
    private readonly audit: AuditService,
  ) {}

  async execute({ lockoutId }: LiftDoorLockoutCommand): Promise<DoorLockoutLifted> {
    const lifted = await this.coupons.liftTypedLockout(lockoutId);
    if (!lifted) throw new DoorDevicesFailure('not_found', 'That phone is not locked out (any more).');
    await this.unitOfWork.run((tx) =>
      this.audit.record(tx, {
        action: 'door.lockout_lift',
        targetType: 'member',
        targetId: lifted.staffId,
        before: { scope: lifted.scope, device: lifted.device, until: lifted.until.toISOString() },
        after: { lifted: true },
      }),
    );
    const who = lifted.scope === 'account' ? 'Every phone of that account' : 'That phone';
    return { success: true, message: `${who} can type codes again.` };
  }
}
