import { Command } from '@nestjs/cqrs';
import type { FinalizeUploadResponse, MediaContentType } from '@nocturne/contracts';

export class FinalizeUploadCommand extends Command<FinalizeUploadResponse> {
  constructor(
    readonly mediaURL: string,
    readonly contentType: MediaContentType,
  ) {
    super();
  }
}
