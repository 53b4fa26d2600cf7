import { IdParams, SuccessResponse } from '../common.js';
import { ANYONE, DOOR_STAFF, MANAGERS, SIGNED_IN, endpoint } from '../endpoint.js';
import {
  AddGuestRequest,
  AdminEventsQuery,
  AnnounceEventResponse,
  DoorGuestListMatches,
  DoorGuestListQuery,
  EventKeyParams,
  EventNightParams,
  EventNightQuery,
  EventsResponse,
  EventsVenueQuery,
  EventView,
  GuestListNights,
  GuestListNightsQuery,
  GuestListView,
  JoinGuestListRequest,
  MarkArrivedRequest,
  MarkArrivedResponse,
  MyGuestListEntry,
  MyGuestLists,
  NoShowRuleQuery,
  NoShowRuleView,
  SaveEventRequest,
  SaveNoShowRuleRequest,
  WhatsOnResponse,
} from '../events.js';

export const listEvents = endpoint({
  method: 'GET',
  path: '/api/admin/events',
  summary:
    "Every event, drafts too, the latest night first a page at a time (?venue=: one venue's, by slug or id; limit 1..100, default 50; nextCursor null on the last page)",
  access: MANAGERS,
  tags: ['events'],
  query: AdminEventsQuery,
  conditional: { scopes: ['events', 'venues'], everySeconds: 60 },
  response: EventsResponse,
  errors: {
    400: 'Bad paging parameters (a limit over 100, a cursor not from a previous page), a venue the group does not have',
    403: 'A venue the account does not work at',
  },
});

export const createEvent = endpoint({
  method: 'POST',
  path: '/api/admin/events',
  summary: 'Create a club night as an event (draft or published), one-off or weekly',
  access: MANAGERS,
  tags: ['events'],
  body: SaveEventRequest,
  response: EventView,
  status: 201,
  errors: {
    400: 'A field is missing or wrong: last entry before doors, a last night before the first, no such venue',
    403: 'A venue the account does not work at',
  },
});

export const updateEvent = endpoint({
  method: 'PUT',
  path: '/api/admin/events/:id',
  summary: 'Change an event (publish it, or take it back to draft)',
  access: MANAGERS,
  tags: ['events'],
  params: IdParams,
  body: SaveEventRequest,
  response: EventView,
  errors: { 400: 'As for creating one', 403: 'At, or moved to, a venue the account does not work at', 404: 'No such event' },
});

export const announceEvent = endpoint({
  method: 'POST',
  path: '/api/admin/events/:id/announce',
  summary: 'Announce a published event: a news post of type event that links to its page',
  access: MANAGERS,
  tags: ['events'],
  params: IdParams,
  response: AnnounceEventResponse,
  status: 201,
  errors: { 403: 'At a venue the account does not work at', 404: 'No such event', 409: 'It is a draft, or already announced' },
});

export const listWhatsOn = endpoint({
  method: 'GET',
  path: '/api/events',
  summary: "The coming nights of published events, soonest first (What's on; ?venue=: one venue's, by slug or id)",
  access: ANYONE,
  tags: ['events'],
  query: EventsVenueQuery,
  conditional: { scopes: ['events', 'venues'], everySeconds: 60 },
  response: WhatsOnResponse,
  errors: { 400: 'A venue the group does not have' },
});

export const getEventNight = endpoint({
  method: 'GET',
  path: '/api/events/:key',
  summary: 'A published event by slug or id: its next night, or the night asked for',
  access: ANYONE,
  tags: ['events'],
  params: EventKeyParams,
  query: EventNightQuery,
  conditional: { scopes: ['events', 'venues'], everySeconds: 60 },
  response: WhatsOnResponse,
  errors: { 404: 'No such published event, or it does not run that night' },
});

export const getEventCalendar = endpoint({
  method: 'GET',
  path: '/api/events/:key/calendar',
  summary: "An event's night as an iCalendar file (.ics), doors to last entry",
  access: ANYONE,
  tags: ['events'],
  params: EventKeyParams,
  query: EventNightQuery,
  produces: 'text/calendar',
  errors: { 404: 'No such published event, or it does not run that night' },
});

export const getMyGuestLists = endpoint({
  method: 'GET',
  path: '/api/auth/me/guest-lists',
  summary: 'The lists the member is on, the coming lists they may join, their plus-ones and the no-show rule',
  access: SIGNED_IN,
  tags: ['events'],
  response: MyGuestLists,
});

export const joinGuestList = endpoint({
  method: 'POST',
  path: '/api/events/:id/nights/:night/guest-list',
  summary: "Put yourself on a night's guest list with the plus-ones your tier allows",
  access: SIGNED_IN,
  tags: ['events'],
  params: EventNightParams,
  body: JoinGuestListRequest,
  response: MyGuestListEntry,
  status: 201,
  errors: {
    400: 'More plus-ones than the tier allows',
    404: 'No such published event night with a guest list',
    409: 'The list is full, closed, past its cut-off, the member is already on it, or sign-ups are paused',
  },
});

export const leaveGuestList = endpoint({
  method: 'DELETE',
  path: '/api/events/:id/nights/:night/guest-list',
  summary: "Leave a night's guest list (the place is free again)",
  access: SIGNED_IN,
  tags: ['events'],
  params: EventNightParams,
  response: SuccessResponse,
  errors: { 404: 'Not on that list', 409: 'The night is over' },
});

export const getGuestList = endpoint({
  method: 'GET',
  path: '/api/admin/events/:id/nights/:night/guest-list',
  summary: "A night's guest list with its counts",
  access: MANAGERS,
  tags: ['events'],
  params: EventNightParams,
  response: GuestListView,
  errors: { 403: "Another venue's list: the account works at other venues", 404: 'No such event night' },
});

export const addGuest = endpoint({
  method: 'POST',
  path: '/api/admin/events/:id/nights/:night/guest-list',
  summary: "Add a non-member to a night's list by name and e-mail",
  access: MANAGERS,
  tags: ['events'],
  params: EventNightParams,
  body: AddGuestRequest,
  response: GuestListView,
  status: 201,
  errors: {
    403: "Another venue's list: the account works at other venues",
    404: 'No such event night with a guest list',
    409: 'The list is full',
  },
});

export const closeGuestList = endpoint({
  method: 'POST',
  path: '/api/admin/events/:id/nights/:night/guest-list/close',
  summary: "Close a night's guest list: no more sign-ups",
  access: MANAGERS,
  tags: ['events'],
  params: EventNightParams,
  response: GuestListView,
  errors: { 403: "Another venue's list: the account works at other venues", 404: 'No such event night with a guest list' },
});

export const getNoShowRule = endpoint({
  method: 'GET',
  path: '/api/admin/guest-list-rule',
  summary: "A venue's no-show rule that pauses guest-list sign-ups there, if any",
  access: MANAGERS,
  tags: ['events'],
  query: NoShowRuleQuery,
  response: NoShowRuleView,
  errors: { 403: 'A venue the account does not work at' },
});

export const saveNoShowRule = endpoint({
  method: 'PUT',
  path: '/api/admin/guest-list-rule',
  summary: "Set a venue's no-show rule (null: none)",
  access: MANAGERS,
  tags: ['events'],
  body: SaveNoShowRuleRequest,
  response: NoShowRuleView,
  errors: { 403: 'A venue the account does not work at' },
});

export const findDoorGuests = endpoint({
  method: 'GET',
  path: '/api/door/guest-list',
  summary: "Tonight's guest-list names at the door's venue matching a search, members and non-members",
  access: DOOR_STAFF,
  tags: ['door', 'events'],
  query: DoorGuestListQuery,
  response: DoorGuestListMatches,
  errors: { 403: 'A venue the account does not work at' },
});

export const markGuestsArrived = endpoint({
  method: 'POST',
  path: '/api/door/guest-list/:id/arrived',
  summary: 'Mark how many of a guest-list party came in (once)',
  access: DOOR_STAFF,
  tags: ['door', 'events'],
  params: IdParams,
  body: MarkArrivedRequest,
  response: MarkArrivedResponse,
  errors: {
    400: 'More people than the party',
    403: 'A venue the account does not work at',
    404: "Not on tonight's list at the door's venue",
    409: 'Already marked',
  },
});

export const getGuestListNights = endpoint({
  method: 'GET',
  path: '/api/admin/guest-lists/tonight',
  summary: "Tonight's guest lists at a venue added up (list, in, no-show), and last night's no-show",
  access: MANAGERS,
  tags: ['events', 'admin'],
  query: GuestListNightsQuery,
  conditional: { scopes: ['events'], everySeconds: 60 },
  response: GuestListNights,
  errors: { 403: 'A venue the account does not work at' },
});
