import { type BuiltApi, startBuiltApi } from '@nocturne/testing';

// Large JSON answers are gzipped for clients that take it (compress-answers.ts). Twenty clients
// reading the 355 KB OpenAPI document took the api, run as `npm run start:api` runs it (a 192 MB
// heap), to 1.1 GB of resident memory in bench:scale, with What's on: every answer was serialized
// and gzipped again (here it grew 88 MB in 15 s). It is made once now: twenty clients for fifteen
// seconds grow the api less than 50 MB, under the 300 MB budget.
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;
const GROWTH_BOUND_MB = 50;

let built: BuiltApi;

/**
 * CLIENTS clients reading the document, gzipped, one request after another each, for `ms` and until
 * `atLeast` answers came (within `ms` × 4): on a machine other processes starve for a while, the
 * load still makes as many answers as the memory bound is meant for, instead of fewer.
 */
async function readFor(
  ms: number,
  atLeast: number,
): Promise<{ answered: number; failed: string[]; slowestMs: number; seconds: number }> {
  const started = Date.now();
  const outcome = { answered: 0, failed: [] as string[], slowestMs: 0 };
  const more = () => Date.now() - started < ms || (outcome.answered < atLeast && Date.now() - started < ms * 4);
  const client = async () => {
    while (more()) {
      const sent = performance.now();
      const answer = await fetch(`${built.baseUrl}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
      await answer.arrayBuffer();
      outcome.slowestMs = Math.max(outcome.slowestMs, performance.now() - sent);
      if (answer.status === 200) outcome.answered += 1;
      else outcome.failed.push(String(answer.status));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { ...outcome, seconds: (Date.now() - started) / 1000 };
}

beforeAll(async () => {
  built = await startBuiltApi('compressed_answers');
}, 90_000);
afterAll(() => built?.stop(), 120_000);

it('twenty clients taking gzip read the OpenAPI document for fifteen seconds: RSS grows under 50 MB and stays under 300 MB, every answer whole', async () => {
  const startMb = built.rssMb();
  const { result, peakMb } = await built.peakRssDuring(() => readFor(15_000, 200));
  process.stdout.write(
    `compressed answers: ${Math.round(result.answered / result.seconds)} req/s over ${result.seconds.toFixed(0)} s, slowest ${result.slowestMs.toFixed(0)} ms, RSS ${startMb.toFixed(1)} MB at the start, peak RSS ${peakMb.toFixed(1)} MB\n`,
  );
  expect(result.failed).toEqual([]);
  expect(result.answered).toBeGreaterThanOrEqual(200);
  // The answer is gzip and decodes to the document.
  const answer = await fetch(`${built.baseUrl}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
  expect(answer.headers.get('content-encoding')).toBe('gzip');
  expect(((await answer.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  expect(peakMb - startMb).toBeLessThan(GROWTH_BOUND_MB);
  expect(peakMb).toBeLessThan(RSS_BUDGET_MB);
}, 120_000);
