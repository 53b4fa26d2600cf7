import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { HeldVersions, type LoadedVersion, MAX_HELD_SCOPES, parseLsn } from './held-versions.js';

const RECONNECT_MS = 1000;
/** How often a replica folds the version log into one row per scope (under an advisory lock, so one at a time). */
const COMPACT_EVERY_MS = 60_000;
/** Log rows younger than this stay: a listener that is just catching up may still read them. */
const COMPACT_AFTER = '1 minute';
const COMPACT_LOCK = 'nocturne:resource_versions:compact';
/**
 * Distinguishes builds, so a deploy that changes an answer's shape never answers 304 to a client
 * holding the old build's ETag. Replicas of one image agree on it (same compiled file).
 */
const BUILD = (() => {
  try {
    return String(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    return 'dev';
  }
})();

/**
 * This replica's copy of every scope's version (see the ResourceVersions migration), kept current
 * by LISTEN on the `resource_versions` channel. PostgreSQL delivers notifications in commit order
 * to every listener, and the latest notification for a scope wins, so replicas that listened
 * through the same commits agree. A replica that starts later takes the highest version it finds
 * per scope; until that scope next changes it may differ from the others, which costs a full
 * answer, never a stale 304 (a version is a number used once, so any change gives a new ETag).
 *
 * While the listener is down this replica cannot know what changed: `ready` is false, and callers
 * must not answer 304 or trust cached sessions until it has listened again and reloaded the table.
 *
 * Its statements are raw SQL on its own `pg` connection, not Kysely on the EntityManager: LISTEN
 * needs a session that stays open (outside the pool), loads and compaction keep working while the
 * pool is saturated, and `resource_versions` / `resource_version_log` are trigger tables of the
 * ResourceVersions migration, not entities (the typed `Database` has no such tables).
 */
@Injectable()
export class ResourceVersions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ResourceVersions');
  /** Scope versions in memory, with their WAL positions where a read replica is configured. */
  private readonly held: HeldVersions;
  private readonly tracksLsn: boolean;
  private listener?: pg.Client;
  /** Loads and notifications apply one at a time, in arrival order. */
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private live = false;
  private readonly waiters: (() => void)[] = [];
  private applied = 0;
  /** The generation at which each recently changed scope last changed, oldest first (at most MAX_HELD_SCOPES). */
  private readonly changedAt = new Map<string, number>();
  /** Changes up to this generation are no longer told apart by scope (a reload, a lost listener, a bulk change, a scope let go). */
  private changesKnownAfter = 0;
  /** The read-your-writes round trip in flight, and the one that starts when it ends. */
  private roundTrip?: Promise<void>;
  private nextRoundTrip?: Promise<void>;
  private compactTimer?: NodeJS.Timeout;

  constructor(@InjectConfig() private readonly config: ApiConfig) {
    this.tracksLsn = Boolean(config.DATABASE_REPLICA_URL);
    this.held = new HeldVersions(this.tracksLsn);
  }

  /**
   * The primary's WAL position a replica must have replayed to answer for these scopes as this
   * api's versions know them (so a body read there is never older than its ETag). Null while the
   * listener is down or no replica is configured: read from the primary then.
   */
  requiredLsn(scopes: readonly string[]): bigint | null {
    if (!this.live || !this.tracksLsn) return null;
    return this.held.requiredLsn(scopes);
  }

  /** The primary's WAL insert position, read after the change it stands for was committed. */
  private async primaryLsn(client: pg.Client): Promise<bigint> {
    // Raw SQL: a server function, no table.
    const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    return parseLsn(rows[0]!.lsn);
  }

  onApplicationBootstrap(): void {
    void this.listen();
    this.compactTimer = setInterval(() => void this.compact(), COMPACT_EVERY_MS);
    this.compactTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.live = false;
    clearInterval(this.compactTimer);
    await this.listener?.end().catch(() => undefined);
  }

  get ready(): boolean {
    return this.live;
  }

  /** Resolves once the listener is up and the table loaded (or after `timeoutMs`). For tests and start-up. */
  whenReady(timeoutMs = 5000): Promise<boolean> {
    if (this.live) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.live), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Grows with every change applied (and every reload): equal before and after a read means nothing changed meanwhile. */
  get generation(): number {
    return this.applied;
  }

  /**
   * Whether any of these scopes may have changed after `generation` (read before a read of their
   * rows): a change to one of them, a bulk change, a reload or a lost listener since then says yes.
   * A cache that keeps such a row then needs only its own scopes to be quiet during the read, not
   * the whole database: with members commenting all night, some change lands during nearly every
   * read, and the generation alone would never let a row be kept.
   */
  changedSince(generation: number, scopes: readonly string[]): boolean {
    if (this.changesKnownAfter > generation) return true;
    return scopes.some((scope) => (this.changedAt.get(scope) ?? 0) > generation);
  }

  version(scope: string): string {
    return this.held.version(scope);
  }

  /** How many scopes this replica holds (at most MAX_HELD_SCOPES). */
  get heldScopes(): number {
    return this.held.size;
  }

  /**
   * A weak ETag for one answer: the build, what is asked (method, path and query), who asks, and
   * the version of every scope the answer reads. Null while this replica cannot vouch for it.
   */
  etag(request: string, memberId: string | undefined, scopes: readonly string[], extra = ''): string | null {
    if (!this.live) return null;
    const hash = createHash('sha1')
      .update(BUILD)
      .update('\n')
      .update(request)
      .update('\n')
      .update(memberId ?? '-')
      .update('\n')
      .update(extra);
    for (const scope of scopes) hash.update('\n').update(scope).update('=').update(this.version(scope));
    return `W/"${hash.digest('base64url').slice(0, 22)}"`;
  }

  /**
   * Resolves once this replica has applied the versions of every transaction committed before the
   * call: a command awaits it after its commit, so the same member's next request on this replica
   * never meets a cached session or a 304 from before their own write (read your writes; other
   * replicas follow within a round trip). PostgreSQL delivers a committed transaction's
   * notifications to a listening session ahead of the answer to its next statement, so one round
   * trip on the listening connection, started after the commit, queues them here, and the chain
   * applies them in order. Later transactions are not waited for. Bounded by `timeoutMs`, and at
   * once while the listener is down (no 304s are answered then anyway).
   */
  async caughtUp(timeoutMs = 250): Promise<void> {
    if (!this.listener || !this.live) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.joinNextRoundTrip(), bound]);
    clearTimeout(timer);
  }

  /**
   * A round trip that starts after this call. Every caller until it starts joins it, so however many
   * commands commit at once, one round trip is in flight and one waits: the listening connection
   * never becomes a queue (one per command cost a third of the comment benchmark's throughput).
   */
  private joinNextRoundTrip(): Promise<void> {
    if (this.nextRoundTrip) return this.nextRoundTrip;
    const next: Promise<void> = (this.roundTrip ?? Promise.resolve())
      .then(async () => {
        // Callers from here on committed after this round trip may have been sent: they wait for the next.
        this.nextRoundTrip = undefined;
        this.roundTrip = next;
        const client = this.listener;
        if (!client || !this.live) return;
        // Raw SQL: the cheapest statement; what matters is the round trip on the listening connection.
        await client.query('select 1');
        await this.chain;
      })
      .catch(() => undefined);
    this.nextRoundTrip = next;
    return next;
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, application_name: 'nocturne-versions' });
    let ended = false;
    const lost = (why: string) => {
      if (ended) return;
      ended = true;
      this.live = false;
      this.applied += 1;
      this.changesKnownAfter = this.applied;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(`resource version listener lost (${why}); answering without 304s until it is back`);
      setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('connection ended'));
    client.on('notification', (message) => {
      if (message.channel !== 'resource_versions' || !message.payload) return;
      const [version, ...scopes] = message.payload.split(' ');
      this.enqueue(() => this.apply(client, version!, scopes));
    });
    try {
      await client.connect();
      // Listen first, then load: a commit between the two is both in the load and in the queue,
      // and applying it twice is harmless.
      // Raw SQL: LISTEN has no Kysely form; it holds this dedicated connection.
      await client.query('LISTEN resource_versions');
      // Stopped while connecting: nobody would end this connection later.
      if (this.stopped) {
        ended = true;
        await client.end();
        return;
      }
      this.listener = client;
      this.enqueue(async () => {
        // Raw SQL: the version tables are the migration's, not entities, so Kysely has no type for them.
        // Table scopes and bulk floors (`member:*`) always; owner scopes newest first, as many as
        // are held; the first one left out sets the floor the rest read at.
        const { rows } = await client.query<LoadedVersion>(
          `select scope, version::text as version
             from (select scope, max(version) as version
                     from (select scope, version from resource_versions
                           union all
                           select unnest(scopes), version from resource_version_log) as known
                    group by scope) as latest
            order by (position(':' in scope) = 0 or scope like '%:*') desc, version desc
            limit $1`,
          [MAX_HELD_SCOPES + 1],
        );
        this.held.load(rows, this.tracksLsn ? await this.primaryLsn(client) : 0n);
        this.applied += 1;
        this.changesKnownAfter = this.applied;
        if (ended || this.stopped) return;
        this.live = true;
        for (const wake of this.waiters.splice(0)) wake();
      });
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
    }
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.live = false;
      this.logger.error(`resource versions could not be applied: ${error instanceof Error ? error.message : String(error)}`);
      void this.listener?.end().catch(() => undefined);
    });
  }

  private async apply(client: pg.Client, version: string, scopes: string[]): Promise<void> {
    if (scopes.length === 0) {
      // A bulk change too large for a NOTIFY payload: its scopes are in the log.
      // Raw SQL: resource_version_log is the migration's trigger table, not an entity.
      const { rows } = await client.query<{ scopes: string[] }>('select scopes from resource_version_log where version = $1', [
        version,
      ]);
      scopes = rows[0]?.scopes ?? [];
    }
    // Read before the versions change, so no ETag carries a version whose position is not known yet.
    const lsn = this.tracksLsn ? await this.primaryLsn(client) : 0n;
    this.noteChange(Number(version), scopes, lsn);
  }

  /**
   * Applies one committed change: these scopes now have this version (`member:*`: every member),
   * reached at the primary's WAL position `lsn` (0 without a replica).
   */
  noteChange(version: number, scopes: readonly string[], lsn = 0n): void {
    for (const scope of scopes) this.held.set(scope, version, lsn);
    this.applied += 1;
    for (const scope of scopes) {
      if (scope.endsWith(':*')) {
        this.changesKnownAfter = this.applied;
        continue;
      }
      this.changedAt.delete(scope);
      this.changedAt.set(scope, this.applied);
    }
    for (const [scope, at] of this.changedAt) {
      if (this.changedAt.size <= MAX_HELD_SCOPES) break;
      this.changedAt.delete(scope);
      this.changesKnownAfter = Math.max(this.changesKnownAfter, at);
    }
  }

  /**
   * Folds log rows older than a minute into `resource_versions`, keeping the highest version per
   * scope, so the log stays short and start-up reads stay quick. Runs on the listener's connection.
   */
  async compact(): Promise<number> {
    const client = this.listener;
    if (!client || !this.live) return 0;
    try {
      // Raw SQL: a transaction on the listener's own connection (not the pool's), holding an advisory lock.
      await client.query('begin');
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [
        COMPACT_LOCK,
      ]);
      if (!rows[0]?.locked) {
        await client.query('rollback');
        return 0;
      }
      // Raw SQL: moves rows between the migration's version tables, which are not entities.
      const moved = await client.query(
        `with moved as (
           delete from resource_version_log where logged_at < now() - interval '${COMPACT_AFTER}' returning version, scopes
         )
         insert into resource_versions (scope, version)
         select scope, max(version) from moved, unnest(scopes) as scope group by scope
         on conflict (scope) do update set version = greatest(resource_versions.version, excluded.version)`,
      );
      await client.query('commit');
      return moved.rowCount ?? 0;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      this.logger.warn(`resource version log not compacted: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }
}
