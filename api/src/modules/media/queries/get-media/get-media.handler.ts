import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isMediaKey, type ObjectStorage } from '@nocturne/storage';
import { MediaRepository } from '#modules/media/media.repository.js';
import { InjectStorage } from '#modules/media/object-storage.provider.js';
import { GetMediaQuery, type MediaAnswer } from './get-media.query.js';

/** Presigned GETs for S3 live this long; the redirect itself is cached for less. */
export const MEDIA_REDIRECT_TTL_SECONDS = 600;

@QueryHandler(GetMediaQuery)
export class GetMediaHandler implements IQueryHandler<GetMediaQuery, MediaAnswer | null> {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaRepository,
    @InjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async execute({ objectPath }: GetMediaQuery): Promise<MediaAnswer | null> {
    if (!isMediaKey(objectPath)) return null;
    // Only finalized objects are public: a pending or refused upload is not served.
    const contentType = await this.media.findFinalizedContentType(this.em, objectPath);
    if (contentType === undefined) return null;
    const delivery = await this.storage.deliver(objectPath, contentType, MEDIA_REDIRECT_TTL_SECONDS);
    return delivery ? { ...delivery, contentType } : null;
  }
}
