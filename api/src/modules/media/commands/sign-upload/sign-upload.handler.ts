import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SignUploadResponse } from '@nocturne/contracts';
import { MEDIA_TYPES, type ObjectStorage } from '@nocturne/storage';
import { randomUUID } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { MediaRepository } from '#modules/media/media.repository.js';
import { InjectStorage } from '#modules/media/object-storage.provider.js';
import { SignUploadCommand } from './sign-upload.command.js';

/** Chooses a random key, records the pending upload, and presigns a PUT for exactly that key and type. */
@CommandHandler(SignUploadCommand)
export class SignUploadHandler implements ICommandHandler<SignUploadCommand, SignUploadResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaRepository,
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ contentType }: SignUploadCommand): Promise<SignUploadResponse> {
    const key = `news/${randomUUID()}.${MEDIA_TYPES[contentType]}`;
    // Recorded before the URL exists, so an upload that is never finalized is always found by the cleanup job.
    await this.media.insertPending(this.em, key, contentType);
    const upload = await this.storage.presignUpload(key, contentType, this.config.UPLOAD_URL_TTL_SECONDS);
    return { uploadURL: upload.url, method: upload.method, headers: upload.headers };
  }
}
