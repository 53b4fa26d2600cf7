/**
 * At most this many scopes are held in memory (about 150 bytes each). Owner scopes (`member:<id>`,
 * `session:<id>`) past it give way oldest first, and their versions raise the floor every owner
 * scope is read at least at: a scope not held reads as that floor, which changes whenever one
 * gives way (a full answer instead of a 304, never a stale one: a change always takes a version
 * higher than any floor).
 */
export const MAX_HELD_SCOPES = 50_000;

/** A scope's version as the version tables hold it, for a full load. */
export interface LoadedVersion {
  scope: string;
  version: string;
}

/**
 * One replica's table of scope versions in memory: what ResourceVersions keeps current from the
 * database's notifications. With a read replica it also keeps, per held scope, the primary's WAL
 * position at or after the scope's latest change, and (`floorLsn`) after the last full load, the
 * last bulk change of every member and the last scope that gave way.
 */
export class HeldVersions {
  /** Scope to version, oldest change first (a change moves its scope to the end). */
  private readonly versions = new Map<string, number>();
  /** Per owner prefix (`member:`), the version of the last bulk change to all of them (a `member:*` scope). */
  private readonly floors = new Map<string, number>();
  /** The highest version of an owner scope that gave way (or was not loaded). */
  private evictedFloor = 0;
  private readonly lsns = new Map<string, bigint>();
  private floorLsn = 0n;

  constructor(private readonly tracksLsn: boolean) {}

  /** How many scopes are held (at most MAX_HELD_SCOPES). */
  get size(): number {
    return this.versions.size;
  }

  version(scope: string): string {
    const own = this.versions.get(scope) ?? 0;
    const colon = scope.indexOf(':');
    if (colon < 0) return String(own);
    return String(Math.max(own, this.floors.get(scope.slice(0, colon + 1)) ?? 0, this.evictedFloor));
  }

  /** The primary's WAL position a replica must have replayed to hold these scopes' versions. */
  requiredLsn(scopes: readonly string[]): bigint {
    let lsn = this.floorLsn;
    for (const scope of scopes) {
      const at = this.lsns.get(scope);
      if (at !== undefined && at > lsn) lsn = at;
    }
    return lsn;
  }

  /**
   * Replaces the table with a full load: table scopes and bulk floors first, then owner scopes
   * newest first, at most MAX_HELD_SCOPES + 1 rows (the first one left out sets the floor the rest
   * read at), taken at the primary's WAL position `floorLsn`.
   */
  load(rows: readonly LoadedVersion[], floorLsn: bigint): void {
    this.versions.clear();
    this.floors.clear();
    this.lsns.clear();
    this.evictedFloor = 0;
    this.floorLsn = floorLsn;
    const kept = rows.length > MAX_HELD_SCOPES ? rows.slice(0, MAX_HELD_SCOPES) : rows;
    if (rows.length > MAX_HELD_SCOPES) this.evictedFloor = Number(rows[MAX_HELD_SCOPES]!.version);
    // Oldest first, so the newest are the last to give way.
    for (let i = kept.length - 1; i >= 0; i -= 1) this.set(kept[i]!.scope, Number(kept[i]!.version), 0n);
  }

  set(scope: string, version: number, lsn: bigint): void {
    if (scope.endsWith(':*')) {
      // A bulk change of every owner under the prefix: one floor instead of a scope each.
      const prefix = scope.slice(0, -1);
      this.floors.set(prefix, Math.max(this.floors.get(prefix) ?? 0, version));
      for (const held of this.versions.keys()) {
        if (!held.startsWith(prefix)) continue;
        this.versions.delete(held);
        this.lsns.delete(held);
      }
      if (lsn > this.floorLsn) this.floorLsn = lsn;
      return;
    }
    const previous = this.versions.get(scope) ?? 0;
    this.versions.delete(scope);
    this.versions.set(scope, Math.max(version, previous));
    if (this.tracksLsn && lsn > (this.lsns.get(scope) ?? 0n)) this.lsns.set(scope, lsn);
    if (this.versions.size > MAX_HELD_SCOPES) this.evictOldest(Math.ceil(MAX_HELD_SCOPES / 10));
  }

  /** The `count` oldest owner scopes give way; the floors rise to their highest version and WAL position. */
  private evictOldest(count: number): void {
    let left = count;
    for (const [scope, version] of this.versions) {
      if (left === 0) break;
      if (!scope.includes(':')) continue;
      this.versions.delete(scope);
      this.evictedFloor = Math.max(this.evictedFloor, version);
      const lsn = this.lsns.get(scope);
      if (lsn !== undefined && lsn > this.floorLsn) this.floorLsn = lsn;
      this.lsns.delete(scope);
      left -= 1;
    }
  }
}

/** A PostgreSQL `pg_lsn` (`16/B374D848`) as a number that compares like the WAL position. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
