import { Command } from '@nestjs/cqrs';
import type { MediaContentType, SignUploadResponse } from '@nocturne/contracts';

export class SignUploadCommand extends Command<SignUploadResponse> {
  constructor(readonly contentType: MediaContentType) {
    super();
  }
}
