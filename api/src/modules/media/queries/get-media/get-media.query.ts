import { Query } from '@nestjs/cqrs';
import type { MediaDelivery } from '@nocturne/storage';

export type MediaAnswer = MediaDelivery & { contentType: string };

/** A finalized object by its path, or null when there is none. */
export class GetMediaQuery extends Query<MediaAnswer | null> {
  constructor(readonly objectPath: string) {
    super();
  }
}
