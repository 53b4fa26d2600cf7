import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  LOCAL_UPLOAD_ROUTE,
  LocalDiskStorage,
  MAX_UPLOAD_BYTES,
  ObjectTooLarge,
  type ObjectStorage,
  uploadSigningKey,
  verifyUpload,
} from '@nocturne/storage';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { MediaRepository } from '#modules/media/media.repository.js';
import { InjectStorage } from '#modules/media/object-storage.provider.js';
import { StoreLocalUploadCommand } from './store-local-upload.command.js';
import { MediaFailure } from '#modules/media/media-failure.js';

/**
 * What S3 does for a presigned PUT, for the local folder: the signature (key, content type,
 * expiry) is the whole authorization, so the route itself is public. The signature and the
 * declared size were checked before the body was read (raw-upload-parser.ts); they are checked
 * again here, and the body is streamed to the file, never buffered.
 */
@CommandHandler(StoreLocalUploadCommand)
export class StoreLocalUploadHandler implements ICommandHandler<StoreLocalUploadCommand, { url: string }> {
  private readonly secret: string;

  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaRepository,
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectConfig() config: ApiConfig,
  ) {
    this.secret = uploadSigningKey(config.QR_SECRET);
  }

  async execute({ upload }: StoreLocalUploadCommand): Promise<{ url: string }> {
    if (!(this.storage instanceof LocalDiskStorage))
      throw new MediaFailure('not_found', 'Uploads go to object storage, not to this server');
    const check = verifyUpload(this.secret, upload);
    if (check === 'invalid') throw new MediaFailure('forbidden', 'This upload URL is not valid for this file or content type');
    if (check === 'expired') throw new MediaFailure('forbidden', 'This upload URL has expired; request a new one');

    const row = await this.media.findUpload(this.em, upload.key);
    if (!row) throw new MediaFailure('forbidden', 'This upload was refused or has expired; request a new upload URL');
    // A finalized object passed its checks; replaying the URL must not swap its bytes.
    if (row.finalized_at) throw new MediaFailure('conflict', 'This upload is already finalized');
    try {
      await this.storage.writeStream(upload.key, upload.body, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (error instanceof ObjectTooLarge)
        throw new MediaFailure('too_large', `The file is larger than ${MAX_UPLOAD_BYTES} bytes (10 MB)`);
      throw error;
    }
    return { url: `${LOCAL_UPLOAD_ROUTE}${upload.key}` };
  }
}
