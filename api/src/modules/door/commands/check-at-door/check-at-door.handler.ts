import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorCheckResponse } from '@nocturne/contracts';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { TooManyRequestsException } from '#modules/auth/auth.public.js';
import { DoorCoupons, type ScanLine } from '#modules/coupons/coupons.public.js';
import { DoorDesk, type Presented } from '#modules/door/door-desk.service.js';
import { cardVerdict, couponVerdict, isActive, unknownVerdict } from '#modules/door/door-verdicts.js';
import { countsAsWrongCode, isGuessable, readDoorText, scanMethodOf, scannedTextOf } from '#modules/door/door-text.js';
import { Visits } from '#modules/door/visits.service.js';
import { GuestListAtDoor } from '#modules/events/events.public.js';
import { CheckAtDoorCommand } from './check-at-door.command.js';

type Outcome = { answer: DoorCheckResponse } | { waitSeconds: number };
type Verdict = { answer: DoorCheckResponse; line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'> };

/**
 * Door mode's check (PRODUCT.md §6, §8): whatever was shown gets one verdict in words and one scan-log
 * line, in one transaction; a member card also records tonight's visit (points once a night).
 * Text that could be a typed code goes through the staffer's typed-code limit first, and a miss
 * counts towards it: over the limit is a 429 with the seconds to count down, after the log commits.
 */
@CommandHandler(CheckAtDoorCommand)
export class CheckAtDoorHandler implements ICommandHandler<CheckAtDoorCommand, DoorCheckResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly desk: DoorDesk,
    private readonly coupons: DoorCoupons,
    private readonly visits: Visits,
    private readonly guestList: GuestListAtDoor,
  ) {}

  async execute({ staffId, text, method }: CheckAtDoorCommand): Promise<DoorCheckResponse> {
    const read = readDoorText(text);
    const outcome = await this.unitOfWork.run(async (tx, raise): Promise<Outcome> => {
      const at = {
        adminId: staffId,
        method: scanMethodOf(method),
        scannedText: scannedTextOf(read, text),
        action: 'validate' as const,
      };
      if (isGuessable(read)) {
        const wait = await this.coupons.typedLockout(tx, at);
        if (wait !== null) return { waitSeconds: wait };
      }
      const presented = await this.desk.identify(tx, read, text, false);
      const { answer, line } = await this.verdictOn(tx, raise, presented, staffId);
      await this.coupons.record(tx, { ...at, ...line });
      if (presented.kind === 'unknown' && presented.refusal === 'not_nocturne' && countsAsWrongCode(read, method)) {
        const overLimit = await this.coupons.countWrongCode(staffId);
        if (overLimit !== null) return { waitSeconds: overLimit };
      }
      return { answer };
    });
    if ('waitSeconds' in outcome) throw new TooManyRequestsException(outcome.waitSeconds);
    return outcome.answer;
  }

  private async verdictOn(tx: EntityManager, raise: Raise, presented: Presented, staffId: string): Promise<Verdict> {
    switch (presented.kind) {
      case 'coupon': {
        const { row } = presented;
        const answer = couponVerdict(this.coupons.judge(row), this.coupons.doorCoupon(row));
        return { answer, line: { userCouponId: row.id, memberId: row.member_id, accepted: answer.ok, reason: answer.message } };
      }
      case 'card': {
        const { holder } = presented;
        const active = isActive(holder);
        const visit = active ? await this.visits.record(tx, raise, holder.member_id, staffId) : null;
        const answer = cardVerdict(holder, visit, active ? await this.coupons.usableOf(tx, holder.member_id) : []);
        // On an event night: the member's guest-list entry, if they are on tonight's list.
        const onList = active ? await this.guestList.forMember(tx, holder.member_id) : undefined;
        if (onList && answer.kind === 'card') answer.guestList = onList;
        return { answer, line: { userCouponId: null, memberId: holder.member_id, accepted: answer.ok, reason: answer.message } };
      }
      case 'unknown':
        return {
          answer: unknownVerdict(presented.refusal, presented.message),
          line: { userCouponId: null, memberId: null, accepted: false, reason: presented.message },
        };
    }
  }
}
