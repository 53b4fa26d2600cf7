import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateNewsPostRequest, DeleteCommentResponse, IdParams, NewsPost } from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateNewsPostCommand } from './commands/create-news-post/create-news-post.command.js';
import { DeleteCommentCommand } from './commands/delete-comment/delete-comment.command.js';

@Controller('admin')
export class NewsAdminController {
  constructor(private readonly commands: CommandBus) {}

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

  @Delete('comments/:id')
  @Endpoint({
    summary: 'Remove a comment and reverse the points it earned',
    auth: 'admin',
    tags: ['news', 'admin'],
    params: IdParams,
    response: DeleteCommentResponse,
    errors: { 400: 'The id is not a UUID', 404: 'No such comment' },
  })
  deleteComment(@CurrentMember() admin: AuthenticatedMember, @ValidParams() { id }: z.infer<typeof IdParams>): Promise<DeleteCommentResponse> {
    return this.commands.execute(new DeleteCommentCommand(admin.id, id));
  }
}
