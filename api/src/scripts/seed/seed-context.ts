import type { INestApplicationContext } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiConfig } from '#config/api-config.js';

export interface SeedContext {
  app: INestApplicationContext;
  em: EntityManager;
  config: ApiConfig;
  /** Ids of the demo members, for seeders that add their activity. */
  memberIds: string[];
  adminId: string;
  log(line: string): void;
  /** The demo sign-ins, "admin    admin@nocturne.local / password": printed once, as plain lines, at the end. */
  logins: string[];
}

/** One part of the demo content; runs only on an empty database, in order. */
export type Seeder = (ctx: SeedContext) => Promise<void>;
