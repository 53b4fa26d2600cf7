import { Injectable } from '@nestjs/common';
import { type PreparedJson, prepareJson } from '#infrastructure/web/compress-answers.js';

/** Answers kept at once: a venue group's whole nights (one per door account and venue) with room. */
const KEPT_ANSWERS = 16;
/** Bytes kept at once, JSON and gzip together: a whole night of 10,000 cards is about 4.3 MB of both. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** How long an answer is kept when its ETag has no clock of its own. */
const KEPT_MS = 60_000;

interface Held {
  answer: Promise<PreparedJson>;
  bytes: number;
  timer: NodeJS.Timeout;
}

/**
 * Answers of a conditional GET that declares `share` (EndpointSpec.conditional), kept by their
 * ETag: the ETag already promises that the answer is the same while it holds (a client sending it
 * gets 304), so a request with the same ETag and no copy of its own gets the same bytes, serialized
 * and gzipped once. Requests that ask while it is being built wait for that one build. A failed
 * build is not kept: each request waiting on it builds its own. An answer is kept until its ETag's
 * clock moves on (nobody can ask under it again) and at most the newest KEPT_ANSWERS and
 * KEPT_BYTES, so an idle api holds none of them.
 */
@Injectable()
export class SharedAnswers {
  private readonly held = new Map<string, Held>();
  private bytes = 0;

  /**
   * `build`: the handler's answer for this request, run only when no answer under `etag` is held or
   * being built; `keepMs`: how long the ETag can still be asked for (to the end of its clock).
   */
  async answer(etag: string, build: () => Promise<unknown>, keepMs = KEPT_MS): Promise<PreparedJson> {
    const kept = this.held.get(etag);
    if (kept) {
      try {
        return await kept.answer;
      } catch {
        // The build this request waited for failed (its door hung up, the database refused it):
        // this request's own handler answers, with its own outcome.
        return prepareJson(await build());
      }
    }
    const building = build().then(prepareJson);
    const entry: Held = { answer: building, bytes: 0, timer: setTimeout(() => this.drop(etag, entry), keepMs).unref() };
    this.held.set(etag, entry);
    building.then(
      (prepared) => {
        if (this.held.get(etag) !== entry) return;
        entry.bytes = prepared.json.length + (prepared.gzip?.length ?? 0);
        this.bytes += entry.bytes;
        this.trim(entry);
      },
      () => this.drop(etag, entry),
    );
    this.trim(entry);
    return building;
  }

  /** The oldest answers go (never `newest`) until the rest fit KEPT_ANSWERS and KEPT_BYTES. */
  private trim(newest: Held): void {
    for (const [etag, entry] of this.held) {
      if (this.held.size <= KEPT_ANSWERS && this.bytes <= KEPT_BYTES) return;
      if (entry !== newest) this.drop(etag, entry);
    }
  }

  private drop(etag: string, entry: Held): void {
    if (this.held.get(etag) !== entry) return;
    clearTimeout(entry.timer);
    this.held.delete(etag);
    this.bytes -= entry.bytes;
  }
}
