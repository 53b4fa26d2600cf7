import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import { type InferResult, type Kysely, sql } from 'kysely';
import { USER_COLUMNS } from './user-view.js';

/**
 * A live session and what the api keeps of its member while the session is cached: the member's
 * `account:` scope moves when any of the members columns read here changes (the AccountColumns
 * migration), so a column added here must be added there. Points and tier are not here: they move
 * with every paid comment and claim, and are read where they are shown.
 */
export function liveSessionQuery(
  kysely: Kysely<Database>,
  tokenHash: string,
  memberMaxAgeSeconds: number,
  staffMaxAgeSeconds: number,
) {
  return (
    kysely
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select([
        's.id as session_id',
        's.last_seen_at',
        's.expires_at',
        's.created_at as session_created_at',
        'm.id',
        'm.email',
        'm.first_name as firstName',
        'm.last_name as lastName',
        'm.role',
        'm.created_at as createdAt',
        's.second_factor_ok as secondFactorOk',
        's.second_factor_at as secondFactorAt',
        sql<boolean>`exists (select 1 from second_factors f where f.member_id = m.id and f.confirmed_at is not null)`.as(
          'hasSecondFactor',
        ),
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      // Disabling revokes the sessions too; this keeps one made in a race with it from working.
      .where('m.disabled_at', 'is', null)
      .where('s.expires_at', '>', sql<string>`now()`)
      // Staff sessions end sooner after sign-in than members' (SessionService).
      .where(
        's.created_at',
        '>',
        sql<string>`now() - make_interval(secs => case when m.role = 'member' then ${memberMaxAgeSeconds}::double precision else ${staffMaxAgeSeconds}::double precision end)`,
      )
  );
}

type LiveSessionRow = InferResult<ReturnType<typeof liveSessionQuery>>[number];

/** The session lookup, compiled once (see findLiveSession). */
const liveSession = new PreparedQuery(liveSessionQuery);

/**
 * Sessions, sign-in, registration, passwords, profile and the admin bootstrap: every query of the
 * auth module. Each method runs on the EntityManager it is given (inside a UnitOfWork, its
 * transaction).
 */
@Injectable()
export class AuthRepository {
  async insertSession(
    em: EntityManager,
    session: {
      memberId: string;
      tokenHash: string;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
      secondFactorOk: boolean;
    },
  ): Promise<void> {
    await db(em)
      .insertInto('sessions')
      .values({
        member_id: session.memberId,
        token_hash: session.tokenHash,
        expires_at: session.expiresAt,
        user_agent: session.userAgent,
        ip: session.ip,
        second_factor_ok: session.secondFactorOk,
      })
      .execute();
  }

  /**
   * A live session (not revoked, not expired, younger than `maxAgeSeconds`) and its member, by
   * token hash. Every authenticated request that misses the session cache runs it, so it is built
   * and compiled once and then run with each call's values: Kysely's builder and compiler would
   * otherwise add tens of microseconds of CPU to each lookup.
   */
  async findLiveSession(
    em: EntityManager,
    tokenHash: string,
    maxAge: { memberSeconds: number; staffSeconds: number },
  ): Promise<LiveSessionRow | undefined> {
    return liveSession.first(em, tokenHash, maxAge.memberSeconds, maxAge.staffSeconds);
  }

  async slideSession(em: EntityManager, sessionId: string, expiresAt: Date): Promise<void> {
    await db(em)
      .updateTable('sessions')
      .set({ last_seen_at: sql<string>`now()`, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  }

  async revokeSession(em: EntityManager, sessionId: string): Promise<void> {
    await db(em)
      .updateTable('sessions')
      .set({ revoked_at: sql<string>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Every live session of the member, but `keepSessionId` when given. */
  async revokeMemberSessions(em: EntityManager, memberId: string, keepSessionId?: string): Promise<void> {
    let update = db(em)
      .updateTable('sessions')
      .set({ revoked_at: sql<string>`now()` })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) update = update.where('id', '<>', keepSessionId);
    await update.execute();
  }

  async deleteResetTokensOf(em: EntityManager, memberId: string): Promise<void> {
    await db(em).deleteFrom('password_reset_tokens').where('member_id', '=', memberId).execute();
  }

  async deleteSessionsOf(em: EntityManager, memberId: string): Promise<void> {
    await db(em).deleteFrom('sessions').where('member_id', '=', memberId).execute();
  }

  findUser(em: EntityManager, memberId: string) {
    return db(em).selectFrom('members').select(USER_COLUMNS).where('id', '=', memberId).executeTakeFirst();
  }

  /** A member who may sign in, with what the sign-in checks. */
  findSignInCandidate(em: EntityManager, email: string) {
    return db(em)
      .selectFrom('members')
      .select([...USER_COLUMNS, 'password_hash', 'last_sign_in_at', 'disabled_at'])
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async findActiveMemberIdByEmail(em: EntityManager, email: string): Promise<string | undefined> {
    const row = await db(em)
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** What a password change checks: the current hash, and the e-mail and first name a new password must not contain. */
  findPasswordOwner(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['email', 'first_name', 'password_hash'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  /** Marks the sign-in, storing a stronger hash of the same password when the hasher asked for one. */
  async recordSignIn(em: EntityManager, memberId: string, upgradedHash: string | null): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ last_sign_in_at: sql<string>`now()`, ...(upgradedHash ? { password_hash: upgradedHash } : {}) })
      .where('id', '=', memberId)
      .execute();
  }

  /** A new member, signed in now; undefined when the e-mail is taken (the unique key decides races). */
  async insertMember(
    em: EntityManager,
    member: {
      email: string;
      firstName: string;
      lastName: string | null;
      passwordHash: string;
      dateOfBirth: string;
      marketingConsent: boolean;
      marketingConsentVersion: string;
    },
  ): Promise<string | undefined> {
    const row = await db(em)
      .insertInto('members')
      .values({
        email: member.email,
        first_name: member.firstName,
        last_name: member.lastName,
        password_hash: member.passwordHash,
        date_of_birth: member.dateOfBirth,
        marketing_consent: member.marketingConsent,
        // The moment and wording of the choice made on the form, ticked or not.
        marketing_consent_at: sql<string>`now()`,
        marketing_consent_version: member.marketingConsentVersion,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async setPassword(em: EntityManager, memberId: string, passwordHash: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ password_hash: passwordHash, updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .execute();
  }

  /** The member's names; undefined when there is no such member. */
  /** The date of birth (as YYYY-MM-DD text) and the marketing consent of a live member. */
  findConsent(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select([
        sql<string | null>`date_of_birth::text`.as('date_of_birth'),
        'marketing_consent',
        'marketing_consent_at',
        'marketing_consent_version',
      ])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async setDateOfBirth(em: EntityManager, memberId: string, dateOfBirth: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ date_of_birth: dateOfBirth, updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .execute();
  }

  async setMarketingConsent(em: EntityManager, memberId: string, consent: boolean, version: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({
        marketing_consent: consent,
        marketing_consent_at: sql<string>`now()`,
        marketing_consent_version: version,
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', memberId)
      .execute();
  }

  updateNames(em: EntityManager, memberId: string, names: { firstName: string; lastName: string | null }) {
    return db(em)
      .updateTable('members')
      .set({ first_name: names.firstName, last_name: names.lastName, updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .returning(USER_COLUMNS)
      .executeTakeFirst();
  }

  async isResetTokenUsable(em: EntityManager, tokenHash: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('password_reset_tokens')
      .select(sql<number>`1`.as('ok'))
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<string>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Uses the token if it still works, in one statement (a token works once, even in a race): its member, or undefined. */
  async useResetToken(em: EntityManager, tokenHash: string): Promise<string | undefined> {
    const row = await db(em)
      .updateTable('password_reset_tokens')
      .set({ used_at: sql<string>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<string>`now()`)
      .returning('member_id')
      .executeTakeFirst();
    return row?.member_id;
  }

  async voidResetTokens(em: EntityManager, memberId: string): Promise<void> {
    await db(em)
      .updateTable('password_reset_tokens')
      .set({ used_at: sql<string>`now()` })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The role of the account with this e-mail; undefined when nobody has it. */
  findRoleByEmail(em: EntityManager, email: string) {
    return db(em).selectFrom('members').select('role').where('email', '=', email).executeTakeFirst();
  }

  /**
   * Inserts the admin; an existing member with the e-mail is promoted (admin, new password, enabled
   * again if staff had disabled the account: the operator asked for an admin who can sign in) when
   * `promoteExisting`, else left alone (undefined). `created` tells an insert from a promotion.
   */
  upsertAdmin(
    em: EntityManager,
    admin: { email: string; firstName: string; lastName: string | null; passwordHash: string },
    { promoteExisting }: { promoteExisting: boolean },
  ) {
    return db(em)
      .insertInto('members')
      .values({
        email: admin.email,
        first_name: admin.firstName,
        last_name: admin.lastName,
        password_hash: admin.passwordHash,
        role: 'admin',
      })
      .onConflict((conflict) =>
        promoteExisting
          ? conflict.column('email').doUpdateSet((eb) => ({
              role: 'admin',
              password_hash: eb.ref('excluded.password_hash'),
              disabled_at: null,
              disabled_by_id: null,
              updated_at: sql<string>`now()`,
            }))
          : conflict.column('email').doNothing(),
      )
      .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
      .executeTakeFirst();
  }
}
