/** An e-mail the worker owes: pending until sent, failed after its last attempt. */
export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The e-mails owed about a contact message or a booking (the `kind` of their `email_deliveries`
 * rows): the venue inbox is told of each; the guest gets an acknowledgement of a booking request
 * and one e-mail per decision.
 */
export const INBOX_DELIVERY_KINDS = [
  'venue-notification',
  'guest-acknowledgement',
  'guest-status-confirmed',
  'guest-status-declined',
  /** The afternoon of the night: a reminder with the link to cancel. */
  'guest-reminder',
  /** The venue is told the guest cancelled through the link. */
  'venue-cancellation',
] as const;
export type InboxDeliveryKind = (typeof INBOX_DELIVERY_KINDS)[number];
