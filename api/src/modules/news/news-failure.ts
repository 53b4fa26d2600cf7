import { DomainError } from '#common/errors/domain-error.js';

/** A refused news, comment or like action. The SPA shows `message` as is. */
export class NewsFailure extends DomainError {}

export const POST_NOT_FOUND = 'No news post with this id';
