import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useContactMessages } from '../api/inbox';
import { DeliveryState } from './DeliveryState';

/** The contact-messages inbox; messages caught by the honeypot are hidden unless asked for. */
export function MessagesInbox() {
  const [includeSpam, setIncludeSpam] = useState(false);
  const messages = useContactMessages(includeSpam);
  const items = messages.data?.pages.flatMap((page) => page.messages) ?? [];
  return (
    <Card
      title="Messages"
      action={
        <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
          <input
            type="checkbox"
            checked={includeSpam}
            onChange={(event) => setIncludeSpam(event.target.checked)}
            className="h-4 w-4 accent-[var(--color-gold)]"
          />
          Show spam
        </label>
      }
    >
      {messages.isPending ? (
        <ListNote>Loading messages...</ListNote>
      ) : messages.isError ? (
        <ListNote tone="error">Failed to fetch messages</ListNote>
      ) : items.length === 0 ? (
        <ListNote>No messages yet.</ListNote>
      ) : (
        <ul aria-label="Messages" className="grid gap-3">
          {items.map((message) => (
            <li
              key={message.id}
              aria-label={`Message from ${message.name}`}
              className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-white">{message.name}</h3>
                {message.isSpam ? <Badge tone="red">Spam</Badge> : null}
              </div>
              <p className="break-all text-sm text-white/80">
                <a className="text-gold underline-offset-4 hover:underline" href={`mailto:${message.email}`}>
                  {message.email}
                </a>
                {message.phone ? ` · ${message.phone}` : ''}
              </p>
              <p className="whitespace-pre-line break-words text-sm text-white/85">{message.message}</p>
              <p className="text-xs text-white/70">Received {formatDateTime(message.createdAt)}</p>
              <DeliveryState deliveries={message.deliveries} />
            </li>
          ))}
        </ul>
      )}
      {messages.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void messages.fetchNextPage()}
          disabled={messages.isFetchingNextPage}
        >
          {messages.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Card>
  );
}
