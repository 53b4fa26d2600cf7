import { Global, Module } from '@nestjs/common';
import { CreditWelcomeBonusWhenMemberRegisteredHandler } from './credit-welcome-bonus-when-member-registered.handler.js';
import { LedgerService } from './ledger.service.js';

@Global()
@Module({ providers: [LedgerService, CreditWelcomeBonusWhenMemberRegisteredHandler], exports: [LedgerService] })
export class LedgerModule {}
