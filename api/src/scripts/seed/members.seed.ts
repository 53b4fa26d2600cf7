import { db } from '@nocturne/db';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../infrastructure/outbox/unit-of-work.js';
import { PasswordHasher } from '../../modules/auth/auth.public.js';
import type { SeedContext } from './seed-context.js';

export const DEMO_ADMIN = { email: 'admin@nocturne.local', password: 'nocturne-admin-demo', firstName: 'Avery' };
export const DEMO_MEMBER_PASSWORD = 'nocturne-member-demo';

const MEMBERS = [
  ['jordan@nocturne.local', 'Jordan', 'Blake'],
  ['priya@nocturne.local', 'Priya', 'Shah'],
  ['mateo@nocturne.local', 'Mateo', 'Rossi'],
  ['keiko@nocturne.local', 'Keiko', 'Tanaka'],
  ['liam@nocturne.local', 'Liam', 'O’Connor'],
] as const;

/**
 * The demo admin and members, registered through the same unit of work as real sign-ups, so the
 * welcome bonus lands in the ledger and the outbox as usual.
 */
export async function seedMembers(ctx: SeedContext): Promise<void> {
  const hasher = ctx.app.get(PasswordHasher);
  const unitOfWork = ctx.app.get(UnitOfWork);
  const memberHash = await hasher.hash(DEMO_MEMBER_PASSWORD);
  const adminHash = await hasher.hash(DEMO_ADMIN.password);
  const rows: [string, string, string | null, string, boolean][] = [
    [DEMO_ADMIN.email, DEMO_ADMIN.firstName, 'Admin', adminHash, true],
    ...MEMBERS.map(
      ([email, first, last]) => [email, first, last, memberHash, false] as [string, string, string, string, boolean],
    ),
  ];
  for (const [email, firstName, lastName, hash, isAdmin] of rows) {
    const id = await unitOfWork.run(async (tx, raise) => {
      const { id: memberId } = await db(tx)
        .insertInto('members')
        .values({ email, first_name: firstName, last_name: lastName, password_hash: hash, is_admin: isAdmin })
        .returning('id')
        .executeTakeFirstOrThrow();
      await raise(domainEvent('MemberRegistered', memberId, { memberId }));
      return memberId;
    });
    if (isAdmin) ctx.adminId = id;
    else ctx.memberIds.push(id);
  }
  ctx.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  ctx.log(`Demo members: ${MEMBERS.map(([email]) => email).join(', ')} (password ${DEMO_MEMBER_PASSWORD})`);
}
