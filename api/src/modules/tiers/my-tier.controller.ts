import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CelebratedTierRequest, endpoints, type MyTier, type SuccessResponse } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AcknowledgeTierCelebrationCommand } from './commands/acknowledge-tier-celebration/acknowledge-tier-celebration.command.js';
import { GetMyTierQuery } from './queries/get-my-tier/get-my-tier.query.js';

/**
 * The members area's tier panel (PRODUCT.md §2.5 Tiers): the member's benefits, the next tier's, how far
 * it is, and a newly reached tier to celebrate once.
 */
@Controller()
export class MyTierController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getMyTier)
  mine(@CurrentMember() member: AuthenticatedMember): Promise<MyTier> {
    return this.queries.execute(new GetMyTierQuery(member.id));
  }

  @Endpoint(endpoints.acknowledgeTierCelebration)
  celebrated(@CurrentMember() member: AuthenticatedMember, @ValidBody() body: CelebratedTierRequest): Promise<SuccessResponse> {
    return this.commands.execute(new AcknowledgeTierCelebrationCommand(member.id, body.tier));
  }
}
