import { AUDIT_ACTIONS, AUDIT_TEXT_NOT_COPIED, auditChanges } from './audit.js';
import {
  adjustmentReasonOf,
  type AuditEvent,
  auditChangesWords,
  auditFieldChanges,
  auditRecordLink,
  auditSentence,
  isoWithOffset,
} from './audit-words.js';
import { adjustmentDescription } from './member-admin.js';

const event = (partial: Partial<AuditEvent> & Pick<AuditEvent, 'action'>): AuditEvent => ({
  actorName: 'Sam',
  actorRole: 'manager',
  targetType: null,
  targetId: null,
  targetName: null,
  before: null,
  after: null,
  ...partial,
});

describe('an audit row in words', () => {
  it('says who adjusted whose points, by how much, why and whether it counts toward the tier', () => {
    const adjusted = event({
      action: 'points.adjust',
      targetType: 'member',
      targetId: 'm1',
      targetName: 'Priya Shah',
      before: { currentPoints: 10 },
      after: { currentPoints: 60, points: 50, countsTowardTier: false },
      reason: 'birthday',
    });
    expect(auditSentence(adjusted)).toBe("Sam (manager) adjusted Priya Shah's points: +50, 'birthday', counts toward tier: no");
    expect(auditSentence({ ...adjusted, after: { points: -5, countsTowardTier: false }, reason: null })).toBe(
      "Sam (manager) adjusted Priya Shah's points: -5, reason erased",
    );
  });

  it('finds the reason in the ledger row the adjustment wrote, with or without its tier note', () => {
    expect(adjustmentReasonOf(adjustmentDescription('birthday', { countsTowardTier: false }))).toBe('birthday');
    expect(adjustmentReasonOf(adjustmentDescription('spilt drink (sorry)'))).toBe('spilt drink (sorry)');
    expect(adjustmentReasonOf('Points adjustment (reason erased with the account)')).toBeNull();
  });

  it('names the record by its name now, and what the row kept once it is gone', () => {
    const edit = event({
      action: 'coupon.update',
      actorRole: 'admin',
      actorName: 'Avery Lee',
      targetType: 'coupon',
      targetId: 'c1',
      targetName: 'Free drink',
      ...auditChanges({ title: 'Drink', pointsCost: 100, code: 'FD' }, { title: 'Free drink', pointsCost: 150, code: 'FD' }),
    });
    expect(auditSentence(edit)).toBe("Avery Lee (admin) edited the coupon 'Free drink': Title changed; Points cost 100 → 150");
    expect(
      auditSentence(
        event({
          action: 'coupon.delete',
          targetType: 'coupon',
          targetId: 'c1',
          before: { code: 'FD', title: AUDIT_TEXT_NOT_COPIED },
        }),
      ),
    ).toBe("Sam (manager) deleted the coupon 'FD'");
    expect(auditSentence(event({ action: 'news.delete', targetType: 'news_post', targetId: 'p1' }))).toBe(
      'Sam (manager) deleted a deleted post',
    );
    expect(
      auditSentence(
        event({
          action: 'webhook.delete',
          targetType: 'webhook_endpoint',
          targetId: 'w1',
          before: { url: 'https://hooks.example/in', events: ['coupon.claimed'] },
        }),
      ),
    ).toBe('Sam (manager) deleted the webhook https://hooks.example/in');
  });

  it('reads role changes, removals, invitations and sign-ins', () => {
    const staff = { targetType: 'member', targetId: 'm2', targetName: 'Jo Park' } as const;
    expect(
      auditSentence(
        event({
          action: 'staff.role_change',
          actorRole: 'admin',
          ...staff,
          before: { role: 'door' },
          after: { role: 'manager' },
        }),
      ),
    ).toBe("Sam (admin) changed Jo Park's role from door staff to manager");
    expect(
      auditSentence(
        event({ action: 'staff.role_change', actorRole: 'admin', ...staff, before: { role: 'door' }, after: { role: 'member' } }),
      ),
    ).toBe('Sam (admin) removed Jo Park from the staff (was door staff)');
    expect(
      auditSentence(
        event({ action: 'staff.invite', actorRole: 'admin', ...staff, before: { role: null }, after: { role: 'door' } }),
      ),
    ).toBe('Sam (admin) invited Jo Park as door staff');
    expect(
      auditSentence(event({ action: 'staff.sign_in', actorRole: 'door', ...staff, after: { secondFactor: 'pending' } })),
    ).toBe('Sam (door staff) signed in (second step still owed)');
  });

  it('has words for every action, none of them the raw key', () => {
    for (const action of AUDIT_ACTIONS) {
      const sentence = auditSentence(event({ action, targetType: 'member', targetId: 'm1', targetName: 'Priya Shah' }));
      expect(sentence.startsWith('Sam (manager) ')).toBe(true);
      expect(sentence).not.toContain(action);
    }
    expect(auditSentence(event({ action: 'something.new' }))).toBe('Sam (manager) did something.new');
  });

  it('lists the changed fields in words', () => {
    expect(auditFieldChanges({ isActive: true, maxUses: null }, { isActive: false, maxUses: 20 })).toEqual([
      { field: 'isActive', label: 'Is active', before: 'yes', after: 'no', text: false },
      { field: 'maxUses', label: 'Max uses', before: 'none', after: '20', text: false },
    ]);
    expect(auditChangesWords(auditFieldChanges(null, { contentType: 'event' }))).toBe('Content type event');
    expect(auditFieldChanges({ title: AUDIT_TEXT_NOT_COPIED }, { title: AUDIT_TEXT_NOT_COPIED })).toEqual([
      { field: 'title', label: 'Title', before: '', after: '', text: true },
    ]);
  });
});

describe('the link to the record', () => {
  it("opens the member's staff page, or the screen that lists the record; nothing once it is gone", () => {
    expect(auditRecordLink('member', 'm1', true)).toBe('/admin/members/m1');
    expect(auditRecordLink('user_coupon', 'u1', true, 'm9')).toBe('/admin/members/m9');
    expect(auditRecordLink('coupon', 'c1', true)).toBe('/admin/coupons');
    expect(auditRecordLink('news_post', 'p1', true)).toBe('/admin/news');
    expect(auditRecordLink('coupon', 'c1', false)).toBeNull();
    expect(auditRecordLink('club_settings', 'membership', true)).toBeNull();
  });
});

describe('times with the venue offset', () => {
  it('writes ISO 8601 with the offset the venue had at that instant', () => {
    expect(isoWithOffset(new Date('2026-11-28T23:41:00Z'), 'Europe/London')).toBe('2026-11-28T23:41:00+00:00');
    expect(isoWithOffset(new Date('2026-11-28T23:41:00Z'), 'Australia/Sydney')).toBe('2026-11-29T10:41:00+11:00');
    expect(isoWithOffset(new Date('2026-07-01T12:00:05Z'), 'America/St_Johns')).toBe('2026-07-01T09:30:05-02:30');
  });
});
