import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
// The site's own videos and photos live in public/site-media; /media is the api's (uploads).
// The queue dashboard (Bull Board) is served by the api too: its pass cookie is set on this origin.
const proxy = { '/api': apiTarget, '/media': apiTarget, '/health': apiTarget, '/admin/queues': apiTarget };
const ROOT_ELEMENT = '<div id="root"></div>';
const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|json|webmanifest|wasm)$/;

/**
 * Finishes a client build in two steps around the service worker's: first the landing page is
 * prerendered into index.html (and app.html kept), so the worker precaches the pages as served;
 * then every text file is precompressed (.br and .gz beside it) for the api to send as they are.
 */
function finishBuild(): Plugin[] {
  let config: ResolvedConfig;
  const outDir = () => path.resolve(config.root, config.build.outDir);
  return [
    {
      name: 'nocturne:prerender',
      apply: 'build',
      configResolved(resolved) {
        config = resolved;
      },
      closeBundle: {
        order: 'pre',
        sequential: true,
        async handler() {
          if (config.build.ssr) return; // the nested server build of prerenderLanding
          await prerenderLanding(config, outDir());
        },
      },
    },
    {
      name: 'nocturne:precompress',
      apply: 'build',
      closeBundle: {
        order: 'post',
        sequential: true,
        handler() {
          if (config.build.ssr) return;
          precompress(outDir());
        },
      },
    },
  ];
}

/**
 * The installable app and its offline shell (vite-plugin-pwa, Workbox). The worker precaches the
 * pages and the code members need at the door; the admin's code, the scanner's decoder and the
 * site's videos stay out. API answers are never cached by it: the member's saved coupons are the
 * app's own (src/lib/offline-cache.ts), and admin pages are never answered from cache.
 * Registration happens after the page has loaded (src/app/register-sw.ts).
 */
const [prerender, precompressed] = finishBuild();

const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: null,
  integration: { closeBundleOrder: 'post' },
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Nocturne',
    short_name: 'Nocturne',
    description: 'Late-night venue and members club: your points, coupons and QR codes.',
    start_url: '/member-dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#07040d',
    theme_color: '#07040d',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // One tap: a long press on the app's icon opens the card or the coupons directly.
    shortcuts: [
      {
        name: 'My card',
        short_name: 'Card',
        url: '/member-dashboard?tab=card&big=1',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      {
        name: 'My coupons',
        short_name: 'Coupons',
        url: '/member-dashboard?tab=coupons',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
    globIgnores: [
      'site-media/**',
      'assets/admin-*',
      'assets/FeaturedImageUpload-*',
      // The overview's charts (recharts) and a small library they share with the uploader.
      'assets/NightCharts-*',
      'assets/eventemitter3-*',
      'assets/ScannerDialog-*',
      // Door mode and the camera it shares with the scanner: staff phones fetch them on /door.
      'assets/door-*',
      'assets/camera-*',
      'assets/reader-*',
      'assets/zxing_*',
    ],
    // Any page but `/` (precached as the prerendered index.html) opens from the empty shell.
    navigateFallback: '/app.html',
    navigateFallbackDenylist: [/^\/(api|media|health|metrics|admin)(\/|$)/, /^\/admin-/, /^\/whats-on(\/|$)/, /^\/venues(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/**
 * Renders the landing page with react-dom/server (src/app/prerender.tsx) into index.html, so `/`
 * paints before its JavaScript runs, and keeps the empty shell as app.html for every other page
 * (the api serves it for them; main.tsx hydrates only `/`).
 */
async function prerenderLanding(config: ResolvedConfig, outDir: string): Promise<void> {
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to prerender into`);
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-prerender-'));
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      // Everything bundled into one file, so it runs from a temporary folder.
      ssr: { noExternal: true },
      build: { ssr: 'src/app/prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
    });
    const { renderLanding } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as {
      renderLanding: () => string;
    };
    writeFileSync(path.join(outDir, 'app.html'), shell);
    const landing = shell.replace(ROOT_ELEMENT, `<div id="root">${renderLanding()}</div>`);
    writeFileSync(path.join(outDir, 'index.html'), await inlineCriticalCss(landing, outDir));
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

/**
 * The landing page's largest paint is its hero heading: inline the CSS the prerendered page uses
 * (beasties) and move the full stylesheet to the end of <body>, so the first paint waits for no
 * stylesheet request and needs no script (works with JavaScript off; the CSP allows no inline
 * handlers, hence the 'body' strategy). The display font the critical CSS uses is preloaded.
 */
async function inlineCriticalCss(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    preloadFonts: true,
    inlineFonts: false,
    logLevel: 'warn',
  });
  const result = await beasties.process(html);
  if (!/<style>/.test(result)) throw new Error('beasties inlined no CSS into the landing page');
  // beasties cannot tell the headings use the display face (Tailwind's font-display class names it
  // through a CSS variable): carry its @font-face into the inline CSS and preload its woff2, so the
  // heading paints in its own face without waiting for the stylesheet.
  const fontFaces = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].flatMap(
    ([, file]) => readFileSync(path.join(outDir, file), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [],
  );
  const preloads = [
    ...new Set(fontFaces.flatMap((rule) => [...rule.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]))),
  ]
    .map((href) => `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin>`)
    .join('');
  return result.replace('<style>', `${preloads}<style>${fontFaces.join('')}`);
}

/** Brotli and gzip copies (best compression) of the text files above 1 KB; .vite (the manifest) is not served. */
function precompress(outDir: string): void {
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || path.relative(outDir, file).startsWith('.vite')) continue;
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

export default defineConfig({
  // Order matters for the closing steps: prerender, then the service worker, then precompression.
  plugins: [react(), tailwindcss(), prerender, pwa, precompressed],
  resolve: {
    // The contracts' TypeScript source, not its dist: the web always sees the current schemas.
    alias: {
      '@nocturne/contracts/constants': fileURLToPath(new URL('../libs/contracts/src/constants.ts', import.meta.url)),
      '@nocturne/contracts/routes': fileURLToPath(new URL('../libs/contracts/src/routes.generated.ts', import.meta.url)),
      '@nocturne/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      // Pure rules (tiers, club nights) with no dependencies: the web computes what the api checks.
      '@nocturne/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    port: 4173,
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route modules are split with dynamic imports (see src/app/router.tsx); this only
    // keeps the budget visible when a chunk grows.
    chunkSizeWarningLimit: 400,
  },
});
