import type { QueryBus } from '@nestjs/cqrs';
import type { EventNight, WalletSettings } from '@nocturne/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  absolute,
  escapeHtml,
  FALLBACK_IMAGE,
  jsonLdScript,
  loadPageTemplate,
  renderPage,
  sendPage,
  siteBar,
} from '#infrastructure/web/rendered-pages.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { eventJsonLd } from './event-json-ld.js';
import { EventsFailure } from './events-failure.js';
import { GetEventPageQuery } from './queries/get-event-page/get-event-page.query.js';
import { ListWhatsOnQuery } from './queries/list-whats-on/list-whats-on.query.js';

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
  return `${siteBar(siteName)}<main class="wo-main"><h1>What's on</h1>${content}</main>`;
}

/**
 * "Add to Apple Wallet" / "Save to Google Wallet" for a night not over yet, each only while its
 * wallet is configured: plain links to the wallet module's public endpoints (a .pkpass download,
 * a redirect to Google's save link), so the page still needs no JavaScript.
 */
function walletLinks(night: EventNight, wallets: WalletSettings, now: Date): string {
  if (Date.parse(night.endsAt) <= now.getTime()) return '';
  const at = (wallet: string) => escapeHtml(`/api/events/${night.slug}/wallet/${wallet}?night=${night.night}`);
  return (
    (wallets.apple ? `<a class="wo-button" href="${at('apple')}" rel="nofollow">Add to Apple Wallet</a>` : '') +
    (wallets.google ? `<a class="wo-button" href="${at('google')}" rel="nofollow">Save to Google Wallet</a>` : '')
  );
}

function eventBody(nights: EventNight[], venue: VenueRecord, wallets: WalletSettings): string {
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
    `${siteBar(venue.name)}<main class="wo-main"><article>` +
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
    walletLinks(night, wallets, new Date()) +
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
  options: {
    distDir: string;
    origin: string;
    siteName: string;
    queries: QueryBus;
    /** Which wallets are configured: an event's page links to those only. */
    wallets: () => Promise<WalletSettings>;
  },
): void {
  const template = loadPageTemplate(options.distDir);
  const send = (reply: FastifyReply, status: number, html: string) => sendPage(reply, status, html);

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
          body: eventBody(nights, venue, await options.wallets()),
        });
        return send(reply, 200, html);
      } catch (error) {
        if (!(error instanceof EventsFailure) || error.kind !== 'not_found') throw error;
        const html = renderPage(template, {
          title: `Not found — ${options.siteName}`,
          description: 'No such night.',
          canonical: absolute(options.origin, '/whats-on'),
          image: absolute(options.origin, FALLBACK_IMAGE),
          body: `${siteBar(options.siteName)}<main class="wo-main"><h1>No such night</h1><p>It may have been moved or taken down. <a href="/whats-on">See what's on</a>.</p></main>`,
        });
        return send(reply, 404, html);
      }
    },
  );
}
