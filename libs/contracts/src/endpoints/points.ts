import { PointHistoryQuery, PointHistoryResponse } from '../points.js';
import { SIGNED_IN, endpoint } from '../endpoint.js';

export const listPointHistory = endpoint({
  method: 'GET',
  path: '/api/points/history',
  summary: "The member's points history, newest first (signed points)",
  access: SIGNED_IN,
  conditional: { scopes: ['member:{me}'], replica: true },
  tags: ['points'],
  query: PointHistoryQuery,
  response: PointHistoryResponse,
  errors: { 400: 'Bad limit' },
});
