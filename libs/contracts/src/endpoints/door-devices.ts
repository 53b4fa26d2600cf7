import {
  CreateNamedDoorRequest,
  DoorLockoutLifted,
  DoorLockoutList,
  DoorLockoutParams,
  DoorSettings,
  DoorsToPickQuery,
  NamedDoor,
  NamedDoorList,
  NamedDoorParams,
  UpdateDoorSettingsRequest,
  UpdateNamedDoorRequest,
} from '../door-devices.js';
import { DOOR_STAFF, endpoint, MANAGERS } from '../endpoint.js';

export const listDoorsToPick = endpoint({
  method: 'GET',
  path: '/api/door/doors',
  summary:
    'The doors a door phone can say it is at: the named doors (not archived) of the venue the door works at, as for a check; none: door mode asks nothing',
  access: DOOR_STAFF,
  tags: ['door'],
  query: DoorsToPickQuery,
  response: NamedDoorList,
  errors: {
    400: 'An unknown or archived venueId: `message` says which',
    403: 'The account does not work at that venue: "This account works at The Velvet Room only"',
  },
});

export const listNamedDoors = endpoint({
  method: 'GET',
  path: '/api/admin/door-devices',
  summary: 'Every named door of every venue, archived ones too',
  access: MANAGERS,
  tags: ['admin', 'door'],
  response: NamedDoorList,
});

export const createNamedDoor = endpoint({
  method: 'POST',
  path: '/api/admin/door-devices',
  summary: 'Name a door at a venue ("Main door", "VIP"); door phones then pick it (audited)',
  access: MANAGERS,
  tags: ['admin', 'door'],
  body: CreateNamedDoorRequest,
  response: NamedDoor,
  errors: { 404: 'No such venue', 409: 'That venue already has a door by that name' },
});

export const updateNamedDoor = endpoint({
  method: 'PATCH',
  path: '/api/admin/door-devices/:id',
  summary: 'Rename a door, archive it (phones can no longer pick it) or bring it back (audited)',
  access: MANAGERS,
  tags: ['admin', 'door'],
  params: NamedDoorParams,
  body: UpdateNamedDoorRequest,
  response: NamedDoor,
  errors: { 404: 'No such door', 409: 'That venue already has a door by that name' },
});

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

export const getDoorSettings = endpoint({
  method: 'GET',
  path: '/api/admin/door-settings',
  summary: "The door settings: how old an offline door's data may get before every verdict says so (minutes)",
  access: MANAGERS,
  tags: ['admin', 'door'],
  response: DoorSettings,
});

export const updateDoorSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/door-settings',
  summary: "Set how old an offline door's data may get before every verdict says so (audited)",
  access: MANAGERS,
  tags: ['admin', 'door'],
  body: UpdateDoorSettingsRequest,
  response: DoorSettings,
});
