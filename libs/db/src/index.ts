export * from './entities/index.js';
export * from './orm-config.js';
export * from './database-url.js';
export * from './create-database.js';
export * from './kysely.js';
export * from './prepared.js';
export { API_DATABASE_ROLE } from './migrations/Migration20261128200000_ApiRole.js';
