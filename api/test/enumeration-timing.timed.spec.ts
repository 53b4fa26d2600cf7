import {
  ADULT_DATE_OF_BIRTH,
  GOOD_PASSWORD,
  randomIp,
  registerMember,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '@nocturne/testing';

// Whether an e-mail has an account must not show in how long login, register or reset take.
// Each check interleaves requests for known and unknown e-mails (so machine load falls on both
// alike) and compares the two medians: the gap must stay within the noise, three standard errors
// of the difference estimated from the groups' spread.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAMPLES = 20;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

interface Timing {
  ms: number;
  status: number;
}

async function timed(send: () => Promise<{ status: number }>): Promise<Timing> {
  const started = performance.now();
  const { status } = await send();
  return { ms: performance.now() - started, status };
}

/** Known and unknown requests alternate, one at a time; a few unrecorded rounds warm both paths up. */
async function compare(known: (i: number) => Promise<{ status: number }>, unknown: (i: number) => Promise<{ status: number }>) {
  const samples = { known: [] as Timing[], unknown: [] as Timing[] };
  for (let i = 0; i < SAMPLES + 3; i += 1) {
    const first = i % 2 === 0 ? 'known' : 'unknown';
    const order = first === 'known' ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const group of order) {
      const timing = await timed(() => (group === 'known' ? known(i) : unknown(i)));
      if (i >= 3) samples[group].push(timing);
    }
  }
  const ms = (group: Timing[]) => group.map((s) => s.ms);
  const median = { known: quantile(ms(samples.known), 0.5), unknown: quantile(ms(samples.unknown), 0.5) };
  const iqr = (group: Timing[]) => quantile(ms(group), 0.75) - quantile(ms(group), 0.25);
  // The standard error of a median is about 0.93 IQR / sqrt(n); three of them for the gap between
  // two medians, plus a millisecond for timer and event-loop granularity.
  const noise = (3 * 0.93 * Math.hypot(iqr(samples.known), iqr(samples.unknown))) / Math.sqrt(SAMPLES) + 1;
  const gap = Math.abs(median.known - median.unknown);
  console.log(
    `${expect.getState().currentTestName}: medians known ${median.known.toFixed(1)} / unknown ${median.unknown.toFixed(1)} ms, gap ${gap.toFixed(1)}, noise ${noise.toFixed(1)}`,
  );
  return {
    statuses: {
      known: [...new Set(samples.known.map((s) => s.status))],
      unknown: [...new Set(samples.unknown.map((s) => s.status))],
    },
    median,
    gap,
    noise,
  };
}

const post = (path: string, body: unknown) => t.request('POST', path, { body, headers: { 'x-forwarded-for': randomIp() } });

async function members(count: number) {
  const list = [];
  for (let i = 0; i < count; i += 1) list.push(await registerMember(t));
  return list;
}

describe('no user enumeration through timings', () => {
  it('login: a wrong password for a real account takes as long as an e-mail nobody registered', async () => {
    // One account per round: the per-e-mail login limit (10 per 15 min) must not answer instead.
    const accounts = await members(SAMPLES + 3);
    const result = await compare(
      (i) => post('/api/auth/login', { email: accounts[i]!.email, password: 'not-the-password-2026' }),
      () => post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not-the-password-2026' }),
    );
    expect(result.statuses).toEqual({ known: [401], unknown: [401] });
    expect(result.gap).toBeLessThanOrEqual(result.noise);
  });

  it('register: an e-mail already taken takes as long as a new sign-up', async () => {
    const accounts = await members(SAMPLES + 3);
    const signUp = (email: string) =>
      post('/api/auth/register', {
        email,
        firstName: 'Robin',
        lastName: 'Hale',
        password: GOOD_PASSWORD,
        dateOfBirth: ADULT_DATE_OF_BIRTH,
      });
    const result = await compare(
      (i) => signUp(accounts[i]!.email),
      () => signUp(uniqueEmail('newcomer')),
    );
    // The answer is the same for both (the owner of a taken e-mail is told by e-mail), and so is the timing.
    expect(result.statuses).toEqual({ known: [202], unknown: [202] });
    expect(result.gap).toBeLessThanOrEqual(result.noise);
  });

  it('forgot password: a real account takes as long as an e-mail nobody registered', async () => {
    const [account] = await members(1);
    const result = await compare(
      () => post('/api/auth/forgot-password', { email: account!.email }),
      () => post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }),
    );
    expect(result.statuses).toEqual({ known: [202], unknown: [202] });
    expect(result.gap).toBeLessThanOrEqual(result.noise);
  });
});
