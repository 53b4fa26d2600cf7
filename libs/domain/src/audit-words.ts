import { type AuditAction, AUDIT_TEXT_NOT_COPIED, isAuditAction } from './audit.js';
import { type Role, ROLE_AS, ROLE_LABELS, ROLES } from './roles.js';
import { namesInWords } from './venue-scope.js';
import { type Tier, tierLabel, TIERS } from './tiers.js';
import { dateTimeFormat } from './intl-formats.js';

/**
 * An audit row as people read it: "Sam (manager) adjusted Priya Shah's points: +50, 'birthday',
 * counts toward tier: no". The row itself keeps ids and changed fields only (no name or free text
 * is copied into it); the names here are read when the log is shown: the actor's and the record's
 * names now, and a points adjustment's reason from its ledger row (blank once the account is erased).
 */
export interface AuditEvent {
  action: string;
  actorName: string;
  actorRole: Role;
  targetType: string | null;
  targetId: string | null;
  /** The record's name now; null when it no longer exists (or never had one). */
  targetName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** A points adjustment's reason, as its ledger row says it; null once erased or not found. */
  reason?: string | null;
}

/** One changed field, in words: "Points cost: 100 → 150". */
export interface AuditFieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
  /** A free-text field: the row says it changed, not what it said (before and after are ''). */
  text: boolean;
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
const isTier = (value: unknown): value is Tier => typeof value === 'string' && (TIERS as readonly string[]).includes(value);

/** "pointsCost" → "Points cost", "valid_until" → "Valid until". */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value in words: none, yes/no, lists joined, a text field that changed as "changed". */
export function auditValueWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(auditValueWords).join(', ') : 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields a row's before and after differ in, each in words, in the order the row lists them. */
export function auditFieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter(
      (field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]) || before?.[field] === AUDIT_TEXT_NOT_COPIED,
    )
    .map((field) => {
      const text = before?.[field] === AUDIT_TEXT_NOT_COPIED || after?.[field] === AUDIT_TEXT_NOT_COPIED;
      const side = (values: Record<string, unknown> | null) =>
        text || !values || !(field in values) ? '' : auditValueWords(values[field]);
      return { field, label: auditFieldLabel(field), before: side(before), after: side(after), text };
    });
}

/** "Points cost 100 → 150; Title changed", for an edit's sentence and the CSV's changes column. */
export function auditChangesWords(changes: readonly AuditFieldChange[]): string {
  return changes
    .map((change) =>
      change.text
        ? `${change.label} changed`
        : change.before
          ? `${change.label} ${change.before} → ${change.after || 'none'}`
          : `${change.label} ${change.after}`,
    )
    .join('; ');
}

const signed = (points: number) => (points > 0 ? `+${points}` : `${points}`);
const quoted = (text: string) => `'${text}'`;
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** What a staff adjustment's ledger description says the reason was ("Staff adjustment: birthday (counts toward tier)"). */
export function adjustmentReasonOf(description: string | null | undefined): string | null {
  const match = description?.match(
    /^Staff adjustment: ([\s\S]*?)(?: \((?:counts toward tier|balance only, not toward tier)\))?$/,
  );
  return match ? match[1]! : null;
}

interface Words {
  /** The record as a sentence names it: "Priya Shah", "the coupon 'Free drink'". */
  record: string;
  /** Its name alone, or what the row kept of it when it is gone. */
  name: string;
  changes: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null | undefined;
}

/** How each action reads after "Sam (manager) ". A Record over the closed list: a new action without its words does not compile. */
const SENTENCES: Record<AuditAction, (w: Words) => string> = {
  'staff.sign_in': ({ after }) =>
    after.secondFactor === 'pending'
      ? 'signed in (second step still owed)'
      : after.secondFactor === 'enrol'
        ? 'signed in (second factor yet to be set up)'
        : 'signed in',
  'staff.role_change': ({ name, before, after }) =>
    after.role === 'member'
      ? `removed ${name} from the staff${isRole(before.role) ? ` (was ${ROLE_AS[before.role]})` : ''}`
      : `changed ${possessive(name)} role${isRole(before.role) ? ` from ${ROLE_LABELS[before.role]}` : ''}${isRole(after.role) ? ` to ${ROLE_LABELS[after.role]}` : ''}`,
  'staff.invite': ({ name, after }) => `invited ${name}${isRole(after.role) ? ` as ${ROLE_AS[after.role]}` : ''}`,
  'staff.venues': ({ name, after }) =>
    Array.isArray(after.venues) && after.venues.length > 0
      ? `let ${name} work at ${namesInWords(after.venues.map(String))} only`
      : `let ${name} work at all venues`,
  'coupon.create': ({ record }) => `created ${record}`,
  'coupon.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'coupon.delete': ({ record }) => `deleted ${record}`,
  'coupon.archive': ({ record }) => `archived ${record}`,
  'news.create': ({ record }) => `published ${record}`,
  'news.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'news.delete': ({ record }) => `deleted ${record}`,
  'comment.hide': ({ record, after }) => `removed ${record}${after.pointsReversed ? ', its points taken back' : ''}`,
  'comment.restore': ({ record }) => `restored ${record}`,
  'points.adjust': ({ name, after, reason }) => {
    const points = typeof after.points === 'number' ? signed(after.points) : 'a change';
    const why = reason === undefined ? '' : `, ${reason === null ? 'reason erased' : quoted(reason)}`;
    const tier =
      typeof after.countsTowardTier === 'boolean' && typeof after.points === 'number' && after.points > 0
        ? `, counts toward tier: ${after.countsTowardTier ? 'yes' : 'no'}`
        : '';
    return `adjusted ${possessive(name)} points: ${points}${why}${tier}`;
  },
  'member.disable': ({ name }) => `disabled ${possessive(name)} account`,
  'member.enable': ({ name }) => `enabled ${possessive(name)} account`,
  'members.export': () => 'exported the members list',
  'audit.export': ({ changes }) => `exported the audit log${changes ? ` (${changes})` : ''}`,
  'member.password_reset': ({ name }) => `sent ${name} a password reset e-mail`,
  'redemption.undo': ({ name }) => `undid the redemption of ${name}`,
  'door.lockout_lift': ({ name, before }) =>
    `let ${before.scope === 'account' ? 'every phone' : 'a phone'} of ${possessive(name)} door account type codes again`,
  'door_device.create': ({ after }) => `named a door ${quoted(String(after.door ?? ''))}`,
  'door_device.update': ({ before, after }) =>
    after.archived === true
      ? `archived the door ${quoted(String(before.door ?? ''))}`
      : after.archived === false
        ? `brought back the door ${quoted(String(before.door ?? ''))}`
        : `renamed the door ${quoted(String(before.door ?? ''))} to ${quoted(String(after.door ?? ''))}`,
  'door.settings': ({ changes }) => `changed the door settings${changes ? `: ${changes}` : ''}`,
  'webhook.create': ({ record }) => `added ${record}`,
  'webhook.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'webhook.delete': ({ record }) => `deleted ${record}`,
  'webhook.redeliver': ({ name }) => `resent a webhook delivery${name ? ` to ${name}` : ''}`,
  'sync.settings': ({ changes }) => `changed the ActiveCampaign settings${changes ? `: ${changes}` : ''}`,
  'sync.start': () => 'started syncing every member to ActiveCampaign',
  'sync.contact': ({ name }) => `synced ${name} to ActiveCampaign`,
  'membership.settings': ({ changes }) => `changed the membership settings${changes ? `: ${changes}` : ''}`,
  'tier.benefits': ({ name, changes }) => `changed the ${name} tier's benefits${changes ? `: ${changes}` : ''}`,
  'promotion.create': ({ record }) => `scheduled ${record}`,
  'promotion.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'promotion.delete': ({ record }) => `deleted ${record}`,
  'event.create': ({ record }) => `created ${record}`,
  'event.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'guest_list.add': ({ record, after }) =>
    `added a guest to the list of ${record}${typeof after.night === 'string' ? ` for ${after.night}` : ''}`,
  'guest_list.close': ({ record, after }) =>
    `closed the guest list of ${record}${typeof after.night === 'string' ? ` for ${after.night}` : ''}`,
  'guest_list.rule': ({ after }) => (after.rule ? 'set the guest-list no-show rule' : 'removed the guest-list no-show rule'),
  'staff.second_factor_reset': ({ name }) => `reset ${possessive(name)} second factor`,
  'venue.create': ({ record }) => `added ${record}`,
  'venue.update': ({ record, changes }) => `edited ${record}${changes ? `: ${changes}` : ''}`,
  'venue.archive': ({ record }) => `archived ${record} (its history is kept)`,
  'venue.unarchive': ({ record }) => `reopened ${record}`,
};

/** What a record is called when it is gone (or is nobody's): "a deleted coupon". */
const GONE: Record<string, string> = {
  member: 'a deleted account',
  coupon: 'a deleted coupon',
  news_post: 'a deleted post',
  comment: 'a comment',
  user_coupon: 'a coupon',
  promotion: 'a deleted promotion',
  event: 'an event',
  webhook_endpoint: 'a deleted webhook',
  webhook_delivery: '',
  venue: 'a venue',
};

/** "the coupon", "the post": how a sentence introduces a named record of the type. */
const KIND: Record<string, string> = {
  coupon: 'the coupon',
  news_post: 'the post',
  promotion: 'the promotion',
  event: 'the event',
  webhook_endpoint: 'the webhook',
  venue: 'the venue',
};

function nameOf(event: AuditEvent, before: Record<string, unknown>, after: Record<string, unknown>): string {
  if (event.targetType === 'tier_benefits' && isTier(event.targetId)) return tierLabel(event.targetId);
  if (event.targetName) return event.targetName;
  // Gone: what the row kept that is not free text (a coupon's code, a webhook's address).
  const kept = [before.code, after.code, before.url, after.url].find((value) => typeof value === 'string' && value);
  if (kept && event.targetType && KIND[event.targetType]) return String(kept);
  return GONE[event.targetType ?? ''] ?? (event.targetId ? `${event.targetType ?? 'record'} ${event.targetId}` : '');
}

function recordOf(event: AuditEvent, name: string): string {
  const kind = KIND[event.targetType ?? ''];
  if (event.targetType === 'comment') return event.targetName ? `a comment on ${quoted(event.targetName)}` : 'a comment';
  if (!kind) return name;
  if (!event.targetName && name === GONE[event.targetType ?? '']) return name;
  return event.targetType === 'webhook_endpoint' ? `${kind} ${name}` : `${kind} ${quoted(name)}`;
}

/** The actor as a sentence starts: "Sam (manager)". */
export function auditActorWords(actorName: string, actorRole: Role): string {
  return `${actorName} (${ROLE_LABELS[actorRole] ?? actorRole})`;
}

/** The row in one sentence: who did what to whom. An action this code does not know reads as its key. */
export function auditSentence(event: AuditEvent): string {
  const actor = auditActorWords(event.actorName, event.actorRole);
  const before = event.before ?? {};
  const after = event.after ?? {};
  const name = nameOf(event, before, after);
  if (!isAuditAction(event.action)) return `${actor} did ${event.action}${name ? ` to ${name}` : ''}`;
  const fieldChanges = auditFieldChanges(event.before, event.after);
  const words: Words = {
    record: recordOf(event, name),
    name,
    changes: auditChangesWords(fieldChanges),
    before,
    after,
    reason: event.reason,
  };
  return `${actor} ${SENTENCES[event.action](words)}`;
}

/**
 * The staff screen where the record is looked after, or null when it has none (or is gone): a
 * member's own page; the list screens for coupons, posts, comments and webhooks. `holderId` is the
 * member a claimed coupon (user_coupon) belongs to.
 */
export function auditRecordLink(
  targetType: string | null,
  targetId: string | null,
  exists: boolean,
  holderId?: string | null,
): string | null {
  if (!exists) return null;
  switch (targetType) {
    case 'member':
      return targetId ? `/admin/members/${targetId}` : null;
    case 'user_coupon':
      return holderId ? `/admin/members/${holderId}` : null;
    case 'coupon':
      return '/admin/coupons';
    case 'news_post':
      return '/admin/news';
    case 'comment':
      return '/admin/comments';
    case 'webhook_endpoint':
    case 'webhook_delivery':
      return '/admin/webhooks';
    case 'venue':
      return '/admin/venues';
    case 'members':
      return '/admin/members';
    case 'sync_job':
      return '/admin/email';
    case 'audit_log':
      return '/admin/audit';
    default:
      return null;
  }
}

/**
 * An instant as ISO 8601 with the venue's offset, to the second: 2026-11-28T23:41:00+00:00 in
 * London in winter, 2026-11-29T10:41:00+11:00 in Sydney. A spreadsheet reads the same instant the
 * screen shows, with the venue's wall-clock time in front.
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of offsetFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  // "GMT" alone at offset zero, else "GMT+11:00" / "GMT-03:30".
  const zone = parts.timeZoneName ?? 'GMT';
  const offset = zone === 'GMT' ? '+00:00' : zone.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}
