import { EntityManager } from '@mikro-orm/postgresql';
import type { TestApp } from '@nocturne/testing';
import { auditLedger, tierThresholdsFrom } from '#modules/ledger/ledger-audit.js';

/** The ledger check `npm run ledger:verify` runs: every member's cached points match their rows. */
export async function expectLedgerClean(t: TestApp): Promise<void> {
  const audit = await auditLedger(t.app.get(EntityManager).fork(), tierThresholdsFrom(t.config));
  expect(audit.membersChecked).toBeGreaterThan(0);
  expect(audit.differences).toEqual([]);
}

let postCounter = 0;

/** Publishes a post as the given admin and answers it. */
export async function createPost(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  postCounter += 1;
  const answer = await t.request('POST', '/api/admin/news', {
    token: adminToken,
    body: { title: `Post ${postCounter}`, content: `Something is happening at the venue (${postCounter}).`, ...overrides },
  });
  if (answer.status !== 201) throw new Error(`create post failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; title: string; [key: string]: unknown };
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
