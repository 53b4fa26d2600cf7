import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  IdParams,
  NewsComment,
  NewsLikeResponse,
  NewsListQuery,
  NewsListResponse,
  PostCommentRequest,
  PostCommentResponse,
} from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { PostCommentCommand } from './commands/post-comment/post-comment.command.js';
import { RecordPostViewCommand } from './commands/record-post-view/record-post-view.command.js';
import { SetPostLikeCommand } from './commands/set-post-like/set-post-like.command.js';
import { ListNewsFeedQuery } from './queries/list-news-feed/list-news-feed.query.js';
import { ListPostCommentsQuery } from './queries/list-post-comments/list-post-comments.query.js';

type IdParams = z.infer<typeof IdParams>;
const postErrors = { 400: 'The id is not a UUID', 404: 'No such post' };

@Controller('news')
export class NewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Published news posts, newest first, with whether the member likes each',
    auth: 'member',
    conditional: { scopes: ['news_posts'] },
    tags: ['news'],
    query: NewsListQuery,
    response: NewsListResponse,
    errors: { 400: 'Bad limit or cursor' },
  })
  list(@CurrentMember() member: AuthenticatedMember, @ValidQuery() page: NewsListQuery): Promise<NewsListResponse> {
    return this.queries.execute(new ListNewsFeedQuery(member.id, page));
  }

  @Put(':id/like')
  @Endpoint({
    summary: 'Like a post (idempotent)',
    auth: 'member',
    tags: ['news'],
    params: IdParams,
    response: NewsLikeResponse,
    errors: postErrors,
  })
  like(@CurrentMember() member: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<NewsLikeResponse> {
    return this.commands.execute(new SetPostLikeCommand(member.id, id, true));
  }

  @Delete(':id/like')
  @Endpoint({
    summary: 'Unlike a post (idempotent)',
    auth: 'member',
    tags: ['news'],
    params: IdParams,
    response: NewsLikeResponse,
    errors: postErrors,
  })
  unlike(@CurrentMember() member: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<NewsLikeResponse> {
    return this.commands.execute(new SetPostLikeCommand(member.id, id, false));
  }

  @Get(':id/comments')
  @Endpoint({
    summary: "A post's comments, oldest first; opening them counts one view per member",
    auth: 'member',
    // Answers differ per member only in that the first one records their view: a 304 can only
    // follow this member's own earlier answer, so the view is already counted.
    conditional: { scopes: ['news_posts', 'news_comments', 'member_names'] },
    tags: ['news'],
    params: IdParams,
    response: z.array(NewsComment),
    errors: postErrors,
  })
  async comments(@CurrentMember() member: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<NewsComment[]> {
    await this.commands.execute(new RecordPostViewCommand(member.id, id));
    return this.queries.execute(new ListPostCommentsQuery(id));
  }

  @Post(':id/comments')
  @Endpoint({
    summary: 'Comment on a post; earns POINTS_PER_COMMENT up to the nightly limit (pointsAwarded says which)',
    auth: 'member',
    tags: ['news'],
    params: IdParams,
    body: PostCommentRequest,
    response: PostCommentResponse,
    status: 201,
    errors: { 400: 'Bad id, or empty or over-long content', 404: 'No such post' },
  })
  comment(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() { id }: IdParams,
    @ValidBody() body: PostCommentRequest,
  ): Promise<PostCommentResponse> {
    return this.commands.execute(new PostCommentCommand(member.id, id, body.content));
  }
}
