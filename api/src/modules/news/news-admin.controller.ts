import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminCommentList,
  AdminCommentsQuery,
  CreateNewsPostRequest,
  DeleteCommentResponse,
  DeleteNewsPostResponse,
  endpoints,
  IdParams,
  NewsPost,
  UpdateNewsPostRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateNewsPostCommand } from './commands/create-news-post/create-news-post.command.js';
import { DeleteCommentCommand } from './commands/delete-comment/delete-comment.command.js';
import { DeleteNewsPostCommand } from './commands/delete-news-post/delete-news-post.command.js';
import { UpdateNewsPostCommand } from './commands/update-news-post/update-news-post.command.js';
import { ListAdminCommentsQuery } from './queries/list-admin-comments/list-admin-comments.query.js';

type IdParams = z.infer<typeof IdParams>;

@Controller()
export class NewsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.createNewsPost)
  create(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateNewsPostRequest): Promise<NewsPost> {
    return this.commands.execute(new CreateNewsPostCommand(admin.id, body));
  }

  @Endpoint(endpoints.updateNewsPost)
  update(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidParams() { id }: IdParams,
    @ValidBody() body: UpdateNewsPostRequest,
  ): Promise<NewsPost> {
    return this.commands.execute(new UpdateNewsPostCommand(id, body, staff.id));
  }

  @Endpoint(endpoints.deleteNewsPost)
  delete(@CurrentMember() staff: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<DeleteNewsPostResponse> {
    return this.commands.execute(new DeleteNewsPostCommand(id, staff.id));
  }

  @Endpoint(endpoints.listAdminComments)
  comments(@ValidQuery() query: AdminCommentsQuery): Promise<AdminCommentList> {
    return this.queries.execute(new ListAdminCommentsQuery(query));
  }

  @Endpoint(endpoints.removeComment)
  deleteComment(@CurrentMember() admin: AuthenticatedMember, @ValidParams() { id }: IdParams): Promise<DeleteCommentResponse> {
    return this.commands.execute(new DeleteCommentCommand(admin.id, id));
  }
}
