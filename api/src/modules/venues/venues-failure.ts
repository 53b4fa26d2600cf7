import { DomainError } from '#common/errors/domain-error.js';

/** A refused venue change (a slug taken, the last open venue archived). The SPA shows `message` as is. */
export class VenuesFailure extends DomainError {}

export const noSuchVenue = () => new VenuesFailure('not_found', 'No such venue.');

export const slugTaken = (slug: string) =>
  new VenuesFailure('conflict', `Another venue already uses the address /venues/${slug}: choose another slug.`, {
    issues: [{ path: 'slug', message: 'is taken by another venue' }],
  });
