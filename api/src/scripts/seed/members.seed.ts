import { db } from '@nocturne/db';
import type { Role } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { PasswordHasher } from '#modules/auth/auth.public.js';
import type { SeedContext } from './seed-context.js';

const DEMO_ADMIN = { email: 'admin@nocturne.local', password: 'nocturne-admin-demo', firstName: 'Avery' };
const DEMO_MEMBER_PASSWORD = 'nocturne-member-demo';
/** Staff of the narrower roles, so each screen can be tried as the people who use it. */
const DEMO_STAFF = [
  { email: 'manager@nocturne.local', password: 'nocturne-manager-demo', firstName: 'Morgan', lastName: 'Hale', role: 'manager' },
  { email: 'door@nocturne.local', password: 'nocturne-door-demo', firstName: 'Sam', lastName: 'Okafor', role: 'door' },
] as const;

const MEMBERS = [
  ['jordan@nocturne.local', 'Jordan', 'Blake'],
  ['priya@nocturne.local', 'Priya', 'Shah'],
  ['mateo@nocturne.local', 'Mateo', 'Rossi'],
  ['keiko@nocturne.local', 'Keiko', 'Tanaka'],
  ['liam@nocturne.local', 'Liam', 'O’Connor'],
] as const;

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string | null;
  passwordHash: string;
  role: Role;
}

/**
 * The demo admin, staff and members, registered through the same unit of work as real sign-ups,
 * so the welcome bonus lands in the ledger and the outbox as usual.
 */
export async function seedMembers(ctx: SeedContext): Promise<void> {
  const hasher = ctx.app.get(PasswordHasher);
  const unitOfWork = ctx.app.get(UnitOfWork);
  const memberHash = await hasher.hash(DEMO_MEMBER_PASSWORD);
  const accounts: DemoAccount[] = [
    { ...DEMO_ADMIN, lastName: 'Admin', passwordHash: await hasher.hash(DEMO_ADMIN.password), role: 'admin' },
    ...(await Promise.all(
      DEMO_STAFF.map(async ({ password, ...staff }) => ({ ...staff, passwordHash: await hasher.hash(password) })),
    )),
    ...MEMBERS.map(([email, firstName, lastName]) => ({
      email,
      firstName,
      lastName,
      passwordHash: memberHash,
      role: 'member' as const,
    })),
  ];
  for (const { email, firstName, lastName, passwordHash, role } of accounts) {
    const id = await unitOfWork.run(async (tx, raise) => {
      const { id: memberId } = await db(tx)
        .insertInto('members')
        .values({ email, first_name: firstName, last_name: lastName, password_hash: passwordHash, role })
        .returning('id')
        .executeTakeFirstOrThrow();
      await raise(domainEvent('MemberRegistered', memberId, { memberId }));
      return memberId;
    });
    if (role === 'admin') ctx.adminId = id;
    else if (role === 'member') ctx.memberIds.push(id);
  }
  ctx.log(`Demo accounts: 1 admin, ${DEMO_STAFF.length} staff, ${MEMBERS.length} members`);
  ctx.logins.push(`admin    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  for (const staff of DEMO_STAFF) ctx.logins.push(`${staff.role.padEnd(8)} ${staff.email} / ${staff.password}`);
  ctx.logins.push(`members  ${MEMBERS.map(([email]) => email).join(', ')} / ${DEMO_MEMBER_PASSWORD}`);
}
