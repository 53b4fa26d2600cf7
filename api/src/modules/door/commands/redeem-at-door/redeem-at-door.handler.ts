import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorRedeemResponse } from '@nocturne/contracts';
import {
  ALREADY_REDEEMED,
  DOOR_CHOOSE_COUPON,
  DOOR_MEMBER_DISABLED,
  DOOR_NOT_CARD_HOLDERS,
  redeemedMessage,
  redemptionUndoDeadline,
  typedLockoutMessage,
} from '@nocturne/domain';
import type { ErrorKind } from '#common/errors/domain-error.js';
import { isoTimestamp } from '#common/timestamps.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { TooManyRequestsException } from '#modules/auth/auth.public.js';
import { DoorCoupons, type ScanLine, type TypedLockout, type UserCouponView } from '#modules/coupons/coupons.public.js';
import { DoorDesk, type Presented } from '#modules/door/door-desk.service.js';
import { DoorFailure } from '#modules/door/door-failure.js';
import { isActive } from '#modules/door/door-verdicts.js';
import { countsAsWrongCode, isGuessable, readDoorText, scanMethodOf, scannedTextOf } from '#modules/door/door-text.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { RedeemAtDoorCommand } from './redeem-at-door.command.js';

type Refusal = { kind: ErrorKind; message: string; userCouponId: string | null; memberId: string | null };
type Outcome = { answer: DoorRedeemResponse } | { refusal: Refusal } | { wait: TypedLockout };

const USER_COUPON_REQUIRED = [{ path: 'userCouponId', message: 'is required to redeem from a member card' }];

/**
 * Door mode's redeem (PRODUCT.md §6, §8): the coupon the text names, or the card holder's coupon the
 * staffer chose, redeemed once under its row lock (concurrent redeemers queue; the first wins) and
 * recorded with the staffer as validator. Every attempt is one scan-log line in the same
 * transaction; a refusal (409 in words, 404 for nothing of ours, 429 over the typed-code limit)
 * is answered after that line commits.
 */
@CommandHandler(RedeemAtDoorCommand)
export class RedeemAtDoorHandler implements ICommandHandler<RedeemAtDoorCommand, DoorRedeemResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly desk: DoorDesk,
    private readonly coupons: DoorCoupons,
    private readonly staffVenues: StaffVenues,
    private readonly directory: VenueDirectory,
    private readonly em: EntityManager,
  ) {}

  async execute({
    staffId,
    text,
    method,
    userCouponId,
    staffRole,
    venueId,
    door,
  }: RedeemAtDoorCommand): Promise<DoorRedeemResponse> {
    const read = readDoorText(text);
    const from = { device: door.device ?? null, doorId: door.doorId ?? null };
    // Which venue's door this is, and that the account works there (403 in words, nothing logged);
    // read before the transaction, so no transaction waits on the pool for the venue list.
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const group = await this.directory.all();
    const outcome = await this.unitOfWork.run(async (tx, raise, lastly): Promise<Outcome> => {
      const at = {
        adminId: staffId,
        venueId: venue.id,
        method: scanMethodOf(method),
        scannedText: scannedTextOf(read, text),
        doorId: from.doorId,
        action: 'redeem' as const,
      };
      const log = (line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'>) =>
        this.coupons.record(tx, { ...at, ...line });
      if (isGuessable(read)) {
        const wait = await this.coupons.typedLockout(tx, at, from);
        if (wait !== null) return { wait };
      }
      const presented = await this.desk.identify(tx, read, text, true);
      const target = await this.target(tx, presented, userCouponId);
      if ('kind' in target) {
        await log({ userCouponId: target.userCouponId, memberId: target.memberId, accepted: false, reason: target.message });
        const guessed = presented.kind === 'unknown' && presented.refusal === 'not_nocturne' && countsAsWrongCode(read, method);
        const overLimit = guessed ? await this.coupons.countWrongCode(staffId, from) : null;
        return overLimit !== null ? { wait: overLimit } : { refusal: target };
      }
      const check = this.coupons.judge(target, venue.id, group);
      const redeemed = check.ok ? await this.coupons.redeem(tx, raise, lastly, target, staffId, venue.id) : null;
      const line = { userCouponId: target.id, memberId: target.member_id };
      if (!redeemed) {
        const message = check.ok ? ALREADY_REDEEMED : check.message;
        await log({ ...line, accepted: false, reason: message });
        return { refusal: { ...line, kind: 'conflict', message } };
      }
      const message = redeemedMessage(redeemed.coupon.title, redeemed.first_name);
      await log({ ...line, accepted: true, reason: message });
      const redeemedAt = new Date(isoTimestamp(redeemed.redeemed_at!));
      return {
        answer: {
          ok: true,
          message,
          userCouponId: redeemed.id,
          redeemedAt: redeemedAt.toISOString(),
          undoableUntil: redemptionUndoDeadline(redeemedAt).toISOString(),
        },
      };
    });
    if ('wait' in outcome) {
      const { seconds, scope } = outcome.wait;
      throw new TooManyRequestsException(seconds, typedLockoutMessage(seconds, scope));
    }
    if ('refusal' in outcome) {
      const { kind, message } = outcome.refusal;
      throw new DoorFailure(kind, message, message === DOOR_CHOOSE_COUPON ? { issues: USER_COUPON_REQUIRED } : {});
    }
    return outcome.answer;
  }

  /** The user coupon to redeem, locked; or why there is none. */
  private async target(
    tx: EntityManager,
    presented: Presented,
    userCouponId: string | undefined,
  ): Promise<UserCouponView | Refusal> {
    switch (presented.kind) {
      case 'coupon': {
        const { row } = presented;
        if (userCouponId !== undefined && userCouponId !== row.id)
          return { kind: 'not_found', message: DOOR_NOT_CARD_HOLDERS, userCouponId: row.id, memberId: row.member_id };
        return row;
      }
      case 'card': {
        const memberId = presented.holder.member_id;
        if (!isActive(presented.holder)) return { kind: 'conflict', message: DOOR_MEMBER_DISABLED, userCouponId: null, memberId };
        if (userCouponId === undefined) return { kind: 'invalid', message: DOOR_CHOOSE_COUPON, userCouponId: null, memberId };
        const row = await this.coupons.ofMember(tx, userCouponId, memberId, true);
        return row ?? { kind: 'not_found', message: DOOR_NOT_CARD_HOLDERS, userCouponId: null, memberId };
      }
      case 'unknown':
        return { kind: 'not_found', message: presented.message, userCouponId: null, memberId: null };
    }
  }
}
