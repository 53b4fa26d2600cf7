import { seedCoupons } from './coupons.seed.js';
import { seedMembers } from './members.seed.js';
import { seedNews } from './news.seed.js';
import type { Seeder } from './seed-context.js';
import { seedVenueInbox } from './venue-inbox.seed.js';

/** Demo content, in order. Each feature adds its seeder here. */
export const seeders: Seeder[] = [seedMembers, seedNews, seedVenueInbox, seedCoupons];
