import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsContentType, NewsPost } from '@nocturne/contracts';
import { isoTimestamp } from '../../common/timestamps.js';
import { NewsFailure } from './news-failure.js';

export const POST_NOT_FOUND = 'No news post with this id';

export interface NewsPostRow {
  id: string;
  title: string;
  content: string;
  content_type: NewsContentType;
  featured_image_url: string | null;
  created_at: Date | string;
  view_count: number;
  like_count: number;
  comment_count: number;
}

/** Columns of `news_posts` (aliased `p`) that make a NewsPost. */
export const NEWS_POST_COLUMNS =
  'p.id, p.title, p.content, p.content_type, p.featured_image_url, p.created_at, p.view_count, p.like_count, p.comment_count';

export function newsPostFromRow(row: NewsPostRow, likedByMe: boolean): NewsPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    contentType: row.content_type,
    featuredImageUrl: row.featured_image_url,
    createdAt: isoTimestamp(row.created_at),
    viewCount: row.view_count,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe,
  };
}

/** The published post with this id, or a 404 members can act on. */
export async function requirePublishedPost(tx: EntityManager, postId: string): Promise<{ id: string; title: string }> {
  const rows = await tx.execute<{ id: string; title: string }[]>(
    'select id, title from news_posts where id = ? and published_at <= now()',
    [postId],
  );
  if (!rows[0]) throw new NewsFailure('not_found', POST_NOT_FOUND);
  return rows[0];
}
