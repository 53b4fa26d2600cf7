import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { Role, StaffRole } from '@nocturne/domain';
import { sql } from 'kysely';

const STAFF_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'role', 'last_sign_in_at', 'disabled_at'] as const;

/**
 * The staff module's queries: who holds a staff role, invitations and role changes. It writes
 * only `members.role`, an invited account's row and a promoted member's password (void until the
 * e-mailed link sets one); sessions are the auth module's (`SessionService`). Each method runs on
 * the EntityManager it is given (inside a UnitOfWork, its transaction).
 */
@Injectable()
export class StaffRepository {
  /**
   * Every staff account not deleted: admins first, then managers, then door staff, each by name.
   * The role is written into the SQL, not sent as a parameter: members_staff_idx holds only rows
   * where role <> 'member', and a plan made for any value ($1) cannot use a partial index.
   */
  listStaff(em: EntityManager) {
    return db(em)
      .selectFrom('members')
      .select(STAFF_COLUMNS)
      .select((eb) => [
        // An invitation is its audit row (written with the account): a demo or admin:create
        // account that never signed in was not invited. SQL text because the audit log is the
        // audit module's table, not an entity of the typed schema; its action index finds the few
        // invitations among its rows.
        sql<boolean>`exists (select 1 from audit_log a where a.action = 'staff.invite' and a.target_id = members.id::text)`.as(
          'invited',
        ),
        eb
          .exists(
            eb
              .selectFrom('second_factors')
              .select(sql<number>`1`.as('one'))
              .whereRef('second_factors.member_id', '=', 'members.id')
              .where('second_factors.confirmed_at', 'is not', null),
          )
          .as('has_second_factor'),
      ])
      .where('role', '<>', sql.lit('member'))
      .where('deleted_at', 'is', null)
      .orderBy(sql`case role when 'admin' then 0 when 'manager' then 1 else 2 end`)
      .orderBy('first_name')
      .orderBy('id')
      .execute();
  }

  /** One account not deleted, locked (`for update`): what an invitation or a role change decides from. */
  lockAccount(em: EntityManager, by: { id: string } | { email: string }) {
    return db(em)
      .selectFrom('members')
      .select(STAFF_COLUMNS)
      .where((eb) => ('id' in by ? eb('id', '=', by.id) : eb('email', '=', by.email)))
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * A new account holding the role, with a password nobody knows (the hash of random bytes, so
   * signing in to it costs what any wrong password costs); undefined when the e-mail is taken.
   */
  async insertInvited(em: EntityManager, account: { email: string; firstName: string; role: StaffRole; passwordHash: string }) {
    return db(em)
      .insertInto('members')
      .values({ email: account.email, first_name: account.firstName, role: account.role, password_hash: account.passwordHash })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning(STAFF_COLUMNS)
      .executeTakeFirst();
  }

  /** A member promoted by invitation: the role, and a password nobody knows until the link sets one. */
  async promote(em: EntityManager, memberId: string, role: StaffRole, passwordHash: string) {
    return db(em)
      .updateTable('members')
      .set({ role, password_hash: passwordHash, updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .returning(STAFF_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setRole(em: EntityManager, memberId: string, role: Role): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ role, updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .execute();
  }

  /** Marks the account changed (its venues were): the Staff screen, versioned by members, shows it. */
  async touchAccount(em: EntityManager, memberId: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .execute();
  }
}
