import { Injectable } from '@nestjs/common';
import type { AcConnection } from '@nocturne/contracts';
import { type AcReachability, readAcReachability } from '@nocturne/queues';
import type { RedisClient as Redis } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';
import { acConfigured } from './activecampaign-settings.js';

const NO_RECORD: AcReachability = { lastAnsweredAt: null, failingSince: null, reason: null };

/** What the worker's calls found of ActiveCampaign (the record @nocturne/queues ac-reachability keeps). */
export function connectionOf(configured: boolean, record: AcReachability): AcConnection {
  const lastAnsweredAt = record.lastAnsweredAt;
  if (!configured) return { state: 'not_configured', lastAnsweredAt: null, unreachableSince: null, reason: null };
  if (record.failingSince)
    return { state: 'unreachable', lastAnsweredAt, unreachableSince: record.failingSince, reason: record.reason ?? 'unknown' };
  if (lastAnsweredAt) return { state: 'connected', lastAnsweredAt, unreachableSince: null, reason: null };
  return { state: 'not_contacted', lastAnsweredAt: null, unreachableSince: null, reason: null };
}

/** Whether ActiveCampaign answers, for the ActiveCampaign tab and a bulk sync's progress (PRODUCT.md §2.6). */
@Injectable()
export class AcConnectionService {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async current(): Promise<AcConnection> {
    const configured = acConfigured(this.config);
    if (!configured) return connectionOf(false, NO_RECORD);
    // Redis away: nothing is known of AC's answers, which is what the screen then says.
    const record = await readAcReachability(this.redis, this.config.REDIS_PREFIX).catch(() => NO_RECORD);
    return connectionOf(true, record);
  }
}
