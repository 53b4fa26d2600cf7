import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsPost } from '@nocturne/contracts';
import { isoTimestamp } from '#common/timestamps.js';
import { NewsFailure, POST_NOT_FOUND } from './news-failure.js';
import type { NewsPostRow, NewsPostsRepository } from './news-posts.repository.js';

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
export async function requirePublishedPost(news: NewsPostsRepository, tx: EntityManager, postId: string) {
  const post = await news.findPublishedPost(tx, postId);
  if (!post) throw new NewsFailure('not_found', POST_NOT_FOUND);
  return post;
}
