import type { EmailDeliveryView } from '@nocturne/contracts';
import type { InboxDeliveryKind } from '@nocturne/domain';

/**
 * Where an e-mail stands, as staff need to know it: a pending delivery that has failed before is
 * being retried (the worker backs off and tries again); `failed` is after its last attempt.
 */
export type DeliveryPhase = 'waiting' | 'retrying' | 'sent' | 'failed';

export function deliveryPhase(delivery: Pick<EmailDeliveryView, 'state' | 'lastError'>): DeliveryPhase {
  if (delivery.state === 'pending') return delivery.lastError ? 'retrying' : 'waiting';
  return delivery.state;
}

const aboutGuest = (mail: string, sent: string): Record<DeliveryPhase, string> => ({
  sent,
  waiting: `${mail} to the guest is about to be sent`,
  retrying: `${mail} to the guest failed — will retry`,
  failed: `${mail} to the guest could not be sent — contact the guest directly`,
});

/** One sentence for each e-mail the inbox records, in each phase: the one place these words live. */
const DELIVERY_SENTENCES: Record<InboxDeliveryKind, Record<DeliveryPhase, string>> = {
  'venue-notification': {
    sent: 'Venue notified',
    waiting: 'Venue notification is about to be sent',
    retrying: 'Venue notification failed — will retry',
    failed: 'Venue notification could not be sent — it is still listed here',
  },
  'guest-acknowledgement': aboutGuest('Acknowledgement', 'Acknowledgement sent to the guest'),
  'guest-status-confirmed': aboutGuest('Confirmation e-mail', 'Confirmation e-mail sent to the guest'),
  'guest-status-declined': aboutGuest('Decline e-mail', 'Decline e-mail sent to the guest'),
  'guest-reminder': aboutGuest('Reminder', 'Reminder sent to the guest'),
  'venue-cancellation': {
    sent: 'Venue told of the cancellation',
    waiting: 'Cancellation notice to the venue is about to be sent',
    retrying: 'Cancellation notice to the venue failed — will retry',
    failed: 'Cancellation notice to the venue could not be sent — it is still listed here',
  },
};

export const deliverySentence = (delivery: Pick<EmailDeliveryView, 'kind' | 'state' | 'lastError'>) =>
  DELIVERY_SENTENCES[delivery.kind][deliveryPhase(delivery)];
