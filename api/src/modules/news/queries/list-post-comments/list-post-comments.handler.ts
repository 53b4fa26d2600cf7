import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PostCommentsPage } from '@nocturne/contracts';
import { isoTimestamp } from '#common/timestamps.js';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { requirePublishedPost } from '#modules/news/news-post.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { PostCommentsRepository } from '#modules/news/post-comments.repository.js';
import { ListPostCommentsQuery } from './list-post-comments.query.js';

/**
 * One page of a post's live comments, oldest first, keyed by (created_at, id) as the feed is; only
 * the author's first name leaves the server. A comment posted while a member pages sorts after
 * every earlier one, so a walk meets each comment once and the new ones on its last pages.
 */
@QueryHandler(ListPostCommentsQuery)
export class ListPostCommentsHandler implements IQueryHandler<ListPostCommentsQuery, PostCommentsPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly posts: NewsPostsRepository,
    private readonly comments: PostCommentsRepository,
  ) {}

  async execute({ postId, page }: ListPostCommentsQuery): Promise<PostCommentsPage> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = keysetPageStart(page.cursor) ?? null;
    await requirePublishedPost(this.posts, this.em, postId);
    // One row more than the page tells whether there is a next one.
    const rows = await this.comments.listLiveComments(this.em, postId, after, page.limit + 1);
    const { page: comments, nextCursor } = keysetPage(rows, page.limit);
    return {
      comments: comments.map((row) => ({
        id: row.id,
        content: row.content,
        createdAt: isoTimestamp(row.created_at),
        author: { firstName: row.first_name },
      })),
      nextCursor,
    };
  }
}
