/*
 * What the rest of the api may use of the events module: the guest-list part of a card's door
 * check (EventsModule exports it), marking a party in (its handler is the door module's: a
 * member's party coming in is their visit), What's on's server-rendered pages (registered beside the SPA),
 * and a published night as the public sees it (the wallet module's event passes).
 */
export { GuestListAtDoor } from './guest-list-at-door.service.js';
export { MarkGuestsArrivedCommand } from './commands/mark-guests-arrived/mark-guests-arrived.command.js';
export { registerWhatsOnPages } from './whats-on-pages.js';
export { EventViews } from './event-views.js';
