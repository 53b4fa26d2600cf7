import { IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { HttpStatus } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorData } from '@nocturne/contracts';
import { DOOR_DATA_BUSY } from '@nocturne/domain';
import { RetryLaterException } from '#common/http/retry-later.js';
import { TakeTurns, TurnAbandoned } from '#common/take-turns.js';
import { DoorDataService } from '#modules/door/offline/door-data.service.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { GetDoorDataQuery } from './get-door-data.query.js';

/**
 * Whole nights this process builds at once: each holds its members' entries in memory until it is
 * sent, so twenty doors opening at once take turns instead of holding twenty nights together.
 */
const WHOLE_NIGHTS_AT_ONCE = 1;
/** Past this many doors waiting for a whole night, the next is told to ask again (503, Retry-After). */
const WHOLE_NIGHTS_WAITING = 40;
const RETRY_AFTER_SECONDS = 5;

/**
 * Tonight's door data at the door's venue (the one a check there would be at: 400/403 in words as
 * for a check), read in one repeatable-read snapshot so its parts agree with its cursor. A whole
 * night waits its turn before its transaction opens, so waiting doors hold no connection, and a
 * door that hangs up while it waits leaves the line.
 */
@QueryHandler(GetDoorDataQuery)
export class GetDoorDataHandler implements IQueryHandler<GetDoorDataQuery, DoorData> {
  private readonly wholeNights = new TakeTurns(WHOLE_NIGHTS_AT_ONCE);

  constructor(
    private readonly em: EntityManager,
    private readonly data: DoorDataService,
    private readonly staffVenues: StaffVenues,
    private readonly directory: VenueDirectory,
  ) {}

  async execute({ staffId, since, staffRole, venueId, clientGone }: GetDoorDataQuery): Promise<DoorData> {
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const group = await this.directory.all();
    const read = (cursor: string | undefined) =>
      this.em.fork().transactional((tx) => this.data.read(tx, staffId, cursor, venue, group), {
        readOnly: true,
        isolationLevel: IsolationLevel.REPEATABLE_READ,
      });
    const wholeNight = async (): Promise<DoorData> => {
      if (this.wholeNights.queued >= WHOLE_NIGHTS_WAITING)
        throw new RetryLaterException(RETRY_AFTER_SECONDS, DOOR_DATA_BUSY, HttpStatus.SERVICE_UNAVAILABLE);
      try {
        return (await this.wholeNights.run(() => read(undefined), clientGone))!;
      } catch (error) {
        // The door hung up while it waited (its request timed out, or it went offline): its turn
        // goes to the next door. Nobody reads this answer; it says what a door would do next.
        if (error instanceof TurnAbandoned)
          throw new RetryLaterException(RETRY_AFTER_SECONDS, DOOR_DATA_BUSY, HttpStatus.SERVICE_UNAVAILABLE);
        throw error;
      }
    };
    if (this.data.asksWholeNight(since, venue.id)) return wholeNight();
    // A poll whose changes outgrow a whole night (null) takes the whole night, in its turn.
    return (await read(since)) ?? wholeNight();
  }
}
