import type { ResourceVersions } from './resource-versions.js';

/**
 * One figure that is costly to read (a sum or a count over every member), kept in memory while
 * the version scopes it reads stay where they were, and, when part of it has no version (a rolling
 * 7-day window, the outbox), for at most `everySeconds`: the same promise the polled endpoint's
 * ETag makes. Requests that ask while it is being read share that one read. While the versions
 * cannot be vouched for (the listener is down) every call reads afresh.
 */
export class VersionedMemo<T> {
  private held?: { key: string; value: Promise<T> };

  constructor(
    private readonly versions: ResourceVersions,
    private readonly scopes: readonly string[],
    private readonly everySeconds?: number,
  ) {}

  /**
   * The held value, or a fresh read. `of` names what is read when it varies (a range of nights):
   * a read of something else replaces the held value rather than being answered with it.
   */
  get(read: () => Promise<T>, of = ''): Promise<T> {
    if (!this.versions.ready) return read();
    const clock = this.everySeconds ? Math.floor(Date.now() / (this.everySeconds * 1000)) : 0;
    const key = `${of}|${clock}|${this.scopes.map((scope) => this.versions.version(scope)).join('|')}`;
    if (this.held?.key === key) return this.held.value;
    const value = read();
    this.held = { key, value };
    // A failed read is not kept: the next call tries again.
    value.catch(() => {
      if (this.held?.value === value) this.held = undefined;
    });
    return value;
  }
}
