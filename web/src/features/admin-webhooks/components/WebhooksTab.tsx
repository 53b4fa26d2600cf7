import { useState, type FormEvent } from 'react';
import type { WebhookEndpointView, WebhookEventName } from '@nocturne/contracts';
import { WEBHOOK_EVENTS } from '@nocturne/contracts/constants';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useVenueTime } from '@/lib/venue-time';
import {
  useDeleteWebhook,
  useRedeliverWebhook,
  useRegisterWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

const failed = (title: string) => (error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong',
    variant: 'destructive',
  });

function RegisterForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const register = useRegisterWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventName[]>([...WEBHOOK_EVENTS]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setUrl('');
          onSecret(created.secret);
        },
        onError: failed('Registration Failed'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <TextField
        label="Endpoint URL"
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://example.com/webhooks"
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-white/90">Events</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm text-white/85">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(e) => setEvents(e.target.checked ? [...events, name] : events.filter((other) => other !== name))}
            />
            {name}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={register.isPending || events.length === 0}>
        {register.isPending ? 'Registering...' : 'Register Endpoint'}
      </Button>
    </form>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const venueTime = useVenueTime();
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  if (deliveries.isPending) return <ListNote>Loading deliveries...</ListNote>;
  if (deliveries.isError) return <ListNote tone="error">Failed to fetch deliveries</ListNote>;
  if (deliveries.data.length === 0) return <ListNote>No deliveries yet.</ListNote>;
  return (
    <ul aria-label="Deliveries" className="grid gap-2 text-sm">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-2 rounded border border-white/10 p-2">
          <Badge tone={delivery.state === 'succeeded' ? 'green' : delivery.state === 'failed' ? 'red' : 'muted'}>
            {delivery.state}
          </Badge>
          <span className="text-white/85">{delivery.eventType}</span>
          <span className="text-xs text-white/70">
            {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
            {delivery.lastError ? ` · ${delivery.lastError}` : ''} · {venueTime.dateTime(delivery.createdAt)}
          </span>
          <button
            type="button"
            className="ml-auto text-xs font-semibold uppercase text-gold hover:underline"
            disabled={redeliver.isPending}
            onClick={() =>
              redeliver.mutate(delivery.id, {
                onSuccess: () => toast({ title: 'Redelivery queued' }),
                onError: failed('Redelivery Failed'),
              })
            }
          >
            Redeliver
          </button>
        </li>
      ))}
    </ul>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpointView }) {
  const remove = useDeleteWebhook();
  return (
    <li aria-label={endpoint.url} className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-medium text-white">{endpoint.url}</span>
        <Button
          variant="ghost"
          className="ml-auto"
          disabled={remove.isPending}
          onClick={() => remove.mutate(endpoint.id, { onError: failed('Delete Failed') })}
        >
          Delete
        </Button>
      </div>
      <p className="text-xs text-white/70">{endpoint.events.join(', ')}</p>
      <Deliveries endpointId={endpoint.id} />
    </li>
  );
}

/** Signed outgoing webhooks: register receivers (the secret shows once), read each one's delivery log, redeliver. */
export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Register Webhook">
        <RegisterForm onSecret={setSecret} />
        {secret ? (
          <div role="status" className="mt-4 grid gap-1 rounded-lg border border-gold/40 p-3 text-sm">
            <p className="text-white/85">Signing secret (shown once; copy it now):</p>
            <code className="break-all text-gold-light">{secret}</code>
          </div>
        ) : null}
      </Card>
      <Card title="Endpoints">
        {endpoints.isPending ? <ListNote>Loading endpoints...</ListNote> : null}
        {endpoints.isError ? <ListNote tone="error">Failed to fetch endpoints</ListNote> : null}
        {endpoints.data?.length === 0 ? <ListNote>No endpoints registered.</ListNote> : null}
        {endpoints.data?.length ? (
          <ul aria-label="Webhook endpoints" className="grid gap-3">
            {endpoints.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ) : null}
      </Card>
    </div>
  );
}
