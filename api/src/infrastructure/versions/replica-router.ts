import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { parseLsn, ResourceVersions } from './resource-versions.js';

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
  private asking?: Promise<bigint>;
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
    if (needed !== null) ok = this.replayed >= needed || (await this.replayPosition()) >= needed;
    this.served[ok ? 'replica' : 'primary'] += 1;
    return ok;
  }

  private replayPosition(): Promise<bigint> {
    // One question in flight: concurrent polls share its answer.
    this.asking ??= (async () => {
      try {
        // Raw SQL: a server function on the replica's connection, no table.
        const rows = await this.em
          .getConnection('read')
          .execute<{ lsn: string | null }[]>('select pg_last_wal_replay_lsn()::text as lsn');
        const lsn = rows[0]?.lsn ? parseLsn(rows[0].lsn) : -1n;
        if (lsn > this.replayed) this.replayed = lsn;
      } catch (error) {
        this.logger.warn(`read replica not answering, reading from the primary: ${(error as Error).message}`);
      } finally {
        this.asking = undefined;
      }
      return this.replayed;
    })();
    return this.asking;
  }
}
