import { type BuiltApi, startBuiltApi } from '@nocturne/testing';
import autocannon from 'autocannon';

// Large JSON answers are gzipped for clients that take it (compress-answers.ts). Twenty clients
// reading the 355 KB OpenAPI document took the api, run as `npm run start:api` runs it (a 192 MB
// heap), to 1.1 GB of resident memory in bench:scale: every answer was compressed again, by
// zlib in the thread pool, outside the heap's limit (here it grew 100 MB in 30 s). Twenty clients
// for fifteen seconds now grow it less than 50 MB, under the 300 MB budget.
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;
const GROWTH_BOUND_MB = 50;

let built: BuiltApi;

beforeAll(async () => {
  built = await startBuiltApi('compressed_answers');
}, 90_000);
afterAll(() => built?.stop(), 120_000);

it('twenty clients taking gzip read the OpenAPI document for fifteen seconds: RSS grows under 50 MB and stays under 300 MB, every answer whole', async () => {
  const startMb = built.rssMb();
  const { result, peakMb } = await built.peakRssDuring(() =>
    autocannon({
      url: `${built.baseUrl}/api/openapi.json`,
      connections: CLIENTS,
      duration: 15,
      headers: { 'accept-encoding': 'gzip' },
    }),
  );
  process.stdout.write(
    `compressed answers: ${result.requests.average} req/s, p99 ${result.latency.p99} ms, RSS ${startMb.toFixed(1)} MB at the start, peak RSS ${peakMb.toFixed(1)} MB\n`,
  );
  expect(result.non2xx).toBe(0);
  expect(result.errors).toBe(0);
  expect(result.requests.total).toBeGreaterThan(100);
  // The answer is gzip and decodes to the document.
  const answer = await fetch(`${built.baseUrl}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
  expect(answer.headers.get('content-encoding')).toBe('gzip');
  expect((await answer.json()).openapi).toMatch(/^3\.1/);
  expect(peakMb - startMb).toBeLessThan(GROWTH_BOUND_MB);
  expect(peakMb).toBeLessThan(RSS_BUDGET_MB);
}, 120_000);
