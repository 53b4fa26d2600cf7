import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminCommentList,
  AdminCommentsQuery,
  CreateNewsPostRequest,
  DeleteCommentResponse,
  DeleteNewsPostResponse,
  IdParams,
  NewsPost,
  UpdateNewsPostRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateNewsPostCommand } from './commands/create-news-post/create-news-post.command.js';
import { DeleteCommentCommand } from './commands/delete-comment/delete-comment.command.js';
import { DeleteNewsPostCommand } from './commands/delete-news-post/delete-news-post.command.js';
import { UpdateNewsPostCommand } from './commands/update-news-post/update-news-post.command.js';
import { ListAdminCommentsQuery } from './queries/list-admin-comments/list-admin-comments.query.js';

type IdParams = z.infer<typeof IdParams>;

@Controller('admin')
export class NewsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('news')
  @Endpoint({
    summary: 'Publish a news post',
    auth: 'admin',
    tags: ['news', 'admin'],
    body: CreateNewsPostRequest,
    response: NewsPost,
    status: 201,
    errors: { 400: 'Blank title or content, unknown content type or a bad image path' },
  })
  create(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateNewsPostRequest): Promise<NewsPost> {
    return this.commands.execute(new CreateNewsPostCommand(admin.id, body));
  }

  @Patch('news/:id')
  @Endpoint({
    summary: 'Edit a news post: only the fields sent change; featuredImageUrl null or empty removes the image',
    auth: 'admin',
    tags: ['news', 'admin'],
    params: IdParams,
    body: UpdateNewsPostRequest,
    response: NewsPost,
    errors: {
      400: 'Bad id, nothing to change, a blank title or content, an unknown content type, or an image that is not a finalized upload',
      404: 'No such post',
    },
  })
  update(@ValidParams() { id }: IdParams, @ValidBody() body: UpdateNewsPostRequest): Promise<NewsPost> {
    return this.commands.execute(new UpdateNewsPostCommand(id, body));
  }

  @Delete('news/:id')
  @Endpoint({
    summary: 'Delete a news post with its comments, likes and views; members keep the points its comments earned',
    auth: 'admin',
    tags: ['news', 'admin'],
    params: IdParams,
    response: DeleteNewsPostResponse,
    errors: { 400: 'The id is not a UUID', 404: 'No such post' },
  })
  delete(@ValidParams() { id }: IdParams): Promise<DeleteNewsPostResponse> {
    return this.commands.execute(new DeleteNewsPostCommand(id));
  }

  @Get('comments')
  @Endpoint({
    summary:
      'Comments on every post for moderation, newest first: filter by post, member and status (visible, removed, all), search text, name and e-mail',
    auth: 'admin',
    tags: ['news', 'admin'],
    query: AdminCommentsQuery,
    response: AdminCommentList,
    // Names, e-mails and balances are the members' (`members`); what a comment earned and what its
    // removal took back are ledger rows.
    conditional: { scopes: ['news_comments', 'news_posts', 'members', 'point_transactions'] },
    errors: { 400: 'Bad limit, cursor, post or member id, status, or an over-long search' },
  })
  comments(@ValidQuery() query: AdminCommentsQuery): Promise<AdminCommentList> {
    return this.queries.execute(new ListAdminCommentsQuery(query));
  }

  @Delete('comments/:id')
  @Endpoint({
    summary:
      'Remove a comment and reverse the points it earned ("Comment removed by staff"): total earned drops by the reward, the balance by what is left of it',
    auth: 'admin',
    tags: ['news', 'admin'],
    params: IdParams,
    response: DeleteCommentResponse,
    errors: { 400: 'The id is not a UUID', 404: 'No such comment' },
  })
  deleteComment(@CurrentMember() admin: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<DeleteCommentResponse> {
    return this.commands.execute(new DeleteCommentCommand(admin.id, id));
  }
}
