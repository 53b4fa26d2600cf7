import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  endpoints,
  IdParams,
  type PromotionsResponse,
  type PromotionTonight,
  type PromotionView,
  SavePromotionRequest,
  type SuccessResponse,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreatePromotionCommand } from './commands/create-promotion/create-promotion.command.js';
import { DeletePromotionCommand } from './commands/delete-promotion/delete-promotion.command.js';
import { UpdatePromotionCommand } from './commands/update-promotion/update-promotion.command.js';
import { GetPromotionTonightQuery } from './queries/get-promotion-tonight/get-promotion-tonight.query.js';
import { ListPromotionsQuery } from './queries/list-promotions/list-promotions.query.js';

type Params = z.infer<typeof IdParams>;

/** Earning promotions (PRODUCT.md §2.5 Tiers): a manager schedules them; members see the one running tonight. */
@Controller()
export class PromotionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listPromotions)
  list(): Promise<PromotionsResponse> {
    return this.queries.execute(new ListPromotionsQuery());
  }

  @Endpoint(endpoints.getPromotionTonight)
  tonight(): Promise<PromotionTonight> {
    return this.queries.execute(new GetPromotionTonightQuery());
  }

  @Endpoint(endpoints.createPromotion)
  create(@CurrentMember() manager: AuthenticatedMember, @ValidBody() body: SavePromotionRequest): Promise<PromotionView> {
    return this.commands.execute(new CreatePromotionCommand(body, manager.id));
  }

  @Endpoint(endpoints.updatePromotion)
  update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidBody() body: SavePromotionRequest,
  ): Promise<PromotionView> {
    return this.commands.execute(new UpdatePromotionCommand(params.id, body, manager.id));
  }

  @Endpoint(endpoints.deletePromotion)
  remove(@CurrentMember() manager: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new DeletePromotionCommand(params.id, manager.id));
  }
}
