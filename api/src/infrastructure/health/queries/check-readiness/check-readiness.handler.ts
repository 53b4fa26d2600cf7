import { ServiceUnavailableException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReadyResponse } from '@nocturne/contracts';
import { HealthProbes } from '#infrastructure/health/health.probes.js';
import { CheckReadinessQuery } from './check-readiness.query.js';

const CHECK_TIMEOUT_MS = 2000;

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Dependency = keyof ReadyResponse['info'];

/** A 503 whose `issues` name each dependency that did not answer, and why. */
class NotReady extends ServiceUnavailableException {
  constructor(readonly issues: { path: Dependency; message: string }[]) {
    super(`Not ready: ${issues.map((issue) => issue.path).join(' and ')} ${issues.length > 1 ? 'are' : 'is'} down`);
  }
}

@QueryHandler(CheckReadinessQuery)
export class CheckReadinessHandler implements IQueryHandler<CheckReadinessQuery, ReadyResponse> {
  constructor(private readonly probes: HealthProbes) {}

  async execute(): Promise<ReadyResponse> {
    const checks = await Promise.all([
      this.check('database', () => this.probes.pingDatabase()),
      this.check('redis', () => this.probes.pingRedis()),
    ]);
    const down = checks.filter((check) => check !== null);
    if (down.length) throw new NotReady(down);
    return { status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } };
  }

  /** Null when the dependency answered; otherwise what went wrong. */
  private async check(path: Dependency, probe: () => Promise<unknown>): Promise<{ path: Dependency; message: string } | null> {
    try {
      await withTimeout(probe(), path);
      return null;
    } catch (error) {
      return { path, message: `down: ${(error as Error).message}` };
    }
  }
}
