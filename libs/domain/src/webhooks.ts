/** The domain events an endpoint can subscribe to, by their public names. */
export const WEBHOOK_EVENTS = [
  'member.registered',
  'comment.posted',
  'coupon.claimed',
  'coupon.redeemed',
  'coupon.redemption_undone',
  'booking.requested',
  'member.visited',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
