import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';
import { KeptFor } from '#common/kept-for.js';
import { prefixPattern } from '#common/like-pattern.js';

/** How long a process keeps the sample before reading it again (ANALYZE renews it rarely). */
const FRESH_FOR_MS = 10 * 60_000;

/** A word in at least this share of the comments narrows the trigram index's search too little to pay for. */
const COMMON_WORD_SHARE = 0.2;

/** Fewer histogram bounds than this are too few to judge a word by (a small or unanalysed table). */
const MIN_HISTOGRAM = 50;

/**
 * What PostgreSQL's ANALYZE keeps of news_comments.content (pg_stats): the most common texts with
 * their shares, and the histogram's bounds, a spread of the others. Texts are lower-cased.
 */
export interface CommentTextStats {
  nullShare: number;
  common: { text: string; share: number }[];
  histogram: string[];
}

/** The share of comments whose text contains `word` (lower-cased), as the sample tells it. */
function shareContaining(stats: CommentTextStats, word: string): number {
  let commonShare = 0;
  let inCommon = 0;
  for (const { text, share } of stats.common) {
    commonShare += share;
    if (text.includes(word)) inCommon += share;
  }
  const inHistogram = stats.histogram.filter((text) => text.includes(word)).length / stats.histogram.length;
  return inCommon + Math.max(0, 1 - stats.nullShare - commonShare) * inHistogram;
}

/**
 * The ILIKE pattern the comment text's trigram index is searched with for `search`, when it should
 * be narrower than the whole search's pattern; null when the whole pattern is the right one.
 *
 * The index must find every comment holding all of a pattern's trigrams. A word that most comments
 * hold ("floor" on a venue's wall) has posting lists as long as the table, and GIN walks them once
 * per comment the rare words let through: tens of milliseconds for a phrase found once. So words in
 * at least COMMON_WORD_SHARE of the comments are left to the recheck of the whole pattern, and the
 * index is searched with the others in their order ('%w1%w2%', which every match of the whole
 * pattern also matches). Dropping such a word lets through at most 1 / COMMON_WORD_SHARE times the
 * comments it would have (fewer when it is commoner). Nothing is dropped unless a word left gives
 * the index a trigram (three letters or digits in a row), which a pattern with none would scan whole.
 */
export function narrowerTextPattern(search: string, stats: CommentTextStats | null): string | null {
  if (stats === null || stats.histogram.length < MIN_HISTOGRAM) return null;
  const words = search.split(/\s+/).filter((word) => word !== '');
  const kept = words.filter((word) => shareContaining(stats, word.toLowerCase()) < COMMON_WORD_SHARE);
  if (kept.length === words.length || !kept.some((word) => /[\p{L}\p{N}]{3}/u.test(word))) return null;
  return `%${kept.map(prefixPattern).join('')}`;
}

/**
 * PostgreSQL's own sample of the comments' text, read at most once per FRESH_FOR_MS per process,
 * to judge which words of a moderation search are common (narrowerTextPattern). No sample (never
 * analysed, or a failed read) means the whole pattern.
 */
@Injectable()
export class CommentTextSample {
  private readonly sample = new KeptFor(FRESH_FOR_MS, () => this.read());

  constructor(private readonly em: EntityManager) {}

  /** The trigram index's pattern for a search, when narrower than the whole search's. */
  async indexPatternFor(search: string): Promise<string | null> {
    return narrowerTextPattern(search, await this.stats());
  }

  /** The sample; none (null) while it cannot be read, which the next search tries again. */
  private stats(): Promise<CommentTextStats | null> {
    return this.sample.get().catch(() => null);
  }

  private async read(): Promise<CommentTextStats | null> {
    const { rows } = await sql<{ null_frac: number; common: string[] | null; shares: number[] | null; bounds: string[] | null }>`
      select null_frac, most_common_vals::text::text[] as common, most_common_freqs as shares,
             histogram_bounds::text::text[] as bounds
        from pg_stats
       where schemaname = current_schema() and tablename = 'news_comments' and attname = 'content'`.execute(db(this.em));
    const row = rows[0];
    if (!row) return null;
    return {
      nullShare: row.null_frac,
      common: (row.common ?? []).map((text, i) => ({ text: text.toLowerCase(), share: row.shares?.[i] ?? 0 })),
      histogram: (row.bounds ?? []).map((text) => text.toLowerCase()),
    };
  }
}
