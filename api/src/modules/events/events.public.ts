/*
 * What the rest of the api may use of the events module: the guest-list part of a card's door
 * check (EventsModule exports it), and What's on's server-rendered pages (registered beside the SPA).
 */
export { GuestListAtDoor } from './guest-list-at-door.service.js';
export { registerWhatsOnPages } from './whats-on-pages.js';
