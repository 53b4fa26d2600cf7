import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { setTimeout as delay } from 'node:timers/promises';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { createPost } from './support/news-fixtures.js';

// A member's own write is what their next request on the same replica sees: never a cached
// session or a 304 from before it, however late the version's notification arrives (a loaded
// database or listener); the command waits for it, within a bound, before answering.
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ POINTS_PER_COMMENT: '5', COMMENT_REWARDS_PER_NIGHT: '100' });
  adminToken = (await registerAdmin(t)).sessionId;
  // Every notification from now on reaches this replica 100 ms after its commit. They are applied
  // one after another, so a background transaction's notification just before a comment's delays
  // it by 200 ms: still inside the command's 250 ms wait on a loaded machine, and still far later
  // than the member's next request when the command does not wait.
  const listener = t.app.get(ResourceVersions) as unknown as { enqueue(step: () => Promise<void>): void };
  const enqueue = listener.enqueue.bind(listener);
  listener.enqueue = (step) => enqueue(() => delay(100).then(step));
});
afterAll(async () => {
  await t.close();
});

describe('read your writes on one replica', () => {
  it('shows the points of each comment at once, in /auth/me and in a revalidated points history', async () => {
    const post = await createPost(t, adminToken, { title: 'Late show' });
    const member = await registerMember(t);
    const me = async () => (await t.request('GET', '/api/auth/me', { token: member.sessionId })).body.currentPoints as number;
    let points = await me();
    let history = await t.request('GET', '/api/points/history', { token: member.sessionId });
    // 20 rounds: the most comments one member may post in 10 minutes (PRODUCT.md §9).
    for (let i = 0; i < 20; i++) {
      const posted = await t.request('POST', `/api/news/${post.id}/comments`, {
        token: member.sessionId,
        body: { content: `Round ${i}` },
      });
      expect(posted.status).toBe(201);
      // 5 a comment, multiplied once the member reaches Silver (PRODUCT.md §2.5 Tiers).
      expect(posted.body.pointsAwarded).toBeGreaterThanOrEqual(5);
      points += posted.body.pointsAwarded as number;
      expect({ round: i, points: await me() }).toEqual({ round: i, points });
      const again = await t.request('GET', '/api/points/history', {
        token: member.sessionId,
        headers: { 'if-none-match': history.headers.get('etag')! },
      });
      expect({ round: i, status: again.status, rows: again.body?.length }).toEqual({ round: i, status: 200, rows: i + 2 });
      history = again;
    }
  });
});
