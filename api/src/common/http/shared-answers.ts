import { Injectable } from '@nestjs/common';
import { type PreparedJson, prepareJson } from '#infrastructure/web/compress-answers.js';

/** Answers kept at once: a venue group's whole nights (one per door account and venue) with room. */
const KEPT_ANSWERS = 16;

/**
 * Answers of a conditional GET that declares `share` (EndpointSpec.conditional), kept by their
 * ETag: the ETag already promises that the answer is the same while it holds (a client sending it
 * gets 304), so a request with the same ETag and no copy of its own gets the same bytes, serialized
 * and gzipped once. Requests that ask while it is being built wait for that one build. A failed
 * build is not kept: each request waiting on it builds its own. The newest KEPT_ANSWERS are kept;
 * an answer whose ETag has moved on is never asked for again and is the first to go.
 */
@Injectable()
export class SharedAnswers {
  private readonly held = new Map<string, Promise<PreparedJson>>();

  /** `build`: the handler's answer for this request, run only when no answer under `etag` is held or being built. */
  async answer(etag: string, build: () => Promise<unknown>): Promise<PreparedJson> {
    const kept = this.held.get(etag);
    if (kept) {
      try {
        return await kept;
      } catch {
        // The build this request waited for failed (its door hung up, the database refused it):
        // this request's own handler answers, with its own outcome.
        return prepareJson(await build());
      }
    }
    const building = build().then(prepareJson);
    this.held.set(etag, building);
    if (this.held.size > KEPT_ANSWERS) this.held.delete(this.held.keys().next().value!);
    building.catch(() => {
      if (this.held.get(etag) === building) this.held.delete(etag);
    });
    return building;
  }
}
