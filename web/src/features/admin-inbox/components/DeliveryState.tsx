import type { EmailDeliveryView } from '@nocturne/contracts';
import { Badge } from '@/components/ui/card';

const tone = { sent: 'green', pending: 'muted', failed: 'red' } as const;

/** Where the e-mails about one message or booking stand (the worker retries failures). */
export function DeliveryState({ deliveries }: { deliveries: EmailDeliveryView[] }) {
  if (deliveries.length === 0) return null;
  return (
    <ul aria-label="E-mail deliveries" className="flex flex-wrap gap-2 text-xs">
      {deliveries.map((delivery) => (
        <li key={`${delivery.kind}-${delivery.recipient}`} title={delivery.lastError ?? undefined}>
          <Badge tone={tone[delivery.state]}>
            {delivery.kind}: {delivery.state}
            {delivery.state === 'failed' && delivery.lastError ? ` (${delivery.lastError})` : ''}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
