import { HttpStatus, Injectable } from '@nestjs/common';
import { EXPORT_ALREADY_RUNNING, EXPORTS_BUSY } from '@nocturne/domain';
import type { Readable } from 'node:stream';
import { RetryLaterException } from '#common/http/retry-later.js';
import { TakeTurns } from '#common/take-turns.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

/** What a refused download is told to wait: about what one heavy member's export takes to stream. */
const RETRY_AFTER_SECONDS = 5;
/**
 * Batch reads the downloads of this process run at once, whatever their number: the rest of the
 * pool (DATABASE_POOL_MAX, 10 by default) stays free for every other request, a new download's
 * first statements included, instead of queueing behind twenty downloads' next batches.
 */
const READS_AT_ONCE = 3;

/**
 * How many downloads run at once on this process, per account and in all. A download holds its
 * slot from before its first statement until its stream closes (sent whole, failed, or the client
 * gone), so a member pressing "download" twenty times, or twenty staff at once, cannot pile up
 * database work and connections without bound.
 */
@Injectable()
export class ExportSlots {
  private readonly running = new Map<string, number>();
  private total = 0;
  private readonly reads = new TakeTurns(READS_AT_ONCE);

  constructor(@InjectConfig() private readonly config: ApiConfig) {}

  /**
   * Runs `open` in a slot of `accountId`'s and answers its stream, which gives the slot back when
   * it closes; refuses with 429 and Retry-After past either limit, before any work starts.
   */
  async stream(accountId: string, open: () => Promise<Readable>): Promise<Readable> {
    const release = this.take(accountId);
    let stream: Readable;
    try {
      stream = await open();
    } catch (error) {
      release();
      throw error;
    }
    if (stream.destroyed) release();
    else stream.once('close', release);
    return stream;
  }

  /** Runs one batch read of a download when it is its turn (READS_AT_ONCE at a time, first come first served). */
  read<T>(work: () => Promise<T>): Promise<T> {
    return this.reads.run(work);
  }

  private take(accountId: string): () => void {
    const mine = this.running.get(accountId) ?? 0;
    if (mine >= this.config.EXPORTS_PER_MEMBER)
      throw new RetryLaterException(RETRY_AFTER_SECONDS, EXPORT_ALREADY_RUNNING, HttpStatus.TOO_MANY_REQUESTS);
    if (this.total >= this.config.EXPORTS_AT_ONCE)
      throw new RetryLaterException(RETRY_AFTER_SECONDS, EXPORTS_BUSY, HttpStatus.TOO_MANY_REQUESTS);
    this.running.set(accountId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    };
  }
}
