import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthRepository } from './auth.repository.js';
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
 * Creates the admin. An existing member with that email is promoted (new password, enabled if
 * disabled, every session signed out, so whoever held the account before cannot ride in on it) only with
 * `promoteExisting` (the deliberate `admin:create`); otherwise it is left alone: 'refused'.
 */
export async function ensureAdmin(
  em: EntityManager,
  hasher: PasswordHasher,
  account: AdminAccount,
  { promoteExisting }: { promoteExisting: boolean },
  repository = new AuthRepository(),
): Promise<AdminOutcome> {
  const email = account.email.trim().toLowerCase();
  const problem = passwordProblem(account.password, { email });
  if (problem) throw new Error(`Admin password refused: ${problem}`);
  const passwordHash = await hasher.hash(account.password);
  return em.transactional(async (tx) => {
    const row = await repository.upsertAdmin(
      tx,
      { email, firstName: account.firstName?.trim() || 'Admin', lastName: account.lastName?.trim() || null, passwordHash },
      { promoteExisting },
    );
    if (!row) return 'refused';
    if (row.created) return 'created';
    await repository.revokeMemberSessions(tx, row.id);
    return 'promoted';
  });
}
