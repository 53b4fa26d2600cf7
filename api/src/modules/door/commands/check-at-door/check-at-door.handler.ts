import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorCheckResponse } from '@nocturne/contracts';
import { typedLockoutMessage } from '@nocturne/domain';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { TooManyRequestsException } from '#modules/auth/auth.public.js';
import { DoorCoupons, type DoorSource, type ScanLine, type TypedLockout } from '#modules/coupons/coupons.public.js';
import { DoorDesk, type Presented } from '#modules/door/door-desk.service.js';
import { cardVerdict, couponVerdict, isActive, unknownVerdict } from '#modules/door/door-verdicts.js';
import {
  countsAsWrongCode,
  type DoorText,
  isGuessable,
  readDoorText,
  scanMethodOf,
  scannedTextOf,
} from '#modules/door/door-text.js';
import { Visits } from '#modules/door/visits.service.js';
import { GuestListAtDoor } from '#modules/events/events.public.js';
import { StaffVenues, VenueDirectory, type VenueRecord } from '#modules/venues/venues.public.js';
import { CheckAtDoorCommand } from './check-at-door.command.js';

type Attempt = Pick<ScanLine, 'adminId' | 'venueId' | 'method' | 'scannedText' | 'doorId' | 'action'>;
type Guess = { read: DoorText; text: string; method: 'scan' | 'typed'; at: Attempt; from: DoorSource };
type GuessOutcome = { answer: DoorCheckResponse } | { wait: TypedLockout } | { presented: Presented };
type Verdict = { answer: DoorCheckResponse; line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'> };

/**
 * Door mode's check (PRODUCT.md §6, §8): whatever was shown gets one verdict in words and one scan-log
 * line; a member card also records tonight's visit (points once a night), in the same transaction
 * as its line. Text that could be a typed code goes through the typed-code limit of the phone it
 * came from (and its account's ceiling) first, in a short transaction under the account's lock that
 * looks it up and logs and counts a miss: over the limit is a 429 with the seconds to count down
 * and the wait in words, after the log commits.
 */
@CommandHandler(CheckAtDoorCommand)
export class CheckAtDoorHandler implements ICommandHandler<CheckAtDoorCommand, DoorCheckResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly desk: DoorDesk,
    private readonly coupons: DoorCoupons,
    private readonly visits: Visits,
    private readonly staffVenues: StaffVenues,
    private readonly directory: VenueDirectory,
    private readonly em: EntityManager,
    private readonly guestList: GuestListAtDoor,
  ) {}

  async execute({ staffId, text, method, staffRole, venueId, door }: CheckAtDoorCommand): Promise<DoorCheckResponse> {
    const read = readDoorText(text);
    const from = { device: door.device ?? null, doorId: door.doorId ?? null };
    // Which venue's door this is, and that the account works there (403 in words, nothing logged);
    // read before the transaction, so no transaction waits on the pool for the venue list.
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const group = await this.directory.all();
    const at: Attempt = {
      adminId: staffId,
      venueId: venue.id,
      method: scanMethodOf(method),
      scannedText: scannedTextOf(read, text),
      doorId: from.doorId,
      action: 'validate',
    };
    // A possible guess is looked up in a transaction of its own, under the account's typed-code
    // lock: phones typing on one account queue for the lock-out, the lookup and a miss's count,
    // not for the verdict and visit of a code that was found.
    const guessed = isGuessable(read)
      ? await this.unitOfWork.run((tx) => this.guess(tx, { read, text, method, at, from }))
      : { presented: undefined };
    if ('wait' in guessed) {
      const { seconds, scope } = guessed.wait;
      throw new TooManyRequestsException(seconds, typedLockoutMessage(seconds, scope));
    }
    if ('answer' in guessed) return guessed.answer;
    return this.unitOfWork.run(async (tx, raise) => {
      const presented = guessed.presented ?? (await this.desk.identify(tx, read, text, false));
      const { answer, line } = await this.verdictOn(tx, raise, presented, staffId, venue, group);
      await this.coupons.record(tx, { ...at, ...line });
      return answer;
    });
  }

  /**
   * The typed-code limit's part of a check: over the limit, a 429 to be; a miss, answered and
   * logged here and counted (over the limit after it: a 429); a code of ours, what it is.
   */
  private async guess(tx: EntityManager, attempt: Guess): Promise<GuessOutcome> {
    const { read, text, method, at, from } = attempt;
    const wait = await this.coupons.typedLockout(tx, at, from);
    if (wait !== null) return { wait };
    const presented = await this.desk.identify(tx, read, text, false);
    if (presented.kind !== 'unknown') return { presented };
    await this.coupons.record(tx, { ...at, userCouponId: null, memberId: null, accepted: false, reason: presented.message });
    if (presented.refusal === 'not_nocturne' && countsAsWrongCode(read, method)) {
      const overLimit = await this.coupons.countWrongCode(at.adminId, from);
      if (overLimit !== null) return { wait: overLimit };
    }
    return { answer: unknownVerdict(presented.refusal, presented.message) };
  }

  private async verdictOn(
    tx: EntityManager,
    raise: Raise,
    presented: Presented,
    staffId: string,
    venue: VenueRecord,
    group: VenueRecord[],
  ): Promise<Verdict> {
    switch (presented.kind) {
      case 'coupon': {
        const { row } = presented;
        const answer = couponVerdict(this.coupons.judge(row, venue.id, group), this.coupons.doorCoupon(row));
        return { answer, line: { userCouponId: row.id, memberId: row.member_id, accepted: answer.ok, reason: answer.message } };
      }
      case 'card': {
        const { holder } = presented;
        const active = isActive(holder);
        const visit = active ? await this.visits.record(tx, raise, holder.member_id, staffId, venue) : null;
        const answer = cardVerdict(holder, visit, active ? await this.coupons.usableOf(tx, holder.member_id, venue.id) : []);
        // On an event night: the member's guest-list entry, if they are on tonight's list at this venue.
        const onList = active ? await this.guestList.forMember(tx, holder.member_id, venue.id) : undefined;
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
