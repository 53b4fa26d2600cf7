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
  clubNightOf,
  multiplierWords,
  parseMultiplier,
  promotionBadgeWords,
  promotionScheduleProblem,
} from '@nocturne/domain';
import { promotionSchedule, promotionsOnNight } from '@nocturne/ledger';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '../../common/http/input.decorators.js';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AuditService } from '../audit/audit.public.js';
import { TiersFailure } from './tiers-failure.js';
import { type PromotionFields, type PromotionRow, TiersRepository } from './tiers.repository.js';

const NOT_FOUND = 'No such promotion';

/** The promotions the manager's list shows, latest ending first (years of weekly nights stay one answer). */
const PROMOTIONS_LIST_LIMIT = 200;

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
    const em = this.em.fork();
    const rows = await this.repository.promotions(em, { limit: PROMOTIONS_LIST_LIMIT });
    const tonightId = await this.tonightId(em);
    return { promotions: rows.map((row) => this.view(row, tonightId)) };
  }

  @Endpoint(endpoints.getPromotionTonight)
  async tonight(): Promise<PromotionTonight> {
    const running = await this.runningTonight(this.em.fork());
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
      const before = await this.repository.promotion(tx, params.id);
      if (!before || !(await this.repository.updatePromotion(tx, params.id, fields)))
        throw new TiersFailure('not_found', NOT_FOUND);
      await this.audit.record(tx, {
        action: 'promotion.update',
        targetType: 'promotion',
        targetId: params.id,
        before: { ...promotionSchedule(before) },
        after: { ...promotionSchedule((await this.repository.promotion(tx, params.id))!) },
      });
    });
    return this.find(em, params.id);
  }

  @Endpoint(endpoints.deletePromotion)
  async remove(@ValidParams() params: z.infer<typeof IdParams>): Promise<SuccessResponse> {
    await this.em.fork().transactional(async (tx) => {
      const before = await this.repository.promotion(tx, params.id);
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
        before: { ...promotionSchedule(before) },
      });
    });
    return { success: true };
  }

  private async find(em: EntityManager, id: string): Promise<PromotionView> {
    const row = await this.repository.promotion(em, id);
    if (!row) throw new TiersFailure('not_found', NOT_FOUND);
    return this.view(row, await this.tonightId(em));
  }

  /** The promotion that applies tonight (the highest of those covering the night), as the ledger picks it. */
  private async runningTonight(em: EntityManager) {
    const now = new Date();
    const night = clubNightOf(now, this.config.VENUE_TZ);
    return activePromotion(await promotionsOnNight(em, night), now, this.config.VENUE_TZ);
  }

  private async tonightId(em: EntityManager): Promise<string | null> {
    return (await this.runningTonight(em))?.id ?? null;
  }

  private view(row: PromotionRow, tonightId: string | null): PromotionView {
    return {
      ...promotionSchedule(row),
      weekdays: row.weekdays,
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
