/** An e-mail the worker owes: pending until sent, failed after its last attempt. */
export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
