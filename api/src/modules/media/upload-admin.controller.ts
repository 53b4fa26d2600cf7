import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  endpoints,
  FinalizeUploadRequest,
  FinalizeUploadResponse,
  SignUploadRequest,
  SignUploadResponse,
} from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { FinalizeUploadCommand } from './commands/finalize-upload/finalize-upload.command.js';
import { SignUploadCommand } from './commands/sign-upload/sign-upload.command.js';

@Controller()
export class UploadAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Endpoint(endpoints.signUpload)
  sign(@ValidBody() body: SignUploadRequest): Promise<SignUploadResponse> {
    return this.commands.execute(new SignUploadCommand(body.contentType));
  }

  @Endpoint(endpoints.finalizeUpload)
  finalize(@ValidBody() body: FinalizeUploadRequest): Promise<FinalizeUploadResponse> {
    return this.commands.execute(new FinalizeUploadCommand(body.mediaURL, body.contentType));
  }
}
