import type { EntityManager } from '@mikro-orm/postgresql';
import { EntityManager as RootEntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isStaff, type Role } from '@nocturne/domain';
import { createHash, randomBytes } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { ResourceVersions } from '#infrastructure/versions/resource-versions.js';
import { AuthRepository } from './auth.repository.js';
import type { AuthenticatedMember } from './user-view.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sliding expiry is pushed forward at most this often, so reads do not write on every call. */
const SLIDE_EVERY_MS = 5 * 60_000;
/** Sessions remembered per replica (most recently used kept). */
const CACHE_MAX = 20_000;
/** A staff session ends after 12 hours unused, and 7 days after sign-in however busy (members keep SESSION_TTL_DAYS and SESSION_MAX_AGE_DAYS). */
const STAFF_SESSION_IDLE_MS = 12 * 3_600_000;
const STAFF_SESSION_MAX_AGE_MS = 7 * 86_400_000;

interface CachedSession {
  member: AuthenticatedMember;
  /**
   * Versions of `account:<id>` (the member's own row) and `session:<id>` when cached: a change to
   * either drops it. Not `member:<id>`, which also moves with the member's coupons, cards and visits.
   */
  accountVersion: string;
  sessionVersion: string;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Sessions are 256-bit random bearer tokens; only their SHA-256 is stored. Each use slides the
 * expiry (SESSION_TTL_DAYS), never past SESSION_MAX_AGE_DAYS after sign-in (a stolen token stops
 * working then, however busy); revocation is immediate. Staff sessions, which can do more, are
 * shorter: 12 hours idle, 7 days absolute (a role change revokes the sessions, so a session's
 * role is the one it signed in with).
 */
@Injectable()
export class SessionService {
  private readonly ttlMs: number;
  private readonly cache = new Map<string, CachedSession>();
  private readonly maxAgeMs: number;

  constructor(
    private readonly em: RootEntityManager,
    @InjectConfig() config: ApiConfig,
    private readonly versions: ResourceVersions,
    private readonly repository: AuthRepository,
  ) {
    this.ttlMs = config.SESSION_TTL_DAYS * 86_400_000;
    this.maxAgeMs = config.SESSION_MAX_AGE_DAYS * 86_400_000;
  }

  /** The sliding expiry from now, cut at the session's absolute end; shorter for staff. */
  private expiryFor(createdAt: Date, role: Role): Date {
    const staff = isStaff(role);
    const idle = staff ? Math.min(this.ttlMs, STAFF_SESSION_IDLE_MS) : this.ttlMs;
    const maxAge = staff ? Math.min(this.maxAgeMs, STAFF_SESSION_MAX_AGE_MS) : this.maxAgeMs;
    return new Date(Math.min(Date.now() + idle, createdAt.getTime() + maxAge));
  }

  /**
   * A new session. `secondFactorOk: false` for a staff sign-in that still owes its second factor
   * (the auth guard then lets it only verify or enrol).
   */
  async create(
    tx: EntityManager,
    member: { id: string; role: Role },
    meta: { userAgent?: string; ip?: string },
    { secondFactorOk = true }: { secondFactorOk?: boolean } = {},
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repository.insertSession(tx, {
      memberId: member.id,
      tokenHash: hashToken(token),
      expiresAt: this.expiryFor(new Date(), member.role),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
      secondFactorOk,
    });
    return token;
  }

  /**
   * The member behind a token. Served from this replica's memory while the resource versions are
   * live and neither the member nor any of their sessions changed since (a revocation, a password
   * change, new points), so polling answers 304 without a database round trip; the sliding expiry
   * is still written every SLIDE_EVERY_MS.
   */
  async resolve(token: string): Promise<AuthenticatedMember | null> {
    if (!/^[\w-]{20,100}$/.test(token)) return null;
    return this.resolveHash(hashToken(token));
  }

  /**
   * The member behind a token known only by its SHA-256 (what the queue dashboard's pass keeps,
   * never the token itself): the same live checks as resolve().
   */
  async resolveHash(tokenHash: string): Promise<AuthenticatedMember | null> {
    if (!/^[0-9a-f]{64}$/.test(tokenHash)) return null;
    const cached = this.fromCache(tokenHash);
    if (cached) return cached;
    // Cached only if neither of the member's scopes changed while the row was read: then the
    // versions read afterwards are the ones the row reflects. Other members' changes do not count.
    const generation = this.versions.generation;
    const row = await this.repository.findLiveSession(this.em, tokenHash, {
      memberSeconds: this.maxAgeMs / 1000,
      staffSeconds: Math.min(this.maxAgeMs, STAFF_SESSION_MAX_AGE_MS) / 1000,
    });
    if (!row) return null;
    let lastSeenAt = new Date(row.last_seen_at).getTime();
    let expiresAt = new Date(row.expires_at).getTime();
    if (Date.now() - lastSeenAt > SLIDE_EVERY_MS) {
      lastSeenAt = Date.now();
      // Slides with use, never past SESSION_MAX_AGE_DAYS after sign-in.
      const expiry = this.expiryFor(new Date(row.session_created_at), row.role);
      expiresAt = expiry.getTime();
      await this.repository.slideSession(this.em, row.session_id, expiry);
    }
    const { session_id, last_seen_at: _seen, expires_at: _expires, session_created_at: _created, ...fields } = row;
    const member: AuthenticatedMember = {
      ...fields,
      sessionId: session_id,
      createdAt: new Date(fields.createdAt),
      secondFactorAt: fields.secondFactorAt === null ? null : new Date(fields.secondFactorAt),
    };
    if (this.versions.ready && !this.versions.changedSince(generation, [`account:${member.id}`, `session:${member.id}`])) {
      // A slide just written bumps `session:<id>` when its notification arrives: the next call
      // then reloads once and caches the slid session. Harmless.
      this.cache.set(tokenHash, {
        member,
        accountVersion: this.versions.version(`account:${member.id}`),
        sessionVersion: this.versions.version(`session:${member.id}`),
        lastSeenAt,
        expiresAt,
      });
      if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    }
    return member;
  }

  private fromCache(tokenHash: string): AuthenticatedMember | null {
    const entry = this.cache.get(tokenHash);
    if (!entry) return null;
    const now = Date.now();
    const fresh =
      this.versions.ready &&
      entry.accountVersion === this.versions.version(`account:${entry.member.id}`) &&
      entry.sessionVersion === this.versions.version(`session:${entry.member.id}`) &&
      now - entry.lastSeenAt <= SLIDE_EVERY_MS &&
      now < entry.expiresAt;
    this.cache.delete(tokenHash);
    if (!fresh) return null;
    this.cache.set(tokenHash, entry); // most recently used goes last
    return entry.member;
  }

  async revoke(sessionId: string): Promise<void> {
    this.forget((entry) => entry.member.sessionId === sessionId);
    await this.repository.revokeSession(this.em, sessionId);
  }

  /** Every session of the member but the one in use (a password change keeps the member signed in here). */
  async revokeOthersFor(tx: EntityManager, memberId: string, keepSessionId: string): Promise<void> {
    this.forget((entry) => entry.member.id === memberId && entry.member.sessionId !== keepSessionId);
    await this.repository.revokeMemberSessions(tx, memberId, keepSessionId);
  }

  async revokeAllFor(tx: EntityManager, memberId: string): Promise<void> {
    this.forget((entry) => entry.member.id === memberId);
    await this.repository.revokeMemberSessions(tx, memberId);
  }

  /**
   * Account deletion: the member's reset tokens and sessions go, rows and addresses and all. The
   * sessions are revoked first, as in `revokeAllFor`, so no replica keeps serving one from its cache.
   */
  async eraseAllFor(tx: EntityManager, memberId: string): Promise<void> {
    await this.repository.deleteResetTokensOf(tx, memberId);
    await this.revokeAllFor(tx, memberId);
    await this.repository.deleteSessionsOf(tx, memberId);
  }

  /**
   * After a committed change to the member's row: their next request on this replica reads it
   * again rather than waiting for the change's notification to reach the cache.
   */
  forgetMember(memberId: string): void {
    this.forget((entry) => entry.member.id === memberId);
  }

  /**
   * Drops this replica's cached sessions at once (other replicas drop them when the change's
   * notification arrives, within a round trip of the commit).
   */
  private forget(matches: (entry: CachedSession) => boolean): void {
    for (const [hash, entry] of this.cache) if (matches(entry)) this.cache.delete(hash);
  }
}
