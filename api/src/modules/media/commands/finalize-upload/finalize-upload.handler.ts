import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type FinalizeUploadResponse, MEDIA_TYPE_NAMES } from '@nocturne/contracts';
import { MAGIC_BYTES_NEEDED, MAX_UPLOAD_BYTES, matchesMagicNumber, type ObjectStorage } from '@nocturne/storage';
import { ValidationFailedException } from '#common/http/zod-validation.pipe.js';
import { keyFromMediaUrl, mediaUrl } from '#modules/media/media-url.js';
import { MediaRepository } from '#modules/media/media.repository.js';
import { InjectStorage } from '#modules/media/object-storage.provider.js';
import { FinalizeUploadCommand } from './finalize-upload.command.js';

const refuse = (path: 'mediaURL' | 'contentType' | 'file', message: string) => new ValidationFailedException([{ path, message }]);

/**
 * Accepts an uploaded object only if this server signed its key and the bytes are what was
 * declared: present, at most 10 MB, and starting with the declared type's magic number.
 * A refused object is deleted with its record. Finalizing twice answers the same path.
 */
@CommandHandler(FinalizeUploadCommand)
export class FinalizeUploadHandler implements ICommandHandler<FinalizeUploadCommand, FinalizeUploadResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaRepository,
    @InjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async execute({ mediaURL, contentType }: FinalizeUploadCommand): Promise<FinalizeUploadResponse> {
    const key = keyFromMediaUrl(mediaURL);
    if (!key) throw refuse('mediaURL', 'is not an upload URL from this server');
    const upload = await this.media.findUpload(this.em, key);
    if (!upload) throw refuse('mediaURL', 'is not an upload this server signed (or it was already refused)');
    if (upload.finalized_at) return { objectPath: key, url: mediaUrl(key) };

    const stored = await this.storage.stat(key);
    if (!stored) throw refuse('mediaURL', 'has no uploaded file yet: upload the file first');
    const problem =
      contentType !== upload.content_type
        ? refuse('contentType', `must be ${upload.content_type}, the type the upload was signed for`)
        : stored.size > MAX_UPLOAD_BYTES
          ? refuse('file', `is larger than ${MAX_UPLOAD_BYTES} bytes (10 MB)`)
          : stored.size === 0 || !matchesMagicNumber(contentType, await this.storage.readStart(key, MAGIC_BYTES_NEEDED))
            ? refuse('file', `is not ${MEDIA_TYPE_NAMES[contentType]}`)
            : null;
    if (problem) {
      // Object first: if deleting it fails, the record stays and the cleanup job retries later.
      await this.storage.delete(key);
      await this.media.deletePending(this.em, key);
      throw problem;
    }
    // Conditional: a concurrent finalize or the cleanup job may have got here first.
    if (!(await this.media.markFinalized(this.em, key, stored.size))) {
      const again = await this.media.findUpload(this.em, key);
      if (!again?.finalized_at) throw refuse('mediaURL', 'is not an upload this server signed (or it was already refused)');
    }
    return { objectPath: key, url: mediaUrl(key) };
  }
}
