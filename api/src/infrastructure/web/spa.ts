import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_PAGE_PATHS } from '@nocturne/contracts';
import { errorBody } from '#common/http/http-exception.filter.js';

const API_PATHS = /^\/(api|health|metrics|media|admin\/queues)(\/|$)/;
/**
 * The service worker and the web app manifest keep their names across deploys: browsers must ask
 * again every time, or a new deploy would never reach installed apps.
 */
const REVALIDATED = /^(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;
const PAGES = new Set<string>(APP_PAGE_PATHS.filter((page) => !page.includes(':')));
/** Pages with a `:name` segment (a member's view), as patterns of one non-empty segment each. */
const PAGE_PATTERNS = APP_PAGE_PATHS.filter((page) => page.includes(':')).map(
  (page) => new RegExp(`^${page.replace(/:\w+/g, '[^/]+')}$`),
);
const isPage = (url: string) => PAGES.has(url) || PAGE_PATTERNS.some((pattern) => pattern.test(url));

function notFound(reply: FastifyReply, url: string) {
  return reply.status(404).send(errorBody(404, `Route GET:${url} not found`));
}

/**
 * Serves the built SPA from the api's origin: files as they are (hashed assets cached for a year),
 * and an HTML page for any other path so client-side routes survive a reload. The build writes
 * index.html with the landing page prerendered (for `/`) and app.html, the same page with an empty
 * root, for every other route, so a reload of /member-dashboard never flashes the landing page.
 * A path that is none of the app's pages still gets the shell (the app shows its "Page Not Found"),
 * with status 404 so search engines and link checkers see it is missing.
 */
export async function registerSpa(
  fastify: FastifyInstance,
  distDir: string,
  options: { landingHead?: () => Promise<string> } = {},
): Promise<void> {
  const root = path.resolve(distDir);
  // A build does not change under a running api (a new build means a restart): list it once, so a
  // request costs no file-system lookups and nothing outside the list can be asked for.
  const files = new Set(
    existsSync(root)
      ? readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      : [],
  );
  const available = files.has('index.html');
  const shell = files.has('app.html') ? 'app.html' : 'index.html';
  const landing = available ? readFileSync(path.join(root, 'index.html'), 'utf8') : '';
  // The build writes .br and .gz beside each text file: sent as they are when the browser accepts them.
  if (available) await fastify.register(fastifyStatic, { root, serve: false, preCompressed: true });
  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (API_PATHS.test(url) || !available) return notFound(reply, url);
    const relative = decodeURIComponent(url).replace(/^\/+/, ''); // Fastify has refused malformed escapes (400)
    if (!relative.endsWith('.html') && files.has(relative)) {
      if (REVALIDATED.test(relative))
        return reply.header('Cache-Control', 'no-cache').sendFile(relative, { cacheControl: false });
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, { maxAge: immutable ? 31_536_000_000 : 3_600_000, immutable });
    }
    if (path.extname(relative) && !relative.endsWith('.html')) return notFound(reply, url);
    const page = relative === '' || relative === 'index.html' ? 'index.html' : shell;
    // The landing page with what the install adds to its head (a venue group's venues), if anything.
    const head = page === 'index.html' && options.landingHead ? await options.landingHead() : '';
    if (head)
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(landing.replace('</head>', `${head}</head>`));
    // The built pages themselves (the service worker precaches /app.html) are known too.
    const known = relative === '' || files.has(relative) || isPage(url.replace(/\/+$/, '') || '/');
    // Pages name the current hashed assets: browsers must ask again each time (a 304 when unchanged).
    if (known) return reply.header('Cache-Control', 'no-cache').sendFile(page, { cacheControl: false });
    // No validators on a 404: a 304 in its place would leave the browser nothing to show.
    return reply
      .status(404)
      .header('Cache-Control', 'no-cache')
      .sendFile(page, { cacheControl: false, etag: false, lastModified: false });
  });
}
