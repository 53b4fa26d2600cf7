import { endpoints, type EndpointSpec } from '@nocturne/contracts';
import { type AuditAction, isStaff, type Role } from '@nocturne/domain';
import {
  createCoupon,
  GOOD_PASSWORD,
  randomIp,
  registerMember,
  registerStaff,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '@nocturne/testing';
import { createPost } from './support/news-fixtures.js';

/*
 * "Every staff action in the role matrix leaves exactly one audit row." The
 * staff writes are read from the endpoint list (every endpoint a staff role may call that changes
 * something, and the members export); each one is either performed below, asserting one new row
 * with its action, actor, role and target, or exempted here with the reason. A new staff write
 * endpoint in neither list fails the first test.
 */
const EXEMPT: Record<string, string> = {
  // The caller's own account, which every role has: not a staff action on anyone else's record.
  changeMyPassword: 'own account',
  signOut: 'own session',
  updateMyConsent: 'own account',
  acknowledgeTierCelebration: 'own account',
  updateMyProfile: 'own account',
  deleteMyAccount: 'own account',
  exportMyData: "own account (a member's right, not the staff export)",
  // The steps of the caller's own second factor: the sign-in itself leaves the staff.sign_in row.
  startTotpEnrolment: 'own second factor',
  confirmTotpEnrolment: 'own second factor',
  startPasskeyRegistration: 'own second factor',
  finishPasskeyRegistration: 'own second factor',
  startPasskeyAuthentication: 'own second factor (sign-in step)',
  verifyPasskey: 'own second factor (sign-in step)',
  verifySecondFactor: 'own second factor (sign-in step)',
  removeSecondFactor: 'own second factor',
  // What a member does, which staff accounts can also do as members.
  likePost: 'member action',
  unlikePost: 'member action',
  postComment: 'member action',
  claimCoupon: 'member action',
  redeemMyCoupon: 'member action',
  joinGuestList: 'member action',
  leaveGuestList: 'member action',
  // The door's guest-list tally: the entry keeps who marked the party in and when (arrived_by, arrived_at).
  markGuestsArrived: 'guest-list entry',
  // Door scans: every check and redemption is already a row of the scan log
  // (qr_scans, with the staffer, their role and the outcome); the audit log keeps the undo.
  checkAtDoor: 'scan log',
  redeemAtDoor: 'scan log',
  syncDoor: 'scan log',
  // Upload steps: the coupon or news edit that uses the file leaves the row.
  signUpload: 'upload step',
  finalizeUpload: 'upload step',
  // A short-lived pass to the read-only queue dashboard.
  openQueueDashboard: 'read-only pass',
  // Not audited yet (docs/SECURITY.md "The audit log" says so).
  setBookingCapacity: 'not yet audited',
  updateBooking: 'not yet audited',
  updateContactMessage: 'not yet audited',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const staffWrites = (Object.entries(endpoints) as [string, EndpointSpec][])
  .filter(([, spec]) => spec.access !== 'anyone' && spec.access.some((role: Role) => isStaff(role)))
  .filter(
    ([name, spec]) => WRITES.has(spec.method) || name === 'exportMembers' || name === 'exportAuditLog' || name === 'exportMyData',
  )
  .map(([name]) => name)
  .sort();

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerStaff>>;
const ADDRESS = randomIp();

beforeAll(async () => {
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', AC_API_URL: 'http://127.0.0.1:9/', AC_API_KEY: 'audit-test' });
  admin = await registerStaff(t, 'admin', 'Avery');
});
afterAll(async () => {
  await t.close();
});

const as = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: admin.sessionId, body, headers: { 'x-forwarded-for': ADDRESS } });

interface Row {
  actor_id: string;
  actor_role: string;
  action: string;
  target_id: string | null;
  client_address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const rowsOf = async (actorId: string) =>
  (await t.sql.query<Row>('select * from audit_log where actor_id = $1 order by at, id', [actorId])).rows;

/** Runs the action and answers the rows it left (the fixture's own actions come before). */
async function newRows(setup: () => Promise<() => Promise<{ status: number }>>): Promise<Row[]> {
  const act = await setup();
  const before = (await rowsOf(admin.user.id)).length;
  const answer = await act();
  expect(answer.status).toBeLessThan(300);
  return (await rowsOf(admin.user.id)).slice(before);
}

const member = async () => (await registerMember(t)).user.id;

/** Each audited endpoint: how to perform it, the action and target its row must name. */
const AUDITED: Record<string, () => Promise<() => Promise<{ status: number; target?: string }>>> = {};
const expected: Record<string, AuditAction> = {};
function audited(
  name: string,
  action: AuditAction,
  setup: () => Promise<{ run: () => Promise<{ status: number }>; target?: string }>,
) {
  expected[name] = action;
  AUDITED[name] = async () => {
    const { run, target } = await setup();
    return async () => ({ ...(await run()), target });
  };
}

audited('createCoupon', 'coupon.create', async () => ({
  run: () =>
    as('POST', '/api/admin/coupons', {
      code: `AUD${Date.now()}`,
      title: 'Audit',
      description: 'x',
      type: 'percentage',
      value: 5,
    }),
}));
audited('updateCoupon', 'coupon.update', async () => {
  const coupon = await createCoupon(t, admin.sessionId);
  return { run: () => as('PATCH', `/api/admin/coupons/${coupon.id}`, { title: 'Renamed' }), target: coupon.id };
});
audited('deleteCoupon', 'coupon.delete', async () => {
  const coupon = await createCoupon(t, admin.sessionId);
  return { run: () => as('DELETE', `/api/admin/coupons/${coupon.id}`), target: coupon.id };
});
audited('undoRedemption', 'redemption.undo', async () => {
  const holder = await registerMember(t);
  const coupon = await createCoupon(t, admin.sessionId);
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: holder.sessionId });
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
  }[];
  const held = mine.find((c) => c.id === claimed.body.id)!;
  const redeemed = await as('POST', '/api/door/redeem', {
    text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }),
    method: 'scan',
  });
  expect(redeemed.status).toBe(200);
  return { run: () => as('POST', `/api/admin/redemptions/${held.id}/undo`), target: held.id };
});
audited('liftDoorLockout', 'door.lockout_lift', async () => {
  const door = await registerStaff(t, 'door', 'Dana');
  for (let i = 0; i < 11; i++)
    await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: 'ABCD-EFGH-JKM', method: 'typed' },
      headers: { 'X-Door-Device': 'audit-phone-1' },
    });
  return { run: () => as('POST', `/api/admin/door-lockouts/${door.user.id}.audit-phone-1/lift`), target: door.user.id };
});
audited('createNamedDoor', 'door_device.create', async () => ({
  run: () => as('POST', '/api/admin/door-devices', { name: `Door ${Date.now()}` }),
}));
audited('updateNamedDoor', 'door_device.update', async () => {
  const door = await as('POST', '/api/admin/door-devices', { name: `Side door ${Date.now()}` });
  return { run: () => as('PATCH', `/api/admin/door-devices/${door.body.id}`, { archived: true }), target: door.body.id };
});
audited('updateDoorSettings', 'door.settings', async () => ({
  run: () => as('PUT', '/api/admin/door-settings', { staleAfterMinutes: 40 }),
  target: 'door',
}));
audited('createNewsPost', 'news.create', async () => ({
  run: () => as('POST', '/api/admin/news', { title: 'Audit post', content: 'Tonight.' }),
}));
audited('updateNewsPost', 'news.update', async () => {
  const post = await createPost(t, admin.sessionId);
  return { run: () => as('PATCH', `/api/admin/news/${post.id}`, { title: 'Edited' }), target: post.id };
});
audited('deleteNewsPost', 'news.delete', async () => {
  const post = await createPost(t, admin.sessionId);
  return { run: () => as('DELETE', `/api/admin/news/${post.id}`), target: post.id };
});
audited('removeComment', 'comment.hide', async () => {
  const post = await createPost(t, admin.sessionId);
  const author = await registerMember(t);
  const comment = await t.request('POST', `/api/news/${post.id}/comments`, { token: author.sessionId, body: { content: 'Hi' } });
  expect(comment.status).toBe(201);
  const id = (comment.body.comment?.id ?? comment.body.id) as string;
  return { run: () => as('DELETE', `/api/admin/comments/${id}`), target: id };
});
audited('adjustMemberPoints', 'points.adjust', async () => {
  const id = await member();
  return {
    run: () => as('POST', `/api/admin/members/${id}/points-adjustments`, { points: 5, reason: 'Audit', countsTowardTier: false }),
    target: id,
  };
});
audited('disableMember', 'member.disable', async () => {
  const id = await member();
  return { run: () => as('POST', `/api/admin/members/${id}/disable`), target: id };
});
audited('enableMember', 'member.enable', async () => {
  const id = await member();
  await as('POST', `/api/admin/members/${id}/disable`);
  return { run: () => as('POST', `/api/admin/members/${id}/enable`), target: id };
});
audited('sendMemberPasswordReset', 'member.password_reset', async () => {
  const id = await member();
  return { run: () => as('POST', `/api/admin/members/${id}/password-reset`), target: id };
});
audited('exportMembers', 'members.export', async () => ({ run: () => as('GET', '/api/admin/members/export') }));
audited('exportAuditLog', 'audit.export', async () => ({ run: () => as('GET', '/api/admin/audit/export') }));
audited('inviteStaff', 'staff.invite', async () => ({
  run: () => as('POST', '/api/admin/staff/invitations', { email: uniqueEmail('invite'), firstName: 'Kim', role: 'door' }),
}));
audited('changeStaffRole', 'staff.role_change', async () => {
  const staff = await registerStaff(t, 'door');
  return { run: () => as('PUT', `/api/admin/staff/${staff.user.id}/role`, { role: 'manager' }), target: staff.user.id };
});
audited('removeStaff', 'staff.role_change', async () => {
  const staff = await registerStaff(t, 'door');
  return { run: () => as('DELETE', `/api/admin/staff/${staff.user.id}`), target: staff.user.id };
});
audited('setStaffVenues', 'staff.venues', async () => {
  const staff = await registerStaff(t, 'door');
  return { run: () => as('PUT', `/api/admin/staff/${staff.user.id}/venues`, { venueIds: [1] }), target: staff.user.id };
});
audited('resetStaffSecondFactor', 'staff.second_factor_reset', async () => {
  const staff = await registerStaff(t, 'manager');
  return { run: () => as('DELETE', `/api/admin/staff/${staff.user.id}/2fa`), target: staff.user.id };
});
audited('registerWebhook', 'webhook.create', async () => ({
  run: () => as('POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['coupon.claimed'] }),
}));
audited('deleteWebhook', 'webhook.delete', async () => {
  const made = await t.sql.query<{ id: string }>(
    "insert into webhook_endpoints (url, events, secret) values ('http://127.0.0.1:9/in', '{coupon.claimed}', 'whsec_x') returning id",
  );
  return { run: () => as('DELETE', `/api/admin/webhooks/${made.rows[0]!.id}`), target: made.rows[0]!.id };
});
audited('redeliverWebhook', 'webhook.redeliver', async () => {
  const made = await t.sql.query<{ id: string }>(
    "insert into webhook_endpoints (url, events, secret) values ('http://127.0.0.1:9/in', '{coupon.claimed}', 'whsec_x') returning id",
  );
  const delivery = await t.sql.query<{ id: string }>(
    `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, state)
     values ($1, gen_random_uuid(), 'coupon.claimed', '{}', 'failed') returning id`,
    [made.rows[0]!.id],
  );
  return {
    run: () => as('POST', `/api/admin/webhooks/deliveries/${delivery.rows[0]!.id}/redeliver`),
    target: delivery.rows[0]!.id,
  };
});
let venueCount = 0;
async function makeVenue(): Promise<string> {
  venueCount += 1;
  const made = await t.sql.query<{ id: number }>(`insert into venues (slug, name) values ($1, 'Audit venue') returning id`, [
    `audit-venue-${venueCount}`,
  ]);
  return String(made.rows[0]!.id);
}
audited('createVenue', 'venue.create', async () => ({
  run: () => as('POST', '/api/admin/venues', { slug: 'audit-created', name: 'Audit Bar', kind: 'BarOrPub' }),
}));
audited('updateVenue', 'venue.update', async () => {
  const id = await makeVenue();
  return { run: () => as('PATCH', `/api/admin/venues/${id}`, { phone: '+61 2 9000 0000' }), target: id };
});
audited('archiveVenue', 'venue.archive', async () => {
  const id = await makeVenue();
  return { run: () => as('POST', `/api/admin/venues/${id}/archive`), target: id };
});
audited('unarchiveVenue', 'venue.unarchive', async () => {
  const id = await makeVenue();
  await t.sql.query('update venues set archived_at = now() where id = $1', [Number(id)]);
  return { run: () => as('POST', `/api/admin/venues/${id}/unarchive`), target: id };
});
audited('updateMembershipSettings', 'membership.settings', async () => ({
  run: () => as('PUT', '/api/admin/membership-settings', { referralPoints: 75, referralsPerMonth: 3, birthdayCouponId: null }),
  target: 'membership',
}));
audited('updateTierBenefit', 'tier.benefits', async () => ({
  run: () => as('PUT', '/api/admin/tier-benefits/gold', { benefit: 'Priority entry', multiplier: '1.3', monthlyCouponId: null }),
  target: 'gold',
}));
const promotion = async () =>
  (
    await as('POST', '/api/admin/promotions', {
      name: 'Double points',
      multiplier: '2',
      startsOn: '2030-12-01',
      endsOn: '2030-12-31',
      weekdays: [4],
    })
  ).body.id as string;
audited('createPromotion', 'promotion.create', async () => ({
  run: () =>
    as('POST', '/api/admin/promotions', {
      name: 'Double',
      multiplier: '2',
      startsOn: '2030-12-01',
      endsOn: '2030-12-31',
      weekdays: null,
    }),
}));
audited('updatePromotion', 'promotion.update', async () => {
  const id = await promotion();
  return {
    run: () =>
      as('PUT', `/api/admin/promotions/${id}`, {
        name: 'Triple',
        multiplier: '3',
        startsOn: '2030-12-01',
        endsOn: '2030-12-31',
        weekdays: null,
      }),
    target: id,
  };
});
audited('deletePromotion', 'promotion.delete', async () => {
  const id = await promotion();
  return { run: () => as('DELETE', `/api/admin/promotions/${id}`), target: id };
});
const anEvent = async () =>
  (
    await as('POST', '/api/admin/events', {
      title: 'Audit Night',
      night: '2030-12-06',
      doorsOpen: '22:00',
      lastEntry: '03:00',
      priceCents: 2000,
      status: 'published',
      guestList: { capacity: 10, freeUntil: null, cutoff: null },
    })
  ).body.id as string;
audited('createEvent', 'event.create', async () => ({
  run: () =>
    as('POST', '/api/admin/events', {
      title: 'Audit',
      night: '2030-12-06',
      doorsOpen: '22:00',
      lastEntry: '03:00',
      priceCents: 0,
    }),
}));
audited('updateEvent', 'event.update', async () => {
  const id = await anEvent();
  return {
    run: () =>
      as('PUT', `/api/admin/events/${id}`, {
        title: 'Audit Night',
        night: '2030-12-06',
        doorsOpen: '23:00',
        lastEntry: '03:00',
        priceCents: 2000,
      }),
    target: id,
  };
});
// The announcement is the news post it publishes: its one row is the post's.
audited('announceEvent', 'news.create', async () => {
  const id = await anEvent();
  return { run: () => as('POST', `/api/admin/events/${id}/announce`) };
});
audited('addGuest', 'guest_list.add', async () => {
  const id = await anEvent();
  return {
    run: () => as('POST', `/api/admin/events/${id}/nights/2030-12-06/guest-list`, { name: 'Casey', email: 'casey@example.com' }),
    target: id,
  };
});
audited('closeGuestList', 'guest_list.close', async () => {
  const id = await anEvent();
  return { run: () => as('POST', `/api/admin/events/${id}/nights/2030-12-06/guest-list/close`), target: id };
});
audited('saveNoShowRule', 'guest_list.rule', async () => ({
  run: () => as('PUT', '/api/admin/guest-list-rule', { rule: { noShows: 2, withinDays: 30, pauseDays: 14 } }),
  target: '1',
}));
audited('startBulkSync', 'sync.start', async () => ({ run: () => as('POST', '/api/admin/sync-contacts') }));
audited('syncContact', 'sync.contact', async () => {
  const id = await member();
  return { run: () => as('POST', `/api/admin/sync-contact/${id}`), target: id };
});

describe('every staff action leaves exactly one audit row', () => {
  it('lists every staff write endpoint as audited or exempt (with a reason), never both', () => {
    const unlisted = staffWrites.filter((name) => !(name in AUDITED) && !(name in EXEMPT));
    const both = staffWrites.filter((name) => name in AUDITED && name in EXEMPT);
    const stale = [...Object.keys(AUDITED), ...Object.keys(EXEMPT)].filter((name) => !staffWrites.includes(name));
    expect({ unlisted, both, stale }).toEqual({ unlisted: [], both: [], stale: [] });
  });

  it.each(Object.keys(AUDITED).sort())('%s leaves one row: action, actor, role, target, address', async (name) => {
    let target: string | undefined;
    const rows = await newRows(async () => {
      const act = await AUDITED[name]!();
      return async () => {
        const answer = await act();
        target = answer.target;
        return answer;
      };
    });
    expect(rows.map((r) => r.action)).toEqual([expected[name]]);
    const [row] = rows;
    expect({ actor: row!.actor_id, role: row!.actor_role, address: row!.client_address }).toEqual({
      actor: admin.user.id,
      role: 'admin',
      address: ADDRESS,
    });
    if (target) expect(row!.target_id).toBe(target);
  });

  it('shows whether an adjustment counts toward the tier in its after', async () => {
    const id = await member();
    await as('POST', `/api/admin/members/${id}/points-adjustments`, { points: 3, reason: 'Tier', countsTowardTier: true });
    const row = (await rowsOf(admin.user.id)).find((r) => r.action === 'points.adjust' && r.target_id === id)!;
    expect(row.after).toMatchObject({ points: 3, countsTowardTier: true });
    // The reason is free text that can name the member: it stays on the ledger row, which erasure blanks.
    expect(row.after).not.toHaveProperty('reason');
  });

  it('copies no free text of a created post or coupon, nor of an edit', async () => {
    const created = await as('POST', '/api/admin/news', { title: 'Priya Shah night', content: 'Priya is back.' });
    const coupon = await as('POST', '/api/admin/coupons', {
      code: `TXT${Date.now()}`,
      title: 'For Priya Shah',
      description: 'Priya only',
      type: 'percentage',
      value: 5,
    });
    await as('PATCH', `/api/admin/coupons/${coupon.body.id}`, { title: 'For Sam' });
    const rows = (await rowsOf(admin.user.id)).filter((r) => [created.body.id, coupon.body.id].includes(r.target_id));
    expect(rows.map((r) => r.action)).toEqual(['news.create', 'coupon.create', 'coupon.update']);
    expect(JSON.stringify(rows.map((r) => [r.after, r.before]))).not.toMatch(/Priya|Sam/);
    expect(rows[0]!.after).toMatchObject({ contentType: 'announcement' });
    expect(rows[1]!.after).toMatchObject({ code: coupon.body.code, type: 'percentage', value: 5 });
    expect(rows[2]!.after).toEqual({ title: '(text not copied)' });
  });

  it("keeps a deleted webhook's address and events as its before, never its secret", async () => {
    const made = await t.sql.query<{ id: string }>(
      "insert into webhook_endpoints (url, events, secret) values ('http://127.0.0.1:9/gone', '{coupon.claimed}', 'whsec_gone') returning id",
    );
    expect((await as('DELETE', `/api/admin/webhooks/${made.rows[0]!.id}`)).status).toBe(200);
    const row = (await rowsOf(admin.user.id)).find((r) => r.action === 'webhook.delete' && r.target_id === made.rows[0]!.id)!;
    expect(row.before).toMatchObject({ url: 'http://127.0.0.1:9/gone', events: ['coupon.claimed'] });
    expect(JSON.stringify(row)).not.toContain('whsec_gone');
  });

  it("records a staff account's sign-in, the staffer as actor, with the address; a member's sign-in leaves none", async () => {
    const door = await registerStaff(t, 'door');
    const plain = await registerMember(t);
    const from = randomIp();
    for (const email of [door.user.email, plain.user.email]) {
      const answer = await t.request('POST', '/api/auth/login', {
        body: { email, password: GOOD_PASSWORD },
        headers: { 'x-forwarded-for': from },
      });
      expect(answer.status).toBeLessThan(300);
    }
    const signIns = (await rowsOf(door.user.id)).filter((r) => r.action === 'staff.sign_in');
    expect(signIns.map((r) => ({ role: r.actor_role, target: r.target_id, address: r.client_address }))).toEqual([
      { role: 'door', target: door.user.id, address: from },
    ]);
    expect((await rowsOf(plain.user.id)).length).toBe(0);
  });
});
