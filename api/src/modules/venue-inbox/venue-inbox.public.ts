/*
 * What the rest of the api may use of the venue inbox (ESLint refuses imports of its other files
 * from outside it): the commands the seed script dispatches, and what account deletion asks of
 * the e-mail log.
 */
export { RecipientErasure } from './recipient-erasure.service.js';
export { ReceiveContactMessageCommand } from './commands/receive-contact-message/receive-contact-message.command.js';
export { RequestBookingCommand } from './commands/request-booking/request-booking.command.js';
