import { Command } from '@nestjs/cqrs';
import type { PromotionView, SavePromotionRequest } from '@nocturne/contracts';

/** A manager's edit of a scheduled promotion. */
export class UpdatePromotionCommand extends Command<PromotionView> {
  constructor(
    readonly promotionId: string,
    readonly input: SavePromotionRequest,
    /** The staffer editing (an account of some venues edits only their promotions). */
    readonly staffId: string,
  ) {
    super();
  }
}
