/** A contact message is new until a member of staff marks it handled (and may reopen it). */
export const CONTACT_MESSAGE_STATES = ['new', 'handled'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];
