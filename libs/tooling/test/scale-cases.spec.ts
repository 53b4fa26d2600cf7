import { endpoints } from '@nocturne/contracts';
import { SCALE_CASES, scaleCases } from '@nocturne/tooling/scale-cases';

// `npm run bench:scale` measures what libs/tooling/bin/scale-cases.mjs lists. An endpoint added to
// the endpoint list is measured at a million members, or says why it is not: this fails until it does.
const getEndpoints = Object.entries(endpoints)
  .filter(([, spec]) => spec.method === 'GET')
  .map(([name]) => name)
  .sort();

it('gives every GET endpoint a bench:scale case or a reason for none', () => {
  const missing = getEndpoints.filter((name) => !(name in SCALE_CASES));
  expect(missing).toEqual([]);
});

it('names no endpoint the list does not have, and every reason is words', () => {
  const known = new Set(Object.keys(endpoints));
  expect(Object.keys(SCALE_CASES).filter((name) => !known.has(name))).toEqual([]);
  for (const [name, entry] of Object.entries(SCALE_CASES)) {
    if ('skip' in entry) expect({ name, reason: entry.skip.length >= 20 }).toEqual({ name, reason: true });
    else expect({ name, cases: entry.cases.length > 0 }).toEqual({ name, cases: true });
  }
});

it("asks each case's endpoint at its own path and method, with unique names", () => {
  const ctx = {
    emailPrefix: 'okafor.1',
    surname: 'Okafor',
    heavyId: '00000000-0000-4000-8000-000000000001',
    pastNight: '2026-10-01',
    tonight: '2026-11-28',
    syncJobId: '00000000-0000-4000-8000-000000000002',
    deepScanCursor: 'abc',
    webhookId: '00000000-0000-4000-8000-000000000003',
    popularPost: '00000000-0000-4000-8000-000000000004',
    booking: { id: '00000000-0000-4000-8000-000000000005', token: 'token' },
    card: { qrPayload: '{}', shortCode: 'K7QM-3XPD-2A9' },
    doorDataVersion: 'v1',
    event: { id: '00000000-0000-4000-8000-000000000006', slug: 'friday-late', night: '2026-12-04' },
    venue: { id: 5, slug: 'venue-5' },
  };
  const cases = scaleCases();
  expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  for (const c of cases) {
    const spec = endpoints[c.endpoint as keyof typeof endpoints];
    const pattern = new RegExp(`^${spec.path.replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`);
    expect({ name: c.name, method: c.method ?? 'GET', matches: pattern.test(c.route(ctx)) }).toEqual({
      name: c.name,
      method: spec.method,
      matches: true,
    });
  }
});
