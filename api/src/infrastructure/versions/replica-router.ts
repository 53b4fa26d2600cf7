import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { parseLsn } from './held-versions.js';
import { ResourceVersions } from './resource-versions.js';

const ASK_TIMEOUT_MS = 500;
const QUIET_MS = 5000;
const TRUST_MS = 1000;

/**
 * Decides, per conditional GET declared `replica`, whether its reads may go to DATABASE_REPLICA_URL:
 * only when the replica has replayed up to the primary's WAL position of the latest change this api
 * knows of to the answer's scopes (ResourceVersions.requiredLsn). The ETag was built from those
 * versions, so the body is never older than its ETag; a member's write is among them once the command
 * returns (it awaits `caughtUp`), so the member reads their own write, from the primary while the
 * replica lags. The replica's replay position only grows, so the last one seen is kept and asked
 * again only when it is not far enough.
 */
@Injectable()
export class ReplicaRouter {
  private readonly logger = new Logger('ReplicaRouter');
  private replayed = -1n;
  private replayedAt = 0;
  private asking?: Promise<bigint>;
  /** After the replica fails to answer, polls go to the primary without asking it until then. */
  private quietUntil = 0;
  /** Conditional GETs answered from each database (the replica figures in tests and docs). */
  readonly served = { replica: 0, primary: 0 };

  constructor(
    @InjectConfig() private readonly config: ApiConfig,
    private readonly versions: ResourceVersions,
    private readonly em: EntityManager,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.DATABASE_REPLICA_URL);
  }

  /** True when the replica may answer for these scopes now; false sends the reads to the primary. */
  async useReplica(scopes: readonly string[]): Promise<boolean> {
    const needed = this.versions.requiredLsn(scopes);
    let ok = false;
    // The last position seen vouches for a second: a replica that went away is asked again soon.
    if (needed !== null)
      ok = (this.replayed >= needed && Date.now() - this.replayedAt < TRUST_MS) || (await this.replayPosition()) >= needed;
    this.served[ok ? 'replica' : 'primary'] += 1;
    return ok;
  }

  /** A read on the replica failed (not the request's fault): the next polls read from the primary for a while. */
  failed(error: unknown): void {
    this.served.replica -= 1;
    this.served.primary += 1;
    this.replayedAt = 0;
    this.quietUntil = Date.now() + QUIET_MS;
    this.logger.warn(
      `read on the replica failed, polls read from the primary for ${QUIET_MS / 1000} s: ${(error as Error).message}`,
    );
  }

  private replayPosition(): Promise<bigint> {
    if (Date.now() < this.quietUntil) return Promise.resolve(-1n);
    // One question in flight: concurrent polls share its answer.
    this.asking ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        // Raw SQL: a server function on the replica's connection, no table.
        const ask = this.em
          .getConnection('read')
          .execute<{ lsn: string | null }[]>('select pg_last_wal_replay_lsn()::text as lsn');
        // A replica that does not answer must not hold the polls: past this, they read from the primary.
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${ASK_TIMEOUT_MS} ms`)), ASK_TIMEOUT_MS);
        });
        const rows = await Promise.race([ask, late]);
        const lsn = rows[0]?.lsn ? parseLsn(rows[0].lsn) : -1n;
        if (lsn > this.replayed) this.replayed = lsn;
        this.replayedAt = Date.now();
      } catch (error) {
        this.quietUntil = Date.now() + QUIET_MS;
        this.logger.warn(
          `read replica not answering, polls read from the primary for ${QUIET_MS / 1000} s: ${(error as Error).message}`,
        );
      } finally {
        clearTimeout(timer);
        this.asking = undefined;
      }
      return this.replayed;
    })();
    return this.asking;
  }
}
