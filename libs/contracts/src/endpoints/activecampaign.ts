import { ActiveCampaignStatus, BulkSyncStarted, SyncContactResponse, SyncJobParams, SyncJobStatus } from '../activecampaign.js';
import { IdParams } from '../common.js';
import { MANAGERS, endpoint } from '../endpoint.js';

export const syncContact = endpoint({
  method: 'POST',
  path: '/api/admin/sync-contact/:id',
  summary: 'Sync one member to ActiveCampaign; waits up to 5 s and says whether it synced, failed or is still queued',
  access: MANAGERS,
  tags: ['activecampaign', 'admin'],
  params: IdParams,
  response: SyncContactResponse,
  errors: { 400: 'The id is not a UUID', 404: 'No such member' },
});

export const startBulkSync = endpoint({
  method: 'POST',
  path: '/api/admin/sync-contacts',
  summary: 'Start a bulk sync of every member to ActiveCampaign (or get the one already running)',
  access: MANAGERS,
  tags: ['activecampaign', 'admin'],
  response: BulkSyncStarted,
  status: 202,
  errors: { 409: 'ActiveCampaign is not configured' },
});

export const getSyncJob = endpoint({
  method: 'GET',
  path: '/api/admin/sync-jobs/:jobId',
  summary: 'Progress of a bulk sync, and whether it is paused because ActiveCampaign cannot be reached',
  access: MANAGERS,
  // AC's reachability lives in Redis, not in a versioned table: the clock refreshes it every 5 s.
  conditional: { scopes: ['sync_jobs'], everySeconds: 5 },
  tags: ['activecampaign', 'admin'],
  params: SyncJobParams,
  response: SyncJobStatus,
  errors: { 400: 'The id is not a UUID', 404: 'No such sync job' },
});

export const getActiveCampaignStatus = endpoint({
  method: 'GET',
  path: '/api/admin/integrations/activecampaign',
  summary: 'ActiveCampaign status for the ActiveCampaign tab: configured, and whether it answers',
  access: MANAGERS,
  tags: ['activecampaign', 'admin'],
  response: ActiveCampaignStatus,
  // AC's reachability lives in Redis, not in a versioned table: the clock refreshes it every 5 s.
  conditional: { scopes: ['sync_jobs', 'members'], everySeconds: 5 },
});
