import type { EmailDeliveryView } from '@nocturne/contracts';
import { countOf } from '@/lib/format';
import { formatVenueDateTime } from '@/lib/venue-time';
import { type DeliveryPhase, deliveryPhase, deliverySentence } from './delivery-sentences';

const tone: Record<DeliveryPhase, string> = {
  sent: 'text-emerald-200',
  waiting: 'text-white/75',
  retrying: 'text-gold-light',
  failed: 'text-red-200',
};
const mark: Record<DeliveryPhase, string> = { sent: '✓', waiting: '…', retrying: '↻', failed: '✕' };

/** Where the e-mails about one message or booking stand, in plain words (the worker retries failures). */
export function DeliveryState({ deliveries, timeZone }: { deliveries: EmailDeliveryView[]; timeZone: string }) {
  if (deliveries.length === 0) return null;
  return (
    <ul aria-label="E-mails" className="grid gap-1 text-xs">
      {deliveries.map((delivery) => {
        const phase = deliveryPhase(delivery);
        return (
          <li key={delivery.kind} className={tone[phase]}>
            <span aria-hidden="true" className="mr-1.5 inline-block w-3 text-center">
              {mark[phase]}
            </span>
            {deliverySentence(delivery)}
            {delivery.sentAt ? ` · ${formatVenueDateTime(delivery.sentAt, timeZone)}` : ''}
            {phase === 'retrying' || phase === 'failed'
              ? ` (${countOf(delivery.attempts, 'attempt')}; last error: ${delivery.lastError ?? 'unknown'})`
              : ''}
          </li>
        );
      })}
    </ul>
  );
}
