#!/usr/bin/env node
// npm run bench:web: builds the SPA, reports the JS/CSS each route downloads (raw and gzip) and
// every chunk, then, when the lighthouse package and a Chromium are present, Lighthouse's mobile
// scores for `/` served by the api (built stack, throwaway database). Writes
// var/bench/web-report.json and prints a markdown table.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { admin, commitLabel, dropRedisPrefix, must, SERVICE_ENV, SERVICE_NODE_FLAGS, throwawayStack } from './stack-helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'web/dist');
const node = process.execPath;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// BENCH_WEB_LHR=1 also writes each run's full Lighthouse JSON to var/bench/lighthouse-<run>.json.
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

/** Words only the wallet pass code and the install prompt carry (no pass code, and no install prompt, on the landing page). */
const WALLET_MARKERS = ['Add to Apple Wallet', 'Save to Google Wallet', 'beforeinstallprompt'];

function sizeOf(file) {
  const bytes = readFileSync(path.join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The chunk files a manifest entry loads before it runs: itself, its static imports (transitively), their CSS. */
function closure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const css of entry.css ?? []) seen.add(css);
  for (const imported of entry.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function totals(files) {
  const sum = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  for (const file of files) {
    const kind = file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : null;
    if (!kind) continue;
    const size = sizeOf(file);
    sum[kind].raw += size.raw;
    sum[kind].gzip += size.gzip;
  }
  return { jsKb: kb(sum.js.raw), jsGzipKb: kb(sum.js.gzip), cssKb: kb(sum.css.raw), cssGzipKb: kb(sum.css.gzip) };
}

/** Route path -> the lazily imported module that renders it, read from src/app/router.tsx. */
function routeModules() {
  const source = readFileSync(path.join(root, 'web/src/app/router.tsx'), 'utf8');
  const lazy = Object.fromEntries(
    [...source.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\/(routes\/[\w-]+)'\)\)/g)].map((m) => [m[1], m[2]]),
  );
  return [...source.matchAll(/<Route path="([^"]+)" element=\{<(\w+) \/>\}/g)].map(([, route, component]) => ({
    route,
    module: lazy[component] ? `src/app/${lazy[component]}.tsx` : null,
  }));
}

/** Lighthouse (mobile, the default form factor) against `/` served by the built api. */
async function lighthouseScores() {
  const require = createRequire(import.meta.url);
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import(require.resolve('lighthouse', { paths: [root] }))).default;
    chromeLauncher = await import(require.resolve('chrome-launcher', { paths: [root] }));
  } catch {
    return { skipped: 'the lighthouse package is not installed' };
  }
  if (!existsSync(chromium)) return { skipped: `no Chromium at ${chromium}` };
  const { serverUrl, database, env } = await throwawayStack('benchweb', {
    NODE_ENV: 'production',
    QR_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: dist,
  });
  let apiProcess;
  let chrome;
  try {
    must('build', ['node_modules/typescript/bin/tsc', '-b']);
    await admin(serverUrl, `CREATE DATABASE "${database}"`);
    must('migrate', ['libs/db/dist/scripts/migrate.js'], env);
    apiProcess = spawn(node, [...SERVICE_NODE_FLAGS, 'api/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env, ...SERVICE_ENV },
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${env.APP_URL}/health/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the api did not become ready within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    chrome = await chromeLauncher.launch({
      chromePath: chromium,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    // Lighthouse's simulated mobile CPU scales with this machine's load: take the median of a few runs.
    const runs = [];
    // Every script `/` fetched by network idle (Lighthouse waits for it), by path, over the runs.
    const landingScripts = new Set();
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
      const result = await lighthouse(`${env.APP_URL}/`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const { categories, audits } = result.lhr;
      if (process.env.BENCH_WEB_LHR === '1') {
        // The full Lighthouse report of each run, to see what the LCP element is and what delays it.
        mkdirSync(path.join(root, 'var/bench'), { recursive: true });
        writeFileSync(path.join(root, `var/bench/lighthouse-${i + 1}.json`), result.report);
      }
      for (const request of audits['network-requests']?.details?.items ?? []) {
        if (request.resourceType === 'Script' && request.url.startsWith(env.APP_URL))
          landingScripts.add(new URL(request.url).pathname);
      }
      const score = (name) => (categories[name] ? Math.round(categories[name].score * 100) : null);
      runs.push({
        formFactor: result.lhr.configSettings.formFactor,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      });
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    return {
      ...sorted[Math.floor(sorted.length / 2)],
      runs: runs.length,
      performanceScores: runs.map((run) => run.performance),
      landingScripts: [...landingScripts],
    };
  } finally {
    if (chrome) await chrome.kill();
    if (apiProcess) {
      apiProcess.kill('SIGTERM');
      if (apiProcess.exitCode === null) await new Promise((resolve) => apiProcess.on('exit', resolve));
    }
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
  }
}

let status = 1;
try {
  must('build web', ['node_modules/vite/bin/vite.js', 'build', 'web', '--manifest', '--logLevel', 'warn']);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  // The manifest is only for this report; the api must not serve it with the site.
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // What `/` downloads before it renders: the scripts and styles index.html references, and the
  // static imports of those scripts (modulepreload), and the application the entry imports once
  // the page has painted (src/app/boot.ts) with its static imports; lazy route chunks come later.
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryFiles = closure(manifest, entryKey);
  for (const app of manifest[entryKey].dynamicImports ?? []) closure(manifest, app, entryFiles);
  for (const m of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) entryFiles.add(m[1]);
  const routes = routeModules().map(({ route, module }) => {
    const own = module && manifest[module] ? [...closure(manifest, module)].filter((file) => !entryFiles.has(file)) : [];
    return {
      route,
      module: module ?? 'entry (not lazy)',
      routeChunks: own,
      routeOnly: totals(own),
      total: totals([...entryFiles, ...own]),
    };
  });
  const assetsDir = path.join(dist, 'assets');
  const chunks = readdirSync(assetsDir)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const size = sizeOf(`assets/${file}`);
      return { file: `assets/${file}`, kb: kb(size.raw), gzipKb: kb(size.gzip), inEntry: entryFiles.has(`assets/${file}`) };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, totalMemGb: Number((os.totalmem() / 2 ** 30).toFixed(1)), node: process.version },
    commit: commitLabel(),
    entry: { files: [...entryFiles], ...totals(entryFiles) },
    routes,
    chunks,
    lighthouse: await lighthouseScores().catch((error) => ({ skipped: `lighthouse failed: ${error.message}` })),
  };
  report.landing = landingJavaScript(report);
  report.budgets = budgets(report);
  mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  writeFileSync(path.join(root, 'var/bench/web-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const table = markdown(report);
  writeFileSync(path.join(root, 'var/bench/web-report.md'), table);
  console.log(table);
  status = 0;
} catch (error) {
  console.error(error.stack ?? error.message);
}
process.exit(status);

/**
 * The JavaScript `/` loads in all, gzip: every script Chromium fetched by network idle under
 * Lighthouse (the app started after the first paint, the chunks it then imports), or, without
 * Lighthouse, what the manifest says the page loads before it runs (the entry, the app it imports).
 */
function landingJavaScript(r) {
  const fetched = r.lighthouse.landingScripts;
  const files = fetched
    ? fetched.map((pathname) => pathname.replace(/^\//, '')).filter((file) => existsSync(path.join(dist, file)))
    : r.entry.files.filter((file) => file.endsWith('.js'));
  const { jsGzipKb, jsKb } = totals(files);
  return { measuredBy: fetched ? 'Chromium, every script by network idle' : 'the build manifest', files, jsGzipKb, jsKb };
}

/** The web budgets of ARCHITECTURE.md "Budgets". */
function budgets(r) {
  const onDemand = r.entry.files.filter((file) => /admin|scanner|upload|qr|door/i.test(file));
  const walletIn = r.entry.files.filter(
    (file) =>
      file.endsWith('.js') && WALLET_MARKERS.some((marker) => readFileSync(path.join(dist, file), 'utf8').includes(marker)),
  );
  const lh = r.lighthouse;
  const list = [
    {
      budget: 'landing page JavaScript in all <= 100 KB gzip',
      measured: `${r.landing.jsGzipKb} KB (${r.landing.files.length} scripts; ${r.landing.measuredBy})`,
      met: r.landing.jsGzipKb <= 100,
    },
    {
      budget: 'admin, scanner, door mode and upload code load only when used',
      measured: onDemand.length ? `in the entry: ${onDemand.join(', ')}` : 'none in the entry',
      met: onDemand.length === 0,
    },
    {
      budget: 'no wallet pass code in the landing page',
      measured: walletIn.length ? `in the entry: ${walletIn.join(', ')}` : 'none in the entry',
      met: walletIn.length === 0,
    },
  ];
  if (!lh.skipped) {
    list.push({ budget: 'Lighthouse mobile performance >= 90', measured: String(lh.performance), met: lh.performance >= 90 });
    for (const key of ['accessibility', 'bestPractices', 'seo']) {
      list.push({ budget: `Lighthouse mobile ${key} >= 95`, measured: String(lh[key]), met: lh[key] >= 95 });
    }
  }
  return list;
}

function markdown(r) {
  const lh = r.lighthouse;
  return [
    `Web bundle of ${r.date.slice(0, 16).replace('T', ' ')} UTC, commit ${r.commit}, ${r.machine.cpus} cores, ${r.machine.totalMemGb} GB RAM, Node ${r.machine.node}.`,
    '',
    '| Route | JS gzip KB (raw) | CSS gzip KB (raw) | of which route chunks, JS gzip KB |',
    '| --- | ---: | ---: | ---: |',
    ...r.routes.map(
      (x) =>
        `| ${x.route} | ${x.total.jsGzipKb} (${x.total.jsKb}) | ${x.total.cssGzipKb} (${x.total.cssKb}) | ${x.routeOnly.jsGzipKb} |`,
    ),
    '',
    '| Chunk | gzip KB | raw KB | loaded by `/` |',
    '| --- | ---: | ---: | :---: |',
    ...r.chunks.map((c) => `| ${c.file} | ${c.gzipKb} | ${c.kb} | ${c.inEntry ? 'yes' : ''} |`),
    '',
    `Landing page \`/\`: ${r.landing.jsGzipKb} KB of JavaScript gzip (${r.landing.jsKb} KB raw) in ${r.landing.files.length} scripts, measured by ${r.landing.measuredBy}; goal 100 KB.`,
    '',
    lh.skipped
      ? `Lighthouse: not run (${lh.skipped}).`
      : `Lighthouse (${lh.formFactor}, median of ${lh.runs} runs by performance; scores ${lh.performanceScores.join(', ')}) for \`/\`: performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo}; FCP ${lh.firstContentfulPaintMs} ms, LCP ${lh.largestContentfulPaintMs} ms, TBT ${lh.totalBlockingTimeMs} ms, CLS ${lh.cumulativeLayoutShift}.`,
    '',
    '| Budget (ARCHITECTURE.md) | Measured | Met |',
    '| --- | --- | :---: |',
    ...r.budgets.map((b) => `| ${b.budget} | ${b.measured} | ${b.met ? 'yes' : '**no**'} |`),
    '',
  ].join('\n');
}
