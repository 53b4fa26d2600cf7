import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@nocturne/db';
import { registerAdmin, runLedgerVerify, startTestApp, testEnv, type TestApp } from '@nocturne/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A database from before venues (built by the migrations up to the one before venues, holding
// members, ledger rows, coupons, a redemption, a booking, visits and scans) migrated to the latest:
// everything lands in the first venue, the api answers as before, and ledger:verify is clean.
const LAST_BEFORE_VENUES = 'Migration20261128200200_SessionSecondFactorAt';
const serverUrl = process.env['NOCTURNE_TEST_SERVER_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
// Under the run's prefix, so the run's teardown drops it even if this file does not get to.
const database = `${process.env['NOCTURNE_TEST_DB_PREFIX']}_venues_old_${randomBytes(3).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

let t: TestApp;
let old: { memberId: string; couponId: string; userCouponId: string; staffId: string };

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The club's data as it stood before venues: written straight into the old tables. */
async function seedOldDatabase(client: pg.Client) {
  const one = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0];
  const staff = await one(
    `insert into members (email, first_name, password_hash, role) values ('sam.old@example.com', 'Sam', 'x', 'door') returning id`,
  );
  const member = await one(
    `insert into members (email, first_name, last_name, password_hash, current_points, total_points, member_tier)
     values ('jordan.old@example.com', 'Jordan', 'Blake', 'x', 70, 120, 'silver') returning id`,
  );
  // The ledger: a welcome bonus and a visit earned (120), a coupon claimed for 50; the balance is their sum.
  await client.query(
    `insert into point_transactions (member_id, points, kind, description, source_type, source_id, base_points) values
       ($1, 100, 'welcome_bonus', 'Welcome bonus', 'member', $2, 100),
       ($1, 20, 'visit', 'Visit: Fri 20 Nov', 'club_night', '2026-11-20', 20)`,
    [member.id, String(member.id)],
  );
  const coupon = await one(
    `insert into coupons (code, title, description, type, points_cost, claimed_count, redeemed_count)
     values ('OLDDRINK', 'Free drink', 'One drink', 'free_drink', 50, 1, 1) returning id`,
  );
  const held = await one(
    `insert into user_coupons (member_id, coupon_id, redeemed_at, redeemed_by, validated_at, validated_by_id)
     values ($1, $2, '2026-11-20T12:00:00Z', 'staff', '2026-11-20T12:00:00Z', $3) returning id`,
    [member.id, coupon.id, staff.id],
  );
  await client.query(
    `insert into point_transactions (member_id, points, kind, description, source_type, source_id, base_points)
     values ($1, -50, 'coupon_claim', 'Claimed: Free drink', 'user_coupon', $2, -50)`,
    [member.id, String(held.id)],
  );
  await client.query(`insert into visits (member_id, night, recorded_by_id, points) values ($1, '2026-11-20', $2, 20)`, [
    member.id,
    staff.id,
  ]);
  await client.query(
    `insert into qr_scans (admin_id, user_coupon_id, member_id, scanned_id, method, action, result, reason)
     values ($1, $2, $3, $4, 'qr', 'redeem', 'accepted', 'Redeemed: Free drink for Jordan')`,
    [staff.id, held.id, member.id, String(held.id)],
  );
  await client.query(
    `insert into bookings (name, email, guests, service, date) values ('Jordan Blake', 'jordan.old@example.com', '2', 'table', '2026-12-04')`,
  );
  return { memberId: member.id, couponId: coupon.id, userCouponId: held.id, staffId: staff.id };
}

beforeAll(async () => {
  await withClient(Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString(), (client) =>
    client.query(`create database "${database}"`),
  );
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2 }));
  try {
    await orm.migrator.up({ to: LAST_BEFORE_VENUES });
  } finally {
    await orm.close(true);
  }
  old = await withClient(databaseUrl, seedOldDatabase);
  // Then the rest of the migrations, as the deploy's migrate applies them.
  const rest = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2 }));
  let applied: string[];
  try {
    applied = (await rest.migrator.up()).map((migration) => migration.name);
  } finally {
    await rest.close(true);
  }
  expect(applied).toEqual(expect.arrayContaining(['Migration20261129000000_Venues', 'Migration20261129010000_VenueActivity']));
  const { env, db: spare } = await testEnv();
  await spare.drop();
  t = await startTestApp(
    {},
    {
      env: { ...env, DATABASE_URL: databaseUrl },
      db: {
        url: databaseUrl,
        name: database,
        drop: () =>
          withClient(Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString(), (client) =>
            client.query(`drop database if exists "${database}" with (force)`),
          ).then(() => undefined),
      },
    },
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a database from before venues, migrated', () => {
  it('is a group of one venue, and everything that happened there names it', async () => {
    const { rows: venues } = await t.sql.query('select id, slug, name, time_zone from venues');
    expect(venues).toEqual([{ id: 1, slug: 'nocturne', name: 'Nocturne', time_zone: null }]);
    expect((await t.sql.query('select venue_id from visits where member_id = $1', [old.memberId])).rows).toEqual([
      { venue_id: 1 },
    ]);
    expect((await t.sql.query('select venue_id from qr_scans where admin_id = $1', [old.staffId])).rows).toEqual([
      { venue_id: 1 },
    ]);
    expect((await t.sql.query('select redeemed_venue_id from user_coupons where id = $1', [old.userCouponId])).rows).toEqual([
      { redeemed_venue_id: 1 },
    ]);
    expect((await t.sql.query(`select name from bookings`)).rows).toEqual([{ name: 'Jordan Blake' }]);
    // Staff keep working everywhere; coupons, news and promotions stay the group's.
    expect((await t.sql.query('select count(*)::int as n from staff_venues')).rows[0].n).toBe(0);
    expect((await t.sql.query('select count(*)::int as n from coupon_venues')).rows[0].n).toBe(0);
    expect((await t.sql.query('select visit_points_per_night from club_settings')).rows).toEqual([]);
  });

  it('answers the staff screens as before: the member, their points and scans, the coupon', async () => {
    const admin = await registerAdmin(t);
    const member = await t.request('GET', `/api/admin/members/${old.memberId}`, { token: admin.sessionId });
    expect(member.status).toBe(200);
    expect(member.body.member).toMatchObject({ currentPoints: 70, totalPoints: 120, memberTier: 'silver' });
    const scans = await t.request('GET', '/api/admin/scans', { token: admin.sessionId });
    expect(scans.body.scans).toEqual([
      expect.objectContaining({ userCouponId: old.userCouponId, reason: 'Redeemed: Free drink for Jordan', adminName: 'Sam' }),
    ]);
    expect(scans.body.scans[0]).not.toHaveProperty('venueId');
    const coupons = await t.request('GET', '/api/admin/coupons', { token: admin.sessionId });
    expect(coupons.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: old.couponId, redeemedCount: 1 })]));
    expect(coupons.body.find((coupon: { id: string }) => coupon.id === old.couponId)).not.toHaveProperty('venueIds');
    const settings = await t.request('GET', '/api/admin/membership-settings', { token: admin.sessionId });
    expect(settings.body.visitPointsPerNight).toBe(1);
  });

  it('keeps the ledger verifiable', async () => {
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  });
});
