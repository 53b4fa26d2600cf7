import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  endpoints,
  type TierBenefitsResponse,
  type TierBenefitView,
  TierParams,
  UpdateTierBenefitRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { UpdateTierBenefitCommand } from './commands/update-tier-benefit/update-tier-benefit.command.js';
import { ListTierBenefitsQuery } from './queries/list-tier-benefits/list-tier-benefits.query.js';

/** Tier benefits as a manager reads and edits them (PRODUCT.md §2.5 Tiers). */
@Controller()
export class TiersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getTierBenefits)
  benefits(): Promise<TierBenefitsResponse> {
    return this.queries.execute(new ListTierBenefitsQuery());
  }

  @Endpoint(endpoints.updateTierBenefit)
  update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof TierParams>,
    @ValidBody() body: UpdateTierBenefitRequest,
  ): Promise<TierBenefitView> {
    return this.commands.execute(new UpdateTierBenefitCommand(params.tier, body, manager.id));
  }
}
