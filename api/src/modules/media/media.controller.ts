import { Controller, Headers, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { endpoints } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { byteRange } from './byte-range.js';
import { MEDIA_REDIRECT_TTL_SECONDS } from './queries/get-media/get-media.handler.js';
import { GetMediaQuery } from './queries/get-media/get-media.query.js';
import { MediaFailure } from './media-failure.js';

/** Keys are random and never reused, so a served object can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

@Controller()
export class MediaController {
  constructor(private readonly queries: QueryBus) {}

  // Keys are always `news/<uuid>.<ext>` (MEDIA_KEY_PATTERN), so the route names that folder: a
  // wildcard route would also make Nest's middleware set-up warn about legacy path syntax.
  @Endpoint(endpoints.getMedia)
  async serve(
    @Param('file') file: string,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const media = await this.queries.execute(new GetMediaQuery(`news/${file}`));
    if (!media) throw new MediaFailure('not_found', 'No such media');
    if (media.kind === 'redirect') {
      // Cached for less than the URL lives, so a cached redirect never points at an expired URL.
      await reply.header('Cache-Control', `public, max-age=${MEDIA_REDIRECT_TTL_SECONDS / 2}`).redirect(media.url, 302);
      return;
    }
    void reply.header('Content-Type', media.contentType).header('Cache-Control', IMMUTABLE).header('Accept-Ranges', 'bytes');
    // Safari plays video only from servers that answer byte ranges.
    const wanted = byteRange(range, media.size);
    if (wanted === 'unsatisfiable') {
      await reply.status(416).header('Content-Range', `bytes */${media.size}`).send();
      return;
    }
    if (wanted) {
      void reply.status(206).header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${media.size}`);
      await reply.header('Content-Length', wanted.end - wanted.start + 1).send(media.open(wanted));
      return;
    }
    await reply.header('Content-Length', media.size).send(media.open());
  }
}
