import { DoorLockoutLifted, DoorLockoutList, DoorLockoutParams } from '../door-devices.js';
import { endpoint, MANAGERS } from '../endpoint.js';

export const listDoorLockouts = endpoint({
  method: 'GET',
  path: '/api/admin/door-lockouts',
  summary:
    'Door phones (and door accounts) kept from typing codes now after too many wrong ones, with the wait left; the camera is never kept',
  access: MANAGERS,
  tags: ['admin', 'door'],
  response: DoorLockoutList,
});

export const liftDoorLockout = endpoint({
  method: 'POST',
  path: '/api/admin/door-lockouts/:id/lift',
  summary: 'Let a door phone (or a door account) type codes again at once, its wrong codes forgotten (audited)',
  access: MANAGERS,
  tags: ['admin', 'door'],
  params: DoorLockoutParams,
  response: DoorLockoutLifted,
  errors: { 404: 'Not locked out (any more)' },
});
