/**
 * The staff audit log: what a row can say was done. A closed list, so a new
 * staff action is added here, on purpose, and a typo does not compile.
 */
export const AUDIT_ACTIONS = [
  // Signing in
  'staff.sign_in',
  // Staff and roles
  'staff.role_change',
  'staff.invite',
  'staff.venues',
  // Coupons and news
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'coupon.archive',
  'news.create',
  'news.update',
  'news.delete',
  // Moderation
  'comment.hide',
  'comment.restore',
  // Members
  'points.adjust',
  'member.disable',
  'member.enable',
  'members.export',
  // The audit log's own CSV export
  'audit.export',
  'member.password_reset',
  // The door
  'redemption.undo',
  'door.lockout_lift',
  'door_device.create',
  'door_device.update',
  'door.settings',
  // Settings
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.redeliver',
  'sync.settings',
  'sync.start',
  'sync.contact',
  // The venue's membership settings: invite points, the monthly cap, the birthday coupon.
  'membership.settings',
  // Tier benefits (text, earning multiplier, monthly coupon) and earning promotions.
  'tier.benefits',
  'promotion.create',
  'promotion.update',
  'promotion.delete',
  // Events and their guest lists.
  'event.create',
  'event.update',
  'guest_list.add',
  'guest_list.close',
  'guest_list.rule',
  // Staff two-factor sign-in: an admin's reset of someone's second factor. A staffer's own enrolment
  // steps are not staff actions on anyone else's record (exempt in api/test/audit-matrix.spec.ts).
  'staff.second_factor_reset',
  // The group's venues.
  'venue.create',
  'venue.update',
  'venue.archive',
  'venue.unarchive',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What the audit log screen calls each action. A Record over the closed list: an action added
 * without its words does not compile.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'staff.sign_in': 'Staff signed in',
  'staff.role_change': 'Staff role changed',
  'staff.invite': 'Staff invited',
  'staff.venues': 'Staff venues changed',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon edited',
  'coupon.delete': 'Coupon deleted',
  'coupon.archive': 'Coupon archived',
  'news.create': 'News published',
  'news.update': 'News edited',
  'news.delete': 'News deleted',
  'comment.hide': 'Comment hidden',
  'comment.restore': 'Comment restored',
  'points.adjust': 'Points adjusted',
  'member.disable': 'Member disabled',
  'member.enable': 'Member enabled',
  'members.export': 'Members exported',
  'audit.export': 'Audit log exported',
  'member.password_reset': 'Password reset sent',
  'redemption.undo': 'Redemption undone',
  'door.lockout_lift': 'Door typing lock-out lifted',
  'door_device.create': 'Door named',
  'door_device.update': 'Door renamed or archived',
  'door.settings': 'Door settings changed',
  'webhook.create': 'Webhook added',
  'webhook.update': 'Webhook edited',
  'webhook.delete': 'Webhook deleted',
  'webhook.redeliver': 'Webhook delivery resent',
  'sync.settings': 'ActiveCampaign settings changed',
  'sync.start': 'ActiveCampaign sync started',
  'sync.contact': 'Member synced to ActiveCampaign',
  'membership.settings': 'Membership settings changed',
  'tier.benefits': 'Tier benefits changed',
  'promotion.create': 'Promotion scheduled',
  'promotion.update': 'Promotion edited',
  'promotion.delete': 'Promotion deleted',
  'event.create': 'Event created',
  'event.update': 'Event edited',
  'guest_list.add': 'Guest added to a list',
  'guest_list.close': 'Guest list closed',
  'guest_list.rule': 'No-show rule changed',
  'staff.second_factor_reset': 'Second factor reset',
  'venue.create': 'Venue added',
  'venue.update': 'Venue edited',
  'venue.archive': 'Venue archived',
  'venue.unarchive': 'Venue reopened',
};

/** The action's words for people ("Coupon edited"); an unknown key (from a newer api) as it is. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Fields never copied into an audit row's before/after, whatever the record. */
export const AUDIT_REDACTED_FIELDS = ['passwordHash', 'password_hash', 'token', 'tokenHash', 'token_hash', 'secret'];

/**
 * Staff-written free text (a post's title and body, a coupon's title and description, a
 * promotion's name, a tier's benefit text): it can name a member, and an audit row is never
 * rewritten, so a row says only that such a field changed (AUDIT_TEXT_NOT_COPIED), never what it
 * said. The record's current name is read at display time instead.
 */
export const AUDIT_FREE_TEXT_FIELDS = ['title', 'content', 'description', 'name', 'benefit', 'reason', 'message'];

/** What an audit row holds, before and after, for a free-text field that changed. */
export const AUDIT_TEXT_NOT_COPIED = '(text not copied)';

/**
 * The changed fields of a record, before and after, for an audit row: only what differs, never a
 * redacted field, and a free-text field only as AUDIT_TEXT_NOT_COPIED.
 */
export function auditChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (AUDIT_REDACTED_FIELDS.includes(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (AUDIT_FREE_TEXT_FIELDS.includes(key)) {
      changed.before[key] = before[key] == null ? null : AUDIT_TEXT_NOT_COPIED;
      changed.after[key] = after[key] == null ? null : AUDIT_TEXT_NOT_COPIED;
      continue;
    }
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}

/**
 * How long each log is kept, in days (docs/SECURITY.md "Retention"). The
 * audit log's 365 days is also the floor its trigger enforces.
 */
export const RETENTION_DAYS = {
  qrScans: 365,
  emailDeliveries: 90,
  sessionsAfterExpiry: 7,
  webhookDeliveries: 30,
  auditLog: 365,
  /** Booking requests: a year after the night they were for (after they arrived, when they named none). */
  bookingsAfterNight: 365,
  /** Contact messages: a year after they arrived. */
  contactMessages: 365,
} as const;
