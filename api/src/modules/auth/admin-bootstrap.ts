import type { EntityManager } from '@mikro-orm/postgresql';
import { passwordProblem } from './password-policy.js';
import type { PasswordHasher } from './password-hasher.js';

export interface AdminAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates the admin, or promotes (and re-passwords) an existing member with that email.
 * Returns whether a new account was created.
 */
export async function ensureAdmin(em: EntityManager, hasher: PasswordHasher, account: AdminAccount): Promise<'created' | 'promoted'> {
  const email = account.email.trim().toLowerCase();
  const problem = passwordProblem(account.password, { email });
  if (problem) throw new Error(`Admin password refused: ${problem}`);
  const passwordHash = await hasher.hash(account.password);
  const rows = await em.execute<{ created: boolean }[]>(
    `insert into members (email, first_name, last_name, password_hash, is_admin) values (?, ?, ?, ?, true)
       on conflict (email) do update set is_admin = true, password_hash = excluded.password_hash, updated_at = now()
       returning (xmax = 0) as created`,
    [email, account.firstName?.trim() || 'Admin', account.lastName?.trim() || null, passwordHash],
  );
  return rows[0]?.created ? 'created' : 'promoted';
}
