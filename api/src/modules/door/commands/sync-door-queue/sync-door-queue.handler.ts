import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorSyncItemRequest, DoorSyncResponse, DoorSyncResult } from '@nocturne/contracts';
import {
  ALREADY_REDEEMED,
  clubNightOf,
  DOOR_ALREADY_HERE,
  DOOR_MEMBER_DISABLED,
  DOOR_NOT_CARD_HOLDERS,
  DOOR_SYNC_CLOCK_SKEW_MS,
  type DoorSyncOutcome,
  redeemedMessage,
  usedTwiceMessage,
  visitRecordedMessage,
} from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { type Lastly, UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import {
  DoorCoupons,
  type DoorSource,
  OfflineRedemptions,
  type ScanLine,
  type UserCouponView,
} from '#modules/coupons/coupons.public.js';
import { DoorDesk, type Presented } from '#modules/door/door-desk.service.js';
import { isActive } from '#modules/door/door-verdicts.js';
import { countsAsWrongCode, isGuessable, readDoorText, scanMethodOf, scannedTextOf } from '#modules/door/door-text.js';
import { DoorDataRepository } from '#modules/door/offline/door-data.repository.js';
import { DoorDataService, doorDataHash } from '#modules/door/offline/door-data.service.js';
import { Visits } from '#modules/door/visits.service.js';
import { StaffVenues, VenueDirectory, type VenueRecord } from '#modules/venues/venues.public.js';
import { SyncDoorQueueCommand } from './sync-door-queue.command.js';

/** How far back a queued item's device time is believed: a door offline longer than a night has nothing to send. */
const DEVICE_TIME_MAX_AGE_MS = 12 * 60 * 60_000;

interface Settled {
  outcome: DoorSyncOutcome;
  message: string;
  userCouponId: string | null;
  memberId: string | null;
  otherAt: Date | null;
  otherStaffId: string | null;
}

function settled(outcome: DoorSyncOutcome, message: string, at: Partial<Settled> = {}): Settled {
  return { outcome, message, userCouponId: null, memberId: null, otherAt: null, otherStaffId: null, ...at };
}

/**
 * What a door did offline, arriving in one batch (PRODUCT.md §6). Each item runs in a transaction
 * of its own, oldest first by the device's clock, through the same paths as online door mode
 * (DoorDesk finds what the text names, DoorCoupons judges and redeems under the row lock, Visits
 * records a visit once a night and its in-transaction handler pays the points) and writes one
 * scan-log line. Its id, made on the device, is claimed first: a batch sent again finds every id
 * taken and answers what was decided then, so nothing is redeemed or paid twice.
 *
 * A coupon another door redeemed first is a conflict: the scan log keeps this door's line too, and
 * the coupon records whichever redemption came first by time ("Used twice: 23:41 Main door (Sam),
 * 23:43 VIP (Alex)", each with its named door when the phone named one). A member disabled after
 * the door's data was taken is refused and listed as a conflict.
 */
@CommandHandler(SyncDoorQueueCommand)
export class SyncDoorQueueHandler implements ICommandHandler<SyncDoorQueueCommand, DoorSyncResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly desk: DoorDesk,
    private readonly coupons: DoorCoupons,
    private readonly offline: OfflineRedemptions,
    private readonly visits: Visits,
    private readonly repository: DoorDataRepository,
    private readonly data: DoorDataService,
    private readonly staffVenues: StaffVenues,
    private readonly directory: VenueDirectory,
  ) {}

  async execute({ staffId, items, staffRole, venueId, door }: SyncDoorQueueCommand): Promise<DoorSyncResponse> {
    // Which venue's door sent the batch, and that the account works there: read before any
    // transaction, as a check does, so no transaction waits on the pool for the venue list.
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const group = await this.directory.all();
    const from = { device: door.device ?? null, doorId: door.doorId ?? null };
    const doorName = from.doorId ? await this.repository.doorName(this.em, from.doorId) : null;
    const unique = [...new Map(items.map((item) => [item.id.toLowerCase(), item])).values()];
    const order = unique.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const answers = new Map<string, DoorSyncResult>();
    for (const item of order) {
      const result = await this.unitOfWork.run(async (tx, raise, lastly) => {
        const deviceAt = this.deviceTime(item.at, await this.repository.clock(tx));
        const id = item.id.toLowerCase();
        if (!(await this.repository.claimItem(tx, { id, staffId, kind: item.kind, deviceAt, venueId: venue.id }))) return null;
        const outcome = await this.settle(tx, raise, staffId, item, deviceAt, { venue, group, from, doorName, lastly });
        await this.repository.settleItem(tx, id, outcome);
        return { id, outcome: outcome.outcome, message: outcome.message, userCouponId: outcome.userCouponId };
      });
      if (result) answers.set(result.id, result);
    }
    // Items sent before: what was decided then.
    const known = await this.repository.findItems(
      this.em.fork(),
      unique.map((item) => item.id.toLowerCase()).filter((id) => !answers.has(id)),
    );
    for (const row of known) {
      // An id another account used is not this door's to read.
      const mine = row.staff_id === staffId;
      answers.set(row.id, {
        id: row.id,
        outcome: mine ? row.outcome : 'refused',
        message: mine ? row.message : 'Already sent by another door',
        userCouponId: mine ? row.user_coupon_id : null,
      });
    }
    return { results: items.map((item) => answers.get(item.id.toLowerCase())!).filter((result) => result !== undefined) };
  }

  /** The device's time, believed within the last night's hours and never later than the arrival. */
  private deviceTime(at: string, now: Date): Date {
    const claimed = new Date(at);
    if (claimed.getTime() > now.getTime() + DOOR_SYNC_CLOCK_SKEW_MS || claimed.getTime() > now.getTime()) return now;
    if (now.getTime() - claimed.getTime() > DEVICE_TIME_MAX_AGE_MS) return new Date(now.getTime() - DEVICE_TIME_MAX_AGE_MS);
    return claimed;
  }

  private async settle(
    tx: EntityManager,
    raise: Raise,
    staffId: string,
    item: DoorSyncItemRequest,
    deviceAt: Date,
    {
      venue,
      group,
      from,
      doorName,
      lastly,
    }: { venue: VenueRecord; group: readonly VenueRecord[]; from: DoorSource; doorName: string | null; lastly: Lastly },
  ): Promise<Settled> {
    const read = readDoorText(item.text);
    const at = {
      adminId: staffId,
      venueId: venue.id,
      doorId: from.doorId,
      method: scanMethodOf(item.method),
      scannedText: scannedTextOf(read, item.text),
      action: item.kind === 'redeem' ? ('redeem' as const) : ('validate' as const),
    };
    const log = (line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'>) =>
      this.coupons.record(tx, { ...at, ...line });
    // A batch is no way around the typed-code limit: the same limit, the same count of misses.
    if (isGuessable(read)) {
      const wait = await this.coupons.typedLockout(tx, at, from);
      if (wait !== null) return settled('refused', 'Too many wrong typed codes: send it again later');
    }
    const presented = await this.desk.identify(tx, read, item.text, true);
    if (presented.kind === 'unknown') {
      await log({ userCouponId: null, memberId: null, accepted: false, reason: presented.message });
      if (presented.refusal === 'not_nocturne' && countsAsWrongCode(read, item.method))
        await this.coupons.countWrongCode(staffId, from);
      return settled('refused', presented.message);
    }
    if (item.kind === 'visit') return this.visit(tx, raise, staffId, presented, log, venue);
    const target = await this.target(tx, presented, item, staffId, deviceAt, venue);
    if ('refused' in target) {
      await log({ userCouponId: null, memberId: target.memberId, accepted: false, reason: target.refused });
      const outcome = target.refused === DOOR_MEMBER_DISABLED ? 'conflict' : 'refused';
      return settled(outcome, target.refused, { memberId: target.memberId });
    }
    return this.redeem(tx, raise, staffId, target, deviceAt, log, { venue, group, doorName, lastly });
  }

  private async visit(
    tx: EntityManager,
    raise: Raise,
    staffId: string,
    presented: Exclude<Presented, { kind: 'unknown' }>,
    log: (line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'>) => Promise<void>,
    venue: VenueRecord,
  ): Promise<Settled> {
    if (presented.kind !== 'card') {
      await log({ userCouponId: presented.row.id, memberId: presented.row.member_id, accepted: false, reason: 'Not a card' });
      return settled('refused', 'Not a member card', { userCouponId: presented.row.id, memberId: presented.row.member_id });
    }
    const memberId = presented.holder.member_id;
    if (!isActive(presented.holder)) {
      await log({ userCouponId: null, memberId, accepted: false, reason: DOOR_MEMBER_DISABLED });
      return settled('conflict', DOOR_MEMBER_DISABLED, { memberId });
    }
    const visit = await this.visits.record(tx, raise, memberId, staffId, venue);
    const message = visit.recorded ? visitRecordedMessage(presented.holder.first_name, visit.points) : DOOR_ALREADY_HERE;
    await log({ userCouponId: null, memberId, accepted: true, reason: message });
    return settled('done', message, { memberId });
  }

  /** The coupon to redeem, locked: the one the text names, or the card holder's whose code hash the door chose. */
  private async target(
    tx: EntityManager,
    presented: Exclude<Presented, { kind: 'unknown' }>,
    item: DoorSyncItemRequest,
    staffId: string,
    deviceAt: Date,
    venue: VenueRecord,
  ): Promise<UserCouponView | { refused: string; memberId: string | null }> {
    if (presented.kind === 'coupon') return presented.row;
    const memberId = presented.holder.member_id;
    if (!isActive(presented.holder)) return { refused: DOOR_MEMBER_DISABLED, memberId };
    if (!item.couponHash) return { refused: DOOR_NOT_CARD_HOLDERS, memberId };
    // The door's data named the coupon by its short code's hash under the salt of the night it was decided in.
    const salt = this.data.saltFor(clubNightOf(deviceAt, venue.timeZone), staffId);
    for (const coupon of await this.coupons.usableOf(tx, memberId, venue.id)) {
      const row = await this.coupons.ofMember(tx, coupon.userCouponId, memberId, true);
      if (row?.short_code && doorDataHash(salt, row.short_code) === item.couponHash) return row;
    }
    return { refused: DOOR_NOT_CARD_HOLDERS, memberId };
  }

  private async redeem(
    tx: EntityManager,
    raise: Raise,
    staffId: string,
    row: UserCouponView,
    deviceAt: Date,
    log: (line: Pick<ScanLine, 'userCouponId' | 'memberId' | 'accepted' | 'reason'>) => Promise<void>,
    {
      venue,
      group,
      doorName,
      lastly,
    }: { venue: VenueRecord; group: readonly VenueRecord[]; doorName: string | null; lastly: Lastly },
  ): Promise<Settled> {
    const line = { userCouponId: row.id, memberId: row.member_id };
    const check = this.coupons.judge(row, venue.id, group);
    if (check.ok) {
      const redeemed = await this.coupons.redeem(tx, raise, lastly, row, staffId, venue.id);
      if (redeemed) {
        await this.offline.dateRedemption(tx, row.id, deviceAt, staffId);
        const message = redeemedMessage(row.coupon.title, row.first_name);
        await log({ ...line, accepted: true, reason: message });
        return settled('done', message, line);
      }
    }
    if (!check.ok && check.refusal === 'already_used' && row.redeemed_at !== null) {
      const otherAt = new Date(isoTimestamp(row.redeemed_at));
      const message = usedTwiceMessage(
        [
          {
            at: otherAt,
            door: row.redeemed_by === 'member' ? null : await this.repository.redeemedAtDoor(tx, row.id),
            by: row.redeemed_by === 'member' ? 'the member' : row.validated_by_name,
          },
          { at: deviceAt, door: doorName, by: await this.repository.firstNameOf(tx, staffId) },
        ],
        venue.timeZone,
      );
      // The first by time is the redemption the coupon records.
      if (deviceAt.getTime() < otherAt.getTime()) await this.offline.dateRedemption(tx, row.id, deviceAt, staffId);
      await log({ ...line, accepted: false, reason: message });
      return settled('conflict', message, { ...line, otherAt, otherStaffId: row.validated_by_id });
    }
    const message = check.ok ? ALREADY_REDEEMED : check.message;
    await log({ ...line, accepted: false, reason: message });
    return settled('conflict', message, line);
  }
}
