import { Command } from '@nestjs/cqrs';
import type { PromotionView, SavePromotionRequest } from '@nocturne/contracts';

/** A manager schedules an earning promotion. */
export class CreatePromotionCommand extends Command<PromotionView> {
  constructor(
    readonly input: SavePromotionRequest,
    readonly managerId: string,
  ) {
    super();
  }
}
