import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NewsPost } from '@nocturne/contracts';
import { db } from '@nocturne/db';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { NewsFailure } from './news-failure.js';

/**
 * The venues a news post is about (news_post_venues): none, the whole group's. Every member sees
 * every post (one membership); a post of chosen venues names them, so members know where it is.
 */
@Injectable()
export class NewsPostVenues {
  constructor(private readonly venues: VenueDirectory) {}

  async of(em: EntityManager, postIds: readonly string[]): Promise<Map<string, number[]>> {
    const chosen = new Map<string, number[]>();
    if (postIds.length === 0) return chosen;
    const rows = await db(em)
      .selectFrom('news_post_venues')
      .select(['post_id', 'venue_id'])
      .where('post_id', 'in', [...postIds])
      .orderBy('venue_id')
      .execute();
    for (const row of rows) chosen.set(row.post_id, [...(chosen.get(row.post_id) ?? []), row.venue_id]);
    return chosen;
  }

  /** Replaces a post's venues (none: the whole group); unknown or archived venues are refused in words. */
  async set(tx: EntityManager, postId: string, venueIds: readonly number[]): Promise<number[]> {
    const ids = [...new Set(venueIds)].sort((a, b) => a - b);
    for (const id of ids) {
      const venue = await this.venues.get(id);
      const message = !venue ? `No venue ${id}` : venue.archived ? `${venue.name} is archived` : null;
      if (message) throw new NewsFailure('invalid', message, { issues: [{ path: 'venueIds', message }] });
    }
    await db(tx).deleteFrom('news_post_venues').where('post_id', '=', postId).execute();
    if (ids.length > 0)
      await db(tx)
        .insertInto('news_post_venues')
        .values(ids.map((venueId) => ({ post_id: postId, venue_id: venueId })))
        .execute();
    return ids;
  }

  /** The post as answered: a post of chosen venues carries their ids and names; a group post is as before. */
  async named<T extends NewsPost>(post: T, venueIds: readonly number[] | undefined): Promise<T> {
    if (!venueIds || venueIds.length === 0) return post;
    return Object.assign(post, { venueIds: [...venueIds], venues: await this.venues.names(venueIds) });
  }
}
