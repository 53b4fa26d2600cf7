import type { QueryBus } from '@nestjs/cqrs';
import type { PublicVenueView } from '@nocturne/contracts';
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
import { ListVenuesQuery } from './queries/list-venues/list-venues.query.js';
import { addressLine, groupJsonLd, hoursOn, mapUrl, venueJsonLd, venuePath, WEEK_ORDER, weekdayName } from './venue-json-ld.js';

const KIND_WORDS = { NightClub: 'Night club', BarOrPub: 'Bar' } as const;

/** "Sydney time (Australia/Sydney)": the zone a venue's hours are in, by its city. */
const zoneWords = (timeZone: string) => `${timeZone.split('/').pop()!.replace(/_/g, ' ')} time (${timeZone})`;

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/**
 * The venue as HTML: name, address and map, each weekday's hours in its own time zone, how to
 * reach it. The app (kept on this page) adds the booking and contact forms below it, in #root.
 */
function venueBody(venue: PublicVenueView, siteName: string, group: boolean): string {
  const hours = WEEK_ORDER.map(
    (weekday) => `<dt>${weekdayName(weekday)}</dt><dd>${escapeHtml(hoursOn(venue, weekday))}</dd>`,
  ).join('');
  return (
    `${siteBar(siteName)}<main class="wo-main" id="venue"><article>` +
    (group ? `<p class="wo-meta"><a href="/">All our venues</a></p>` : '') +
    `<h1>${escapeHtml(venue.name)}</h1>` +
    `<p class="wo-meta">${KIND_WORDS[venue.kind]} · ${escapeHtml(venue.address.locality)}</p>` +
    `<h2>Address</h2><address class="wo-meta wo-address">${escapeHtml(addressLine(venue))}</address>` +
    `<div class="wo-actions"><a class="wo-button" href="${escapeHtml(mapUrl(venue))}" target="_blank" rel="noopener noreferrer">Map and directions<span class="wo-sr"> (opens in a new tab)</span></a>` +
    `<a class="wo-button wo-primary" href="#book">Book at ${escapeHtml(venue.name)}</a></div>` +
    `<h2>Opening hours</h2><p class="wo-meta">In ${escapeHtml(zoneWords(venue.timeZone))}.</p>` +
    `<dl class="wo-facts" aria-label="Opening hours">${hours}</dl>` +
    (venue.phone
      ? `<h2>Contact</h2><dl class="wo-facts"><dt>Phone</dt><dd><a href="${escapeHtml(telHref(venue.phone))}">${escapeHtml(venue.phone)}</a></dd></dl>`
      : '') +
    `<noscript><p>Booking and messages here need JavaScript${venue.phone ? `; or call us on ${escapeHtml(venue.phone)}` : ''}.</p></noscript>` +
    `</article></main>`
  );
}

/** Data for the app's own reading (the venue a page's forms book at, a group's venues), as JSON it never runs. */
const appData = (id: string, data: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * Each open venue's page, `/venues/:slug`, rendered at request time from the built app's page:
 * the venue in the HTML with its schema.org NightClub/BarOrPub JSON-LD, and the app's scripts
 * kept, which render the booking and contact forms for that venue below it. An unknown or
 * archived venue gets a 404 page. Registered before the SPA's catch-all, so it wins over it.
 */
export function registerVenuePages(
  fastify: FastifyInstance,
  options: { distDir: string; origin: string; siteName: string; queries: QueryBus },
): void {
  const template = loadPageTemplate(options.distDir);
  fastify.get('/venues/:slug', async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const { venues } = await options.queries.execute(new ListVenuesQuery());
    const venue = venues.find((candidate) => candidate.slug === request.params.slug);
    if (!venue) {
      const html = renderPage(template, {
        title: `Not found — ${options.siteName}`,
        description: 'No such venue.',
        canonical: absolute(options.origin, '/'),
        image: absolute(options.origin, FALLBACK_IMAGE),
        body: `${siteBar(options.siteName)}<main class="wo-main"><h1>No such venue</h1><p>It may have moved or closed. <a href="/">See our venues</a>.</p></main>`,
      });
      return sendPage(reply, 404, html);
    }
    const html = renderPage(
      template,
      {
        title: `${venue.name} — ${venue.address.locality || options.siteName}`,
        description: `${venue.name}, ${addressLine(venue)}: opening hours, directions and bookings.`,
        canonical: absolute(options.origin, venuePath(venue)),
        image: absolute(options.origin, FALLBACK_IMAGE),
        head: `${jsonLdScript(venueJsonLd(venue, options.origin))}\n    ${appData('venue-data', venue)}`,
        body: venueBody(venue, options.siteName, venues.length > 1),
      },
      { app: true },
    );
    return sendPage(reply, 200, html);
  });
}

/**
 * What the landing page's head gains in a group of several open venues: the group as schema.org
 * JSON-LD, and the venues as data the page reads to list them and offer them in its forms. Nothing for
 * a single venue (or when the venues cannot be read): its landing page stays byte for byte the build's.
 */
export async function venueGroupHead(queries: QueryBus, origin: string, siteName: string): Promise<string> {
  // The landing page never fails for the list: without it, it is the build's page.
  const venues = await queries.execute(new ListVenuesQuery()).then(
    (list) => list.venues,
    () => [],
  );
  if (venues.length <= 1) return '';
  return jsonLdScript(groupJsonLd(venues, origin, siteName)) + appData('venue-group', venues);
}
