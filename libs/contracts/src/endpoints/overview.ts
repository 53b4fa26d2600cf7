import { z } from 'zod';
import { AdminOverview, AdminOverviewQuery, QueueDashboardPass } from '../admin-overview.js';
import { MANAGERS, endpoint } from '../endpoint.js';

export const getAdminOverview = endpoint({
  method: 'GET',
  path: '/api/admin/overview',
  summary: "How tonight is going: the last 8 club nights' figures, liabilities, queues and the ActiveCampaign sync",
  access: MANAGERS,
  tags: ['admin'],
  query: AdminOverviewQuery,
  response: AdminOverview,
  errors: {
    400: "Invalid input (`issues` names each field), a venue that is not the group's, or a night that has not started yet",
    403: 'A venue the account does not work at',
  },
  // Queue counts (Redis), the outbox, visits and the night rolling over at 06:00 have no version: 15 s at most behind.
  conditional: {
    scopes: [
      'members',
      'user_coupons',
      'news_comments',
      'point_transactions',
      'bookings',
      'contact_messages',
      'sync_jobs',
      'venues',
    ],
    everySeconds: 15,
  },
});

export const openQueueDashboard = endpoint({
  method: 'POST',
  path: '/api/admin/queue-dashboard/pass',
  summary:
    'Hands the caller a pass to the queue dashboard (Bull Board at /admin/queues) for an hour: an HttpOnly, SameSite=Strict cookie for that path, tied to this session; admins get the full board, managers a read-only one',
  access: MANAGERS,
  tags: ['admin'],
  // Nothing to say but "open it": an empty JSON object, so any other body is refused (400).
  body: z.strictObject({}),
  response: QueueDashboardPass,
  errors: { 400: 'The body is not an empty JSON object' },
});
