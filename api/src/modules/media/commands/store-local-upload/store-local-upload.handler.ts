import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  LOCAL_UPLOAD_ROUTE,
  LocalDiskStorage,
  MAX_UPLOAD_BYTES,
  type ObjectStorage,
  uploadSigningKey,
  verifyUpload,
} from '@nocturne/storage';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { MediaRepository } from '../../media.repository.js';
import { InjectStorage } from '../../object-storage.provider.js';
import { StoreLocalUploadCommand } from './store-local-upload.command.js';
import { MediaFailure } from '../../media-failure.js';

/**
 * What S3 does for a presigned PUT, for the local folder: the signature (key, content type,
 * expiry) is the whole authorization, so the route itself is public.
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
    if (upload.body.length > MAX_UPLOAD_BYTES)
      throw new MediaFailure('too_large', `The file is larger than ${MAX_UPLOAD_BYTES} bytes (10 MB)`);

    const row = await this.media.findUpload(this.em, upload.key);
    if (!row) throw new MediaFailure('forbidden', 'This upload was refused or has expired; request a new upload URL');
    // A finalized object passed its checks; replaying the URL must not swap its bytes.
    if (row.finalized_at) throw new MediaFailure('conflict', 'This upload is already finalized');
    await (this.storage as LocalDiskStorage).write(upload.key, upload.body);
    return { url: `${LOCAL_UPLOAD_ROUTE}${upload.key}` };
  }
}
