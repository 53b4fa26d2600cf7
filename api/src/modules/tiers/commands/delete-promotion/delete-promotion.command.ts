import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

/** Deletes a promotion that has paid no points (the ledger keeps one that has). */
export class DeletePromotionCommand extends Command<SuccessResponse> {
  constructor(
    readonly promotionId: string,
    /** The staffer deleting (an account of some venues deletes only their promotions). */
    readonly staffId: string,
  ) {
    super();
  }
}
