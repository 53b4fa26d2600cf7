import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CommentRewardsTonight,
  endpoints,
  IdParams,
  NewsLikeResponse,
  NewsListQuery,
  NewsListResponse,
  PostCommentRequest,
  PostCommentResponse,
  PostCommentsPage,
  PostCommentsQuery,
} from '@nocturne/contracts';
import { COMMENTING_TOO_FAST } from '@nocturne/domain';
import { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember, LIMITS, RateLimiter } from '../auth/auth.public.js';
import { PostCommentCommand } from './commands/post-comment/post-comment.command.js';
import { RecordPostViewCommand } from './commands/record-post-view/record-post-view.command.js';
import { SetPostLikeCommand } from './commands/set-post-like/set-post-like.command.js';
import { CommentRewardsTonightQuery } from './queries/comment-rewards-tonight/comment-rewards-tonight.query.js';
import { ListNewsFeedQuery } from './queries/list-news-feed/list-news-feed.query.js';
import { ListPostCommentsQuery } from './queries/list-post-comments/list-post-comments.query.js';

type IdParams = z.infer<typeof IdParams>;
@Controller()
export class NewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(endpoints.listNews)
  list(@CurrentMember() member: AuthenticatedMember, @ValidQuery() page: NewsListQuery): Promise<NewsListResponse> {
    return this.queries.execute(new ListNewsFeedQuery(member.id, page));
  }

  @Endpoint(endpoints.getCommentRewards)
  commentRewards(@CurrentMember() member: AuthenticatedMember): Promise<CommentRewardsTonight> {
    return this.queries.execute(new CommentRewardsTonightQuery(member.id));
  }

  @Endpoint(endpoints.likePost)
  like(@CurrentMember() member: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<NewsLikeResponse> {
    return this.commands.execute(new SetPostLikeCommand(member.id, id, true));
  }

  @Endpoint(endpoints.unlikePost)
  unlike(@CurrentMember() member: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<NewsLikeResponse> {
    return this.commands.execute(new SetPostLikeCommand(member.id, id, false));
  }

  @Endpoint(endpoints.listPostComments)
  async comments(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() { id }: IdParams,
    @ValidQuery() page: PostCommentsQuery,
  ): Promise<PostCommentsPage> {
    // Opening the post (its first page) is the view; "Show more" pages do not count again.
    if (!page.cursor) await this.commands.execute(new RecordPostViewCommand(member.id, id));
    return this.queries.execute(new ListPostCommentsQuery(id, page));
  }

  @Endpoint(endpoints.postComment)
  async comment(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() { id }: IdParams,
    @ValidBody() body: PostCommentRequest,
  ): Promise<PostCommentResponse> {
    await this.limiter.hit(LIMITS.commentsPerMember, member.id, COMMENTING_TOO_FAST);
    return this.commands.execute(new PostCommentCommand(member.id, id, body.content));
  }
}
