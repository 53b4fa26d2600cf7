import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import {
  HandlesInTransaction,
  type InTransactionHandler,
  type Raise,
} from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from './ledger.service.js';

@Injectable()
@HandlesInTransaction('MemberRegistered')
export class CreditWelcomeBonusWhenMemberRegisteredHandler implements InTransactionHandler<'MemberRegistered'> {
  constructor(
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async handle(event: DomainEvent<'MemberRegistered'>, tx: EntityManager, raise: Raise): Promise<void> {
    if (this.config.POINTS_WELCOME_BONUS <= 0) return;
    await this.ledger.credit(
      tx,
      {
        memberId: event.payload.memberId,
        points: this.config.POINTS_WELCOME_BONUS,
        kind: 'welcome_bonus',
        description: 'Welcome bonus',
        sourceType: 'member',
        sourceId: event.payload.memberId,
      },
      raise,
    );
  }
}
