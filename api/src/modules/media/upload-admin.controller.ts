import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FinalizeUploadRequest, FinalizeUploadResponse, SignUploadRequest, SignUploadResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { FinalizeUploadCommand } from './commands/finalize-upload/finalize-upload.command.js';
import { SignUploadCommand } from './commands/sign-upload/sign-upload.command.js';

@Controller('admin/upload')
export class UploadAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post('sign')
  @Endpoint({
    summary: 'Upload parameters for one image or video: a presigned PUT to a server-chosen key',
    auth: 'admin',
    tags: ['media'],
    body: SignUploadRequest,
    response: SignUploadResponse,
    errors: { 400: 'contentType is not an image or video type browsers display' },
  })
  sign(@ValidBody() body: SignUploadRequest): Promise<SignUploadResponse> {
    return this.commands.execute(new SignUploadCommand(body.contentType));
  }

  @Post('finalize')
  @Endpoint({
    summary: 'Check an uploaded file (signed here, at most 10 MB, bytes match the type) and publish it',
    auth: 'admin',
    tags: ['media'],
    body: FinalizeUploadRequest,
    response: FinalizeUploadResponse,
    errors: { 400: 'Not signed here, missing, too large or not the declared type (the file is deleted)' },
  })
  finalize(@ValidBody() body: FinalizeUploadRequest): Promise<FinalizeUploadResponse> {
    return this.commands.execute(new FinalizeUploadCommand(body.mediaURL, body.contentType));
  }
}
