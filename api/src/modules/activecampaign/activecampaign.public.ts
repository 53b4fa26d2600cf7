/*
 * What the rest of the api may use of the ActiveCampaign module (ESLint refuses imports of its
 * other files from outside it): the sync's health, which the admin overview shows.
 */
export { GetSyncHealthQuery } from './queries/get-sync-health/get-sync-health.query.js';
