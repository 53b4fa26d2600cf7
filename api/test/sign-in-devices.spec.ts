import { randomIp, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { Redis } from 'ioredis';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'wrong-password!';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in from a fresh address, with the browser's cookies when it has some. */
const login = (email: string, password: string, cookie?: string) =>
  t.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': randomIp(), ...(cookie ? { cookie } : {}) },
  });

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookieOf(answer: { headers: Headers }): string {
  const header = answer.headers.get('set-cookie') ?? '';
  const match = /(nocturne_device_[0-9a-f]+=[^;]+)/.exec(header);
  if (!match) throw new Error(`no device cookie in: ${header}`);
  return match[1]!;
}

/** Failures from changing addresses until the e-mail is past its 10 free ones (the next failure closes it for 1 s). */
async function failUntilSlowed(email: string): Promise<void> {
  for (let i = 0; i < 12; i += 1) expect((await login(email, WRONG)).status).toBe(401);
}

describe('the account’s own device is never locked out from elsewhere', () => {
  it('gives a signed, HttpOnly device cookie for the sign-in path at each right password, none for a wrong one', async () => {
    const member = await registerMember(t);
    const wrong = await login(member.email, WRONG);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await login(member.email, member.password);
    expect(right.status).toBe(200);
    const header = right.headers.get('set-cookie')!;
    expect(header).toMatch(
      /^nocturne_device_[0-9a-f]{16}=[\w-]+\.\d+\.[\w-]+; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/,
    );
    // The cookie's name does not show the e-mail.
    expect(header.toLowerCase()).not.toContain(member.email.split('@')[0]!.toLowerCase());
  }, 120_000);

  it('signs the real user in every time while wrong passwords arrive from changing addresses', async () => {
    const member = await registerMember(t);
    const cookie = deviceCookieOf(await login(member.email, member.password));
    await failUntilSlowed(member.email);

    // Two attackers send wrong passwords back to back from a new address each time, for 6 s.
    let attacking = true;
    const attackerStatuses: number[] = [];
    const attacker = async () => {
      while (attacking) {
        const answer = await login(member.email, WRONG);
        attackerStatuses.push(answer.status);
        if (answer.status === 429) await sleep(50);
      }
    };
    const attackers = Promise.all([attacker(), attacker()]);
    const userStatuses: number[] = [];
    await sleep(300);
    for (let i = 0; i < 8; i += 1) {
      userStatuses.push((await login(member.email, member.password, cookie)).status);
      await sleep(700);
    }
    attacking = false;
    await attackers;

    expect(userStatuses).toEqual(Array(8).fill(200));
    // The attackers were still held back: one guess per delay (1 s, 2 s, 4 s, 5 s…), the rest refused.
    const checked = attackerStatuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(attackerStatuses.filter((status) => status === 429).length).toBeGreaterThan(checked);
  }, 120_000);

  it('keeps strangers held back while the e-mail is closed, the right password included, and answers them at once', async () => {
    const member = await registerMember(t);
    await failUntilSlowed(member.email);
    expect((await login(member.email, WRONG)).status).toBe(401); // the 13th failure: closed for 1 s, waited out
    const closing = login(member.email, WRONG); // the 14th closes the e-mail for 2 s
    await sleep(300);
    const started = Date.now();
    const burst = await Promise.all(Array.from({ length: 10 }, () => login(member.email, WRONG)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(429));
    expect(Number(burst[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A stranger's right password waits its turn too (it is told when to try again).
    expect((await login(member.email, member.password)).status).toBe(429);
    // Refused at once (a request that waited out the closing would take 2 s): none holds a server waiting.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await closing).status).toBe(401);
  }, 120_000);

  it('honours a device cookie only for its own account, and not once altered', async () => {
    const member = await registerMember(t);
    const other = await registerMember(t);
    const othersCookie = deviceCookieOf(await login(other.email, other.password));
    const cookie = deviceCookieOf(await login(member.email, member.password));
    const [name, value] = cookie.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    // Another account's cookie renamed to this account's name does not verify.
    const transplanted = `${name}=${othersCookie.split('=')[1]}`;
    await failUntilSlowed(member.email);
    for (const fake of [othersCookie, altered, transplanted]) {
      const closing = login(member.email, WRONG);
      await sleep(300);
      expect((await login(member.email, member.password, fake)).status).toBe(429);
      await closing;
    }
    const closing = login(member.email, WRONG);
    await sleep(300);
    expect((await login(member.email, member.password, cookie)).status).toBe(200);
    await closing;
  }, 120_000);

  it('gives a known device 10 failures per 15 minutes of its own, then treats it as a stranger', async () => {
    const member = await registerMember(t);
    const cookie = deviceCookieOf(await login(member.email, member.password));
    // The device's own failures neither slow nor close the e-mail for anyone.
    for (let i = 0; i < 10; i += 1) expect((await login(member.email, WRONG, cookie)).status).toBe(401);
    const redis = new Redis(t.config.REDIS_URL);
    try {
      // The e-mail's count of failures (the first sign-in's attempt was counted, then taken back).
      expect(Number(await redis.get(`${t.config.REDIS_PREFIX}:rl:login-email:${member.email.toLowerCase()}`))).toBe(0);
    } finally {
      redis.disconnect();
    }
    await failUntilSlowed(member.email);
    const closing = login(member.email, WRONG);
    await sleep(300);
    expect((await login(member.email, member.password, cookie)).status).toBe(429);
    await closing;
  }, 120_000);

  it('checks one attempt of a known device at a time', async () => {
    const member = await registerMember(t);
    const cookie = deviceCookieOf(await login(member.email, member.password));
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(member.email, WRONG, cookie)));
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(8 - checked);
  }, 120_000);
});
