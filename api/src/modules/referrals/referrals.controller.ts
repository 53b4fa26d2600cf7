import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { endpoints, MembershipSettings, MyBirthday, MyReferrals, UpdateMembershipSettingsRequest } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { UpdateMembershipSettingsCommand } from './commands/update-membership-settings/update-membership-settings.command.js';
import { GetMembershipSettingsQuery } from './queries/get-membership-settings/get-membership-settings.query.js';
import { GetMyBirthdayQuery } from './queries/get-my-birthday/get-my-birthday.query.js';
import { GetMyReferralsQuery } from './queries/get-my-referrals/get-my-referrals.query.js';

/** A member's invitations and birthday banner; the manager's membership settings. */
@Controller()
export class ReferralsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getMyReferrals)
  mine(@CurrentMember() member: AuthenticatedMember): Promise<MyReferrals> {
    return this.queries.execute(new GetMyReferralsQuery(member.id));
  }

  @Endpoint(endpoints.getMyBirthday)
  birthday(@CurrentMember() member: AuthenticatedMember): Promise<MyBirthday> {
    return this.queries.execute(new GetMyBirthdayQuery(member.id));
  }

  @Endpoint(endpoints.getMembershipSettings)
  settings(): Promise<MembershipSettings> {
    return this.queries.execute(new GetMembershipSettingsQuery());
  }

  @Endpoint(endpoints.updateMembershipSettings)
  update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidBody() body: UpdateMembershipSettingsRequest,
  ): Promise<MembershipSettings> {
    return this.commands.execute(new UpdateMembershipSettingsCommand(body, manager.id));
  }
}
