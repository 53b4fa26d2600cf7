import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The pages the api renders at request time (What's on, each event, each venue of a group) from
 * the built app's page: its head, icons and theme, with the content in the HTML so search engines
 * and visitors without JavaScript read it. Made at run time because what they show (events,
 * venues) is made after the build prerendered the landing page.
 */

/** The built app's page when there is no build (tests, an api run on its own): the same head, minus the app. */
const BARE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <title>Nocturne</title>
    <meta name="description" content="" />
    <meta name="theme-color" content="#07040d" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The page every page without its own picture shows (the landing page's own social image). */
export const FALLBACK_IMAGE = '/site-media/hero-poster.webp';

/** The rendered pages' few rules: they need none of the app's stylesheet. */
const STYLE = `<style>
:root{color-scheme:dark}
body{margin:0;background:#07040d;color:#f5f1ea;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:#e8c66a}
.wo-bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:1rem 1.25rem;border-bottom:1px solid rgba(232,198,106,.2)}
.wo-brand{font-weight:700;letter-spacing:.2em;text-decoration:none}
.wo-bar nav{display:flex;gap:1rem}
.wo-main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}
.wo-main h1{font-size:2.25rem;line-height:1.2;margin:0 0 1.5rem;color:#e8c66a}
.wo-main h2{font-size:1.35rem;margin:0}
.wo-list{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.wo-card{border:1px solid rgba(255,255,255,.12);border-radius:.75rem;padding:1rem 1.25rem;background:rgba(255,255,255,.03)}
.wo-card a{text-decoration:none}
.wo-meta{margin:.25rem 0 0;color:rgba(245,241,234,.85)}
.wo-facts{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1.25rem;margin:1.5rem 0}
.wo-facts dt{color:rgba(245,241,234,.75)}
.wo-facts dd{margin:0;font-weight:600}
.wo-poster{display:block;width:100%;max-width:32rem;height:auto;aspect-ratio:4/5;object-fit:cover;border-radius:.75rem;margin:0 0 1.5rem}
.wo-actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0}
.wo-button{display:inline-block;padding:.7rem 1.2rem;border-radius:999px;border:1px solid #e8c66a;text-decoration:none;font-weight:600;min-height:24px}
.wo-button.wo-primary{background:#e8c66a;color:#07040d}
.wo-lineup{padding-left:1.25rem}
.wo-address{font-style:normal}
.wo-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
</style>`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Where a path of the site is, absolutely: schema.org, calendars and canonical links need full URLs. */
export const absolute = (origin: string, path: string) => new URL(path, origin).toString();

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text in it can close the element. */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The built app's page: `app.html` (the empty shell, with the app's scripts) or `index.html`, else
 * a bare page of the same head. Read once: a new build means a restart.
 */
export function loadPageTemplate(distDir: string): string {
  const root = path.resolve(distDir);
  const built = ['app.html', 'index.html'].map((file) => path.join(root, file)).find((file) => existsSync(file));
  return built ? readFileSync(built, 'utf8') : BARE_TEMPLATE;
}

interface RenderedPage {
  title: string;
  description: string;
  canonical: string;
  image: string;
  head?: string;
  body: string;
}

/**
 * The template with this page's head and content put in. By default the app's scripts and
 * stylesheet are taken out (the page is plain HTML and costs no JavaScript). With `app`, they stay
 * and the content goes before the app's (empty) root: the app adds what needs it (a form) below
 * it, and the content is there for search engines and before the app has loaded.
 */
export function renderPage(template: string, page: RenderedPage, options: { app?: boolean } = {}): string {
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(page.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.canonical)}" />`,
    STYLE,
    page.head ?? '',
  ].join('\n    ');
  const withoutApp = options.app
    ? template
    : template
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
        .replace(/<link\b[^>]*rel="(?:modulepreload|preload|manifest)"[^>]*>\s*/gi, '')
        .replace(/<link\b[^>]*rel="stylesheet"[^>]*>\s*/gi, '')
        .replace(/<noscript>[\s\S]*?<\/noscript>\s*/gi, '');
  const content = options.app ? `<div id="page">${page.body}</div><div id="root"></div>` : `<div id="root">${page.body}</div>`;
  return withoutApp
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/i, '')
    .replace(/<meta\s+property="og:(?:title|description|image|url)"[\s\S]*?\/>\s*/gi, '')
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(/<div id="root">(?:<\/div>|[\s\S]*?<\/div>(?=\s*<\/body>|\s*$))/i, () => content);
}

/** The site's bar at the top of a rendered page: the brand leads home. */
export const siteBar = (siteName: string) =>
  `<header class="wo-bar"><a class="wo-brand" href="/">${escapeHtml(siteName.toUpperCase())}</a>` +
  `<nav aria-label="Site"><a href="/whats-on">What's on</a><a href="/member-dashboard">Members</a></nav></header>`;

/** A rendered page's answer: cached a minute when found, never when not. */
export const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', status === 200 ? 'public, max-age=60' : 'no-cache')
    .send(html);
