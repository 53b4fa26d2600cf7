import { templateDatabaseUrl } from '@nocturne/testing';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// A query written for an index that no migration creates runs, answers right, and scans the
// table. Each repository's list below names the indexes its queries are shaped
// for (a keyset walk, a trigram search, a partial index); every one must exist once the
// migrations have run, and so must every index the sources name anywhere (a comment that says
// which index a query uses is a claim about the schema).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const RELIED_ON: Record<string, string[]> = {
  'api/src/modules/members/admin-members.repository.ts': [
    'members_admin_list_idx',
    'members_email_prefix_idx',
    'members_name_trgm_idx',
    'members_staff_idx',
  ],
  'api/src/modules/members/admin-member.repository.ts': [
    'point_transactions_member_created_idx',
    'user_coupons_member_claimed_idx',
    'qr_scans_member_idx',
    'members_staff_idx',
  ],
  'api/src/modules/members/my-data.repository.ts': [
    'point_transactions_member_created_idx',
    'user_coupons_member_claimed_idx',
    'news_comments_author_created_idx',
  ],
  'api/src/modules/news/comment-moderation.repository.ts': [
    'news_comments_created_idx',
    'news_comments_content_trgm_idx',
    'news_comments_author_created_idx',
    'news_comments_post_created_id_idx',
    'members_email_trgm_idx',
    'members_name_trgm_idx',
  ],
  'api/src/modules/news/post-comments.repository.ts': ['news_comments_post_created_id_idx'],
  'api/src/modules/news/news-posts.repository.ts': ['news_posts_feed_idx'],
  'api/src/modules/staff/staff.repository.ts': ['members_staff_idx'],
  'api/src/modules/audit/audit-log.reader.ts': ['audit_log_at_id_idx', 'audit_log_actor_at_idx', 'audit_log_action_at_idx'],
  'api/src/modules/door/offline/likely-members.repository.ts': [
    'visits_venue_night_idx',
    'user_coupons_claimed_at_idx',
    'user_coupons_redeemed_at_idx',
    'members_admin_list_idx',
  ],
  'api/src/modules/door/door.repository.ts': ['qr_scans_at_idx', 'visits_member_venue_night_unique'],
  'api/src/modules/overview/overview.repository.ts': ['user_coupons_redeemed_at_idx', 'bookings_venue_requested_idx'],
  'api/src/modules/door/offline/door-data.repository.ts': [
    'members_door_changed_at_idx',
    'member_cards_issued_at_idx',
    'user_coupons_claimed_at_idx',
    'user_coupons_redeemed_at_idx',
    'qr_scans_at_idx',
    'visits_created_at_idx',
  ],
};

/**
 * Indexes that answer their queries alone (index-only scans at a group's size) only while they
 * carry these columns: a plain index of the same name would answer right and read the table.
 */
const COVERING: Record<string, string> = {
  visits_venue_night_idx: 'USING btree (venue_id, night) INCLUDE (member_id, created_at)',
  user_coupons_claimed_at_idx: 'USING btree (claimed_at) INCLUDE (member_id)',
  user_coupons_redeemed_at_idx: 'USING btree (redeemed_at) INCLUDE (redeemed_venue_id, member_id)',
};
let definitions: Map<string, string>;

/** Every .ts source (not tests) under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'dist' || name === 'node_modules' ? [] : sources(file);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [file] : [];
  });
}

let indexes: Set<string>;

beforeAll(async () => {
  const client = new pg.Client({ connectionString: templateDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public'`,
    );
    indexes = new Set(rows.map((row) => row.name));
    definitions = new Map(rows.map((row) => [row.name, row.definition]));
  } finally {
    await client.end();
  }
});

it.each(Object.entries(RELIED_ON))('%s: the indexes its queries rely on exist once migrated', (file, names) => {
  expect(statSync(path.join(root, file)).isFile()).toBe(true);
  expect(names.filter((name) => !indexes.has(name))).toEqual([]);
});

it('every index the api, the worker and the writing libraries name in their sources exists once migrated', () => {
  const folders = ['api/src', 'worker/src', 'libs/ledger/src', 'libs/sync-jobs/src'].map((folder) => path.join(root, folder));
  const named = new Map<string, string>();
  for (const file of folders.flatMap(sources)) {
    for (const [name] of readFileSync(file, 'utf8').matchAll(/\b[a-z][a-z0-9_]*_idx\b/g)) {
      named.set(name, path.relative(root, file));
    }
  }
  expect(named.size).toBeGreaterThan(5);
  expect([...named].filter(([name]) => !indexes.has(name)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
});

it.each(Object.entries(COVERING))('%s carries the columns its index-only scans read', (name, shape) => {
  expect(definitions.get(name)).toContain(shape);
});
