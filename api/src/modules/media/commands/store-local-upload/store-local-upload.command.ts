import type { Readable } from 'node:stream';
import { Command } from '@nestjs/cqrs';

export interface LocalUpload {
  key: string;
  contentType: string;
  expires: number;
  signature: string;
  /** The request body, unread. */
  body: Readable;
}

/** The body of a signed `PUT /api/uploads/{key}` (local storage only). */
export class StoreLocalUploadCommand extends Command<{ url: string }> {
  constructor(readonly upload: LocalUpload) {
    super();
  }
}
