import { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import {
  endpoints,
  type TierBenefitsResponse,
  type TierBenefitView,
  TierParams,
  UpdateTierBenefitRequest,
} from '@nocturne/contracts';
import { multiplierWords, parseMultiplier } from '@nocturne/domain';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AuditService } from '../audit/audit.public.js';
import { TiersFailure } from './tiers-failure.js';
import { type TierBenefitRow, TiersRepository } from './tiers.repository.js';

export function benefitView(row: TierBenefitRow): TierBenefitView {
  return {
    tier: row.tier,
    benefit: row.benefit,
    multiplier: row.multiplier,
    multiplierText: multiplierWords(row.multiplier),
    monthlyCouponId: row.monthly_coupon_id,
  };
}

/** Tier benefits as a manager reads and edits them (PRODUCT.md §2.5 Tiers). */
@Controller()
export class TiersController {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(endpoints.getTierBenefits)
  async benefits(): Promise<TierBenefitsResponse> {
    return { tiers: (await this.repository.benefits(this.em.fork())).map(benefitView) };
  }

  @Endpoint(endpoints.updateTierBenefit)
  async update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof TierParams>,
    @ValidBody() body: UpdateTierBenefitRequest,
  ): Promise<TierBenefitView> {
    const multiplier = parseMultiplier(body.multiplier);
    if (multiplier === null) {
      const message = 'Must be a number from 1.00 to 5.00 with at most two decimals';
      throw new TiersFailure('invalid', message, { issues: [{ path: 'multiplier', message }] });
    }
    const em = this.em.fork();
    if (body.monthlyCouponId && !(await this.repository.couponIsActive(em, body.monthlyCouponId))) {
      const message = 'No such active coupon';
      throw new TiersFailure('invalid', message, { issues: [{ path: 'monthlyCouponId', message }] });
    }
    return em.transactional(async (tx) => {
      const before = (await this.repository.benefits(tx)).find((row) => row.tier === params.tier)!;
      await this.repository.saveBenefit(tx, params.tier, { ...body, multiplier }, manager.id);
      const after = (await this.repository.benefits(tx)).find((row) => row.tier === params.tier)!;
      await this.audit.record(tx, {
        action: 'tier.benefits',
        targetType: 'tier_benefits',
        targetId: params.tier,
        before: { ...benefitView(before) },
        after: { ...benefitView(after) },
      });
      return benefitView(after);
    });
  }
}
