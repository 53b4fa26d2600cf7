import { DomainError } from '#common/errors/domain-error.js';

/** A refused upload or a media file that is not there. The SPA shows `message` as is. */
export class MediaFailure extends DomainError {}
