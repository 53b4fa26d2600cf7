import { seedMembers } from './members.seed.js';
import type { Seeder } from './seed-context.js';

/** Demo content, in order. Each feature adds its seeder here. */
export const seeders: Seeder[] = [seedMembers];
