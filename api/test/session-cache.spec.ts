import { jest } from '@jest/globals';
import { registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { AuthRepository } from '../src/modules/auth/auth.repository.js';
import { SessionService } from '../src/modules/auth/session.service.js';

// Every signed-in request resolves its session; a kept session saves it a statement and a wait for
// a pooled connection. On a busy night some change lands during nearly every session read, and
// only a change to the member's own scopes may keep their session from being kept.
let t: TestApp;
let sessions: SessionService;
let versions: ResourceVersions;
let repository: AuthRepository;

beforeAll(async () => {
  t = await startTestApp();
  sessions = t.app.get(SessionService);
  versions = t.app.get(ResourceVersions);
  repository = t.app.get(AuthRepository);
  expect(await versions.whenReady()).toBe(true);
});
afterAll(async () => {
  await t.close();
});

/** Session reads that reach the database while `work` runs, each with `during` applied as the row comes back. */
async function lookupsWhile(during: () => void, work: () => Promise<unknown>): Promise<number> {
  const original = repository.findLiveSession.bind(repository);
  let lookups = 0;
  const spy = jest.spyOn(repository, 'findLiveSession').mockImplementation(async (...args) => {
    lookups += 1;
    const row = await original(...args);
    during();
    return row;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lookups;
}

const bump = (scope: string) => versions.noteChange(Number(versions.version(scope)) + 1, [scope]);

it("keeps a session read while other members' changes land, and reads it again after its own member changes", async () => {
  const [member, other] = [await registerMember(t), await registerMember(t)];
  const resolveTwice = async () => {
    expect((await sessions.resolve(member.sessionId))?.id).toBe(member.user.id);
    expect((await sessions.resolve(member.sessionId))?.id).toBe(member.user.id);
  };
  // Another member's points change during the read: the row read is this member's as it is, so it is kept.
  expect(await lookupsWhile(() => bump(`member:${other.user.id}`), resolveTwice)).toBe(1);
  // A change to this member lands: the kept session is dropped and read again once.
  bump(`member:${member.user.id}`);
  expect(await lookupsWhile(() => undefined, resolveTwice)).toBe(1);
  // This member's own change lands during the read: the row may predate it, so it is not kept.
  bump(`member:${member.user.id}`);
  expect(await lookupsWhile(() => bump(`session:${member.user.id}`), resolveTwice)).toBe(2);
});
