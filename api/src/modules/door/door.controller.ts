import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  DoorCheckRequest,
  DoorCheckResponse,
  DoorHeaders,
  DoorRedeemRequest,
  DoorRedeemResponse,
  DoorTonight,
  DoorTonightQuery,
  endpoints,
  MemberCard,
} from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidQuery } from '#common/http/input.decorators.js';
import { DoorHeadersOf } from '#modules/door/door-headers.decorator.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CheckAtDoorCommand } from './commands/check-at-door/check-at-door.command.js';
import { RedeemAtDoorCommand } from './commands/redeem-at-door/redeem-at-door.command.js';
import { GetDoorTonightQuery } from './queries/get-door-tonight/get-door-tonight.query.js';
import { GetMyCardQuery } from './queries/get-my-card/get-my-card.query.js';

@Controller()
export class DoorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.checkAtDoor)
  check(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidBody() body: DoorCheckRequest,
    @DoorHeadersOf() door: DoorHeaders,
  ): Promise<DoorCheckResponse> {
    return this.commands.execute(new CheckAtDoorCommand(staff.id, body.text, body.method, staff.role, body.venueId, door));
  }

  @Endpoint(endpoints.redeemAtDoor)
  redeem(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidBody() body: DoorRedeemRequest,
    @DoorHeadersOf() door: DoorHeaders,
  ): Promise<DoorRedeemResponse> {
    return this.commands.execute(
      new RedeemAtDoorCommand(staff.id, body.text, body.method, body.userCouponId, staff.role, body.venueId, door),
    );
  }

  @Endpoint(endpoints.getDoorTonight)
  tonight(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: DoorTonightQuery): Promise<DoorTonight> {
    return this.queries.execute(new GetDoorTonightQuery(staff.id, staff.role, query.venueId, query.doorId));
  }

  @Endpoint(endpoints.getMyCard)
  myCard(@CurrentMember() member: AuthenticatedMember): Promise<MemberCard> {
    return this.queries.execute(new GetMyCardQuery(member.id));
  }
}
