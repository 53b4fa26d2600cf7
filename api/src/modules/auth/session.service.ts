import type { EntityManager } from '@mikro-orm/postgresql';
import { EntityManager as RootEntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Tier } from '@nocturne/domain';
import { createHash, randomBytes } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';

export interface AuthenticatedMember {
  sessionId: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  isAdmin: boolean;
  currentPoints: number;
  totalPoints: number;
  memberTier: Tier;
  createdAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sliding expiry is pushed forward at most this often, so reads do not write on every call. */
const SLIDE_EVERY_MS = 5 * 60_000;

/**
 * Sessions are 256-bit random bearer tokens; only their SHA-256 is stored. Each use slides the
 * expiry (SESSION_TTL_DAYS), never past SESSION_MAX_AGE_DAYS after sign-in (a stolen token stops
 * working then, however busy); revocation is immediate.
 */
@Injectable()
export class SessionService {
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly em: RootEntityManager,
    @InjectConfig() config: ApiConfig,
  ) {
    this.ttlMs = config.SESSION_TTL_DAYS * 86_400_000;
    this.maxAgeMs = config.SESSION_MAX_AGE_DAYS * 86_400_000;
  }

  /** The sliding expiry from now, cut at the session's absolute end. */
  private expiryFor(createdAt: Date): Date {
    return new Date(Math.min(Date.now() + this.ttlMs, createdAt.getTime() + this.maxAgeMs));
  }

  async create(tx: EntityManager, memberId: string, meta: { userAgent?: string; ip?: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.execute('insert into sessions (member_id, token_hash, expires_at, user_agent, ip) values (?, ?, ?, ?, ?)', [
      memberId,
      hashToken(token),
      this.expiryFor(new Date()),
      meta.userAgent?.slice(0, 300) ?? null,
      meta.ip?.slice(0, 64) ?? null,
    ]);
    return token;
  }

  async resolve(token: string): Promise<AuthenticatedMember | null> {
    if (!/^[\w-]{20,100}$/.test(token)) return null;
    const rows = await this.em.execute<
      (Omit<AuthenticatedMember, 'sessionId'> & { session_id: string; last_seen_at: Date; session_created_at: Date })[]
    >(
      `select s.id as session_id, s.last_seen_at, s.created_at as session_created_at, m.id, m.email, m.first_name as "firstName", m.last_name as "lastName",
              m.is_admin as "isAdmin", m.current_points as "currentPoints", m.total_points as "totalPoints",
              m.member_tier as "memberTier", m.created_at as "createdAt"
         from sessions s join members m on m.id = s.member_id
        where s.token_hash = ? and s.revoked_at is null and s.expires_at > now()
          and s.created_at > now() - make_interval(secs => ?)`,
      [hashToken(token), this.maxAgeMs / 1000],
    );
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > SLIDE_EVERY_MS) {
      await this.em.execute('update sessions set last_seen_at = now(), expires_at = ? where id = ?', [
        this.expiryFor(new Date(row.session_created_at)),
        row.session_id,
      ]);
    }
    const { session_id, last_seen_at: _seen, session_created_at: _created, ...member } = row;
    return { ...member, sessionId: session_id, createdAt: new Date(member.createdAt) };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.em.execute('update sessions set revoked_at = now() where id = ? and revoked_at is null', [sessionId]);
  }

  async revokeAllFor(tx: EntityManager, memberId: string): Promise<void> {
    await tx.execute('update sessions set revoked_at = now() where member_id = ? and revoked_at is null', [memberId]);
  }
}
