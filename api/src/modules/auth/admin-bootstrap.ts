import type { EntityManager } from '@mikro-orm/postgresql';
import { passwordProblem } from './password-policy.js';
import type { PasswordHasher } from './password-hasher.js';

export interface AdminAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export type AdminOutcome = 'created' | 'promoted' | 'refused';

/**
 * Creates the admin. An existing member with that email is promoted (new password, every session
 * signed out, so whoever held the account before cannot ride in on it) only with
 * `promoteExisting` (the deliberate `admin:create`); otherwise it is left alone: 'refused'.
 */
export async function ensureAdmin(
  em: EntityManager,
  hasher: PasswordHasher,
  account: AdminAccount,
  { promoteExisting }: { promoteExisting: boolean },
): Promise<AdminOutcome> {
  const email = account.email.trim().toLowerCase();
  const problem = passwordProblem(account.password, { email });
  if (problem) throw new Error(`Admin password refused: ${problem}`);
  const passwordHash = await hasher.hash(account.password);
  return em.transactional(async (tx) => {
    const onConflict = promoteExisting
      ? 'do update set is_admin = true, password_hash = excluded.password_hash, updated_at = now()'
      : 'do nothing';
    const rows = await tx.execute<{ id: string; created: boolean }[]>(
      `insert into members (email, first_name, last_name, password_hash, is_admin) values (?, ?, ?, ?, true)
         on conflict (email) ${onConflict}
         returning id, (xmax = 0) as created`,
      [email, account.firstName?.trim() || 'Admin', account.lastName?.trim() || null, passwordHash],
    );
    const row = rows[0];
    if (!row) return 'refused';
    if (row.created) return 'created';
    await tx.execute('update sessions set revoked_at = now() where member_id = ? and revoked_at is null', [row.id]);
    return 'promoted';
  });
}
