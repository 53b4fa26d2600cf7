import type { QueryBus } from '@nestjs/cqrs';
import type { EventNight } from '@nocturne/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { absolute, eventJsonLd, jsonLdScript } from './event-json-ld.js';
import { EventsFailure } from './events-failure.js';
import { GetEventPageQuery } from './queries/get-event-page/get-event-page.query.js';
import { ListWhatsOnQuery } from './queries/list-whats-on/list-whats-on.query.js';

/** The page every event without a poster shows (the landing page's own social image). */
const FALLBACK_IMAGE = '/site-media/hero-poster.webp';

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

/** What's on's own few rules: the pages load no JavaScript and none of the app's stylesheet is needed. */
const STYLE = `<style>
:root{color-scheme:dark}
body{margin:0;background:#07040d;color:#f5f1ea;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:#e8c66a}
.wo-bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:1rem 1.25rem;border-bottom:1px solid rgba(232,198,106,.2)}
.wo-brand{font-weight:700;letter-spacing:.2em;text-decoration:none}
.wo-bar nav{display:flex;gap:1rem}
.wo-main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:2.25rem;line-height:1.2;margin:0 0 1.5rem;color:#e8c66a}
h2{font-size:1.35rem;margin:0}
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
</style>`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The template with the app's scripts taken out, and this page's head and content put in. */
function renderPage(
  template: string,
  page: { title: string; description: string; canonical: string; image: string; head?: string; body: string },
): string {
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
  return (
    template
      // The app itself: What's on is plain HTML, so it costs no JavaScript on first load.
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
      .replace(/<link\b[^>]*rel="(?:modulepreload|preload|manifest)"[^>]*>\s*/gi, '')
      .replace(/<link\b[^>]*rel="stylesheet"[^>]*>\s*/gi, '')
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/gi, '')
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/i, '')
      .replace(/<meta\s+property="og:(?:title|description|image|url)"[\s\S]*?\/>\s*/gi, '')
      .replace('</head>', `    ${head}\n  </head>`)
      .replace(/<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>|\s*$)/i, `<div id="root">${page.body}</div>`)
      .replace(/<div id="root"><\/div>/i, `<div id="root">${page.body}</div>`)
  );
}

const bar = (venueName: string) =>
  `<header class="wo-bar"><a class="wo-brand" href="/">${escapeHtml(venueName.toUpperCase())}</a>` +
  `<nav aria-label="Site"><a href="/whats-on">What's on</a><a href="/member-dashboard">Members</a></nav></header>`;

const facts = (night: EventNight) => `Doors ${night.doorsOpen} · Last entry ${night.lastEntry} · ${night.priceText}`;

function listBody(nights: EventNight[], siteName: string): string {
  const items = nights
    .map(
      (night) =>
        `<li class="wo-card"><article><a href="${escapeHtml(night.url)}"><h2>${escapeHtml(night.title)}</h2></a>` +
        `<p class="wo-meta"><time datetime="${escapeHtml(night.startsAt)}">${escapeHtml(night.nightLabel)}</time> · ${escapeHtml(night.venueName)}</p>` +
        `<p class="wo-meta">${escapeHtml(facts(night))}</p>` +
        (night.lineUp.length > 0 ? `<p class="wo-meta">${night.lineUp.map(escapeHtml).join(' · ')}</p>` : '') +
        `</article></li>`,
    )
    .join('');
  const content =
    nights.length > 0
      ? `<ul class="wo-list">${items}</ul>`
      : '<p>Nothing on the calendar yet: the next nights are announced here and in the members club.</p>';
  return `${bar(siteName)}<main class="wo-main"><h1>What's on</h1>${content}</main>`;
}

function eventBody(nights: EventNight[], venue: VenueRecord): string {
  const night = nights[0]!;
  const others = nights.slice(1);
  const rows: [string, string][] = [
    ['Date', night.nightLabel],
    ['Doors', night.doorsOpen],
    ['Last entry', night.lastEntry],
    ['Entry', night.priceText],
    ['Age', night.agePolicy],
    ...(night.dressCode ? [['Dress code', night.dressCode] as [string, string]] : []),
    ['Venue', `${venue.name}, ${[venue.address.street, venue.address.locality].filter(Boolean).join(', ')}`],
    ...(night.guestList?.freeUntil ? [['Guest list', `Free entry until ${night.guestList.freeUntil}`] as [string, string]] : []),
  ];
  const calendar = `/api/events/${night.slug}/calendar?night=${night.night}`;
  return (
    `${bar(venue.name)}<main class="wo-main"><article>` +
    `<p class="wo-meta"><a href="/whats-on">What's on</a></p>` +
    `<h1>${escapeHtml(night.title)}</h1>` +
    (night.posterUrl
      ? `<img class="wo-poster" src="${escapeHtml(night.posterUrl)}" alt="Poster for ${escapeHtml(night.title)}" width="640" height="800" fetchpriority="high" />`
      : '') +
    (night.lineUp.length > 0
      ? `<h2>Line-up</h2><ul class="wo-lineup">${night.lineUp.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`
      : '') +
    `<dl class="wo-facts">${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>` +
    (night.description
      ? night.description
          .split(/\n{2,}/)
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join('')
      : '') +
    `<div class="wo-actions"><a class="wo-button" href="${escapeHtml(calendar)}" download>Add to calendar (.ics)</a>` +
    (night.guestList
      ? `<a class="wo-button wo-primary" href="/member-dashboard#guest-list">Join the guest list (members)</a>`
      : '') +
    `</div>` +
    (others.length > 0
      ? `<h2>Also on</h2><ul class="wo-list">${others
          .map((other) => `<li><a href="${escapeHtml(other.url)}">${escapeHtml(other.nightLabel)}</a></li>`)
          .join('')}</ul>`
      : '') +
    `</article></main>`
  );
}

/**
 * What's on and each event's page, rendered at request time from the built app's page (its head,
 * icons and theme) with the content in the HTML, the app's scripts left out: events are made at
 * run time, after the build prerendered the landing page, and these pages need no JavaScript.
 * Registered before the SPA's catch-all, so they win over it.
 */
export function registerWhatsOnPages(
  fastify: FastifyInstance,
  options: { distDir: string; origin: string; siteName: string; queries: QueryBus },
): void {
  const root = path.resolve(options.distDir);
  const built = ['app.html', 'index.html'].map((file) => path.join(root, file)).find((file) => existsSync(file));
  const template = built ? readFileSync(built, 'utf8') : BARE_TEMPLATE;
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', status === 200 ? 'public, max-age=60' : 'no-cache')
      .send(html);

  fastify.get('/whats-on', async (_request: FastifyRequest, reply: FastifyReply) => {
    const { nights } = await options.queries.execute(new ListWhatsOnQuery());
    const html = renderPage(template, {
      title: `What's on — ${options.siteName}`,
      description: `The coming nights at ${options.siteName}: line-ups, door times and entry prices.`,
      canonical: absolute(options.origin, '/whats-on'),
      image: absolute(options.origin, FALLBACK_IMAGE),
      body: listBody(nights, options.siteName),
    });
    return send(reply, 200, html);
  });

  fastify.get(
    '/whats-on/:key',
    async (request: FastifyRequest<{ Params: { key: string }; Querystring: { night?: string } }>, reply) => {
      const key = request.params.key;
      const night =
        typeof request.query.night === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(request.query.night)
          ? request.query.night
          : undefined;
      try {
        if (!/^[a-z0-9-]{1,80}$/.test(key)) throw new EventsFailure('not_found', 'No such event');
        const { nights, venue } = await options.queries.execute(new GetEventPageQuery(key, night));
        const shown = nights[0]!;
        const ld = eventJsonLd(shown, venue, options.origin, FALLBACK_IMAGE);
        const html = renderPage(template, {
          title: `${shown.title} — ${shown.nightLabel} — ${venue.name}`,
          description: `${shown.nightLabel} at ${venue.name}. ${facts(shown)}.${shown.lineUp.length > 0 ? ` With ${shown.lineUp.join(', ')}.` : ''}`,
          canonical: absolute(options.origin, shown.url),
          image: absolute(options.origin, shown.posterUrl ?? FALLBACK_IMAGE),
          head: jsonLdScript(ld),
          body: eventBody(nights, venue),
        });
        return send(reply, 200, html);
      } catch (error) {
        if (!(error instanceof EventsFailure) || error.kind !== 'not_found') throw error;
        const html = renderPage(template, {
          title: `Not found — ${options.siteName}`,
          description: 'No such night.',
          canonical: absolute(options.origin, '/whats-on'),
          image: absolute(options.origin, FALLBACK_IMAGE),
          body: `${bar(options.siteName)}<main class="wo-main"><h1>No such night</h1><p>It may have been moved or taken down. <a href="/whats-on">See what's on</a>.</p></main>`,
        });
        return send(reply, 404, html);
      }
    },
  );
}
