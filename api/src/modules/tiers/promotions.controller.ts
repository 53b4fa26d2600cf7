import { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import {
  endpoints,
  IdParams,
  type PromotionsResponse,
  type PromotionTonight,
  type PromotionView,
  SavePromotionRequest,
  type SuccessResponse,
} from '@nocturne/contracts';
import {
  activePromotion,
  multiplierWords,
  parseMultiplier,
  promotionBadgeWords,
  promotionScheduleProblem,
} from '@nocturne/domain';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '../../common/http/input.decorators.js';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AuditService } from '../audit/audit.public.js';
import { TiersFailure } from './tiers-failure.js';
import { type PromotionFields, type PromotionRow, TiersRepository } from './tiers.repository.js';

const NOT_FOUND = 'No such promotion';

const schedule = (row: PromotionRow) => ({
  id: row.id,
  name: row.name,
  multiplier: row.multiplier,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  weekdays: row.weekdays,
});

/**
 * Earning promotions (PRODUCT.md §2.5 Tiers, issue #33 point 5): a manager schedules them; members see
 * the one running tonight. Which one applies to an entry is the ledger's (`Ledger.quote`), by the
 * same rule (`activePromotion`: the highest multiplier of those running that club night).
 */
@Controller()
export class PromotionsController {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  @Endpoint(endpoints.listPromotions)
  async list(): Promise<PromotionsResponse> {
    const rows = await this.repository.promotions(this.em.fork());
    const tonight = activePromotion(rows.map(schedule), new Date(), this.config.VENUE_TZ);
    return { promotions: rows.map((row) => this.view(row, tonight?.id ?? null)) };
  }

  @Endpoint(endpoints.getPromotionTonight)
  async tonight(): Promise<PromotionTonight> {
    const rows = await this.repository.promotions(this.em.fork());
    const running = activePromotion(rows.map(schedule), new Date(), this.config.VENUE_TZ);
    if (!running) return { promotion: null };
    return {
      promotion: {
        name: running.name,
        multiplier: running.multiplier,
        multiplierText: multiplierWords(running.multiplier),
        badge: promotionBadgeWords(running.name, running.multiplier),
      },
    };
  }

  @Endpoint(endpoints.createPromotion)
  async create(@CurrentMember() manager: AuthenticatedMember, @ValidBody() body: SavePromotionRequest): Promise<PromotionView> {
    const fields = checked(body);
    const em = this.em.fork();
    const id = await em.transactional(async (tx) => {
      const created = await this.repository.insertPromotion(tx, fields, manager.id);
      await this.audit.record(tx, {
        action: 'promotion.create',
        targetType: 'promotion',
        targetId: created,
        after: { ...fields },
      });
      return created;
    });
    return this.find(em, id);
  }

  @Endpoint(endpoints.updatePromotion)
  async update(@ValidParams() params: z.infer<typeof IdParams>, @ValidBody() body: SavePromotionRequest): Promise<PromotionView> {
    const fields = checked(body);
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      const before = (await this.repository.promotions(tx)).find((row) => row.id === params.id);
      if (!before || !(await this.repository.updatePromotion(tx, params.id, fields)))
        throw new TiersFailure('not_found', NOT_FOUND);
      await this.audit.record(tx, {
        action: 'promotion.update',
        targetType: 'promotion',
        targetId: params.id,
        before: { ...schedule(before) },
        after: { ...schedule((await this.repository.promotions(tx)).find((row) => row.id === params.id)!) },
      });
    });
    return this.find(em, params.id);
  }

  @Endpoint(endpoints.deletePromotion)
  async remove(@ValidParams() params: z.infer<typeof IdParams>): Promise<SuccessResponse> {
    await this.em.fork().transactional(async (tx) => {
      const before = (await this.repository.promotions(tx)).find((row) => row.id === params.id);
      if (!before) throw new TiersFailure('not_found', NOT_FOUND);
      if (!(await this.repository.deleteUnpaidPromotion(tx, params.id)))
        throw new TiersFailure(
          'conflict',
          'This promotion has paid points, so the ledger keeps it: change its end date to end it',
        );
      await this.audit.record(tx, {
        action: 'promotion.delete',
        targetType: 'promotion',
        targetId: params.id,
        before: { ...schedule(before) },
      });
    });
    return { success: true };
  }

  private async find(em: EntityManager, id: string): Promise<PromotionView> {
    const rows = await this.repository.promotions(em);
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new TiersFailure('not_found', NOT_FOUND);
    const tonight = activePromotion(rows.map(schedule), new Date(), this.config.VENUE_TZ);
    return this.view(row, tonight?.id ?? null);
  }

  private view(row: PromotionRow, tonightId: string | null): PromotionView {
    return {
      ...schedule(row),
      multiplierText: multiplierWords(row.multiplier),
      appliesTonight: row.id === tonightId,
      hasPaid: Boolean(row.has_paid),
    };
  }
}

/** The request as the table takes it, or a 400 naming the field. */
function checked(body: SavePromotionRequest): PromotionFields {
  const multiplier = parseMultiplier(body.multiplier);
  if (multiplier === null) {
    const message = 'Must be a number from 1.00 to 5.00 with at most two decimals';
    throw new TiersFailure('invalid', message, { issues: [{ path: 'multiplier', message }] });
  }
  const problem = promotionScheduleProblem(body);
  if (problem) throw new TiersFailure('invalid', problem.message, { issues: [problem] });
  return { name: body.name, multiplier, startsOn: body.startsOn, endsOn: body.endsOn, weekdays: body.weekdays };
}
