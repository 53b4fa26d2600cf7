import { Controller, Delete, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CreateNewsPostRequest,
  DeleteCommentResponse,
  DeleteNewsPostResponse,
  IdParams,
  NewsPost,
  UpdateNewsPostRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateNewsPostCommand } from './commands/create-news-post/create-news-post.command.js';
import { DeleteCommentCommand } from './commands/delete-comment/delete-comment.command.js';
import { DeleteNewsPostCommand } from './commands/delete-news-post/delete-news-post.command.js';
import { UpdateNewsPostCommand } from './commands/update-news-post/update-news-post.command.js';

type IdParams = z.infer<typeof IdParams>;

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

  @Delete('comments/:id')
  @Endpoint({
    summary: 'Remove a comment and reverse the points it earned',
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
