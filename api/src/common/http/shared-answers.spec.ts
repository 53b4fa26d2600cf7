import { gunzipSync } from 'node:zlib';
import { COMPRESS_OVER_BYTES } from '#infrastructure/web/compress-answers.js';
import { SharedAnswers } from './shared-answers.js';

/** A build that answers when told to, counting how often it ran. */
function slowBuild(body: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const build = Object.assign(
    async () => {
      build.runs += 1;
      await gate;
      return body;
    },
    { runs: 0, release: () => release() },
  );
  return build;
}

it('builds an answer once for every request that asks under its ETag, while it is built and after', async () => {
  const shared = new SharedAnswers();
  const build = slowBuild({ night: '2026-11-28', members: [['ab12cd34', 'Ana']] });
  const waiting = Promise.all([shared.answer('W/"a"', build), shared.answer('W/"a"', build), shared.answer('W/"a"', build)]);
  build.release();
  const answers = await waiting;
  expect(build.runs).toBe(1);
  expect(new Set(answers).size).toBe(1);
  expect(JSON.parse(answers[0]!.json.toString())).toEqual({ night: '2026-11-28', members: [['ab12cd34', 'Ana']] });
  // Small: sent as it is, as the onSend hook would.
  expect(answers[0]!.gzip).toBeNull();
  expect(await shared.answer('W/"a"', build)).toBe(answers[0]);
  expect(build.runs).toBe(1);
});

it('builds afresh under a new ETag', async () => {
  const shared = new SharedAnswers();
  let runs = 0;
  const build = async () => ({ run: ++runs });
  expect(JSON.parse((await shared.answer('W/"v1"', build)).json.toString())).toEqual({ run: 1 });
  expect(JSON.parse((await shared.answer('W/"v2"', build)).json.toString())).toEqual({ run: 2 });
  expect(JSON.parse((await shared.answer('W/"v1"', build)).json.toString())).toEqual({ run: 1 });
});

it('gzips a large answer once, to the same JSON', async () => {
  const shared = new SharedAnswers();
  const members = Array.from({ length: 2_000 }, (_, i) => [`k${i}`, 'Guest', 'silver', true, false]);
  const prepared = await shared.answer('W/"big"', async () => ({ members }));
  expect(prepared.json.length).toBeGreaterThan(COMPRESS_OVER_BYTES);
  expect(prepared.gzip).not.toBeNull();
  expect(gunzipSync(prepared.gzip!).equals(prepared.json)).toBe(true);
});

it('keeps no failed build: a request that waited on it builds its own, and the next request builds again', async () => {
  const shared = new SharedAnswers();
  let reject!: (error: Error) => void;
  const failing = () => new Promise<unknown>((_, fail) => (reject = fail));
  const first = shared.answer('W/"a"', failing);
  let ownRuns = 0;
  const waiter = shared.answer('W/"a"', async () => ({ own: ++ownRuns }));
  reject(new Error('the door hung up'));
  await expect(first).rejects.toThrow('the door hung up');
  expect(JSON.parse((await waiter).json.toString())).toEqual({ own: 1 });
  expect(JSON.parse((await shared.answer('W/"a"', async () => ({ again: true }))).json.toString())).toEqual({ again: true });
});

it('keeps the newest sixteen answers', async () => {
  const shared = new SharedAnswers();
  let runs = 0;
  const build = async () => ({ run: ++runs });
  for (let i = 0; i < 17; i += 1) await shared.answer(`W/"${i}"`, build);
  expect(runs).toBe(17);
  await shared.answer('W/"16"', build);
  await shared.answer('W/"1"', build);
  expect(runs).toBe(17);
  // The oldest went to make room.
  await shared.answer('W/"0"', build);
  expect(runs).toBe(18);
});

it('lets an answer go when its ETag can no longer be asked for', async () => {
  const shared = new SharedAnswers();
  let runs = 0;
  const build = async () => ({ run: ++runs });
  await shared.answer('W/"minute"', build, 30);
  await shared.answer('W/"minute"', build, 30);
  expect(runs).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 60));
  await shared.answer('W/"minute"', build, 30);
  expect(runs).toBe(2);
});

it('keeps no more than 32 MB: a second answer of 17 MB lets the first go', async () => {
  const shared = new SharedAnswers();
  let runs = 0;
  const build = (fill: string) => async () => {
    runs += 1;
    return { members: fill.repeat(17 * 1024 * 1024) };
  };
  const first = await shared.answer('W/"one"', build('a'));
  expect(first.json.length).toBeGreaterThan(17 * 1024 * 1024);
  await shared.answer('W/"two"', build('b'));
  await shared.answer('W/"two"', build('b'));
  expect(runs).toBe(2);
  await shared.answer('W/"one"', build('a'));
  expect(runs).toBe(3);
});
