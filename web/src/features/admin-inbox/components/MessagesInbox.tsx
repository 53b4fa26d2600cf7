import { useState } from 'react';
import type { ContactMessageView } from '@nocturne/contracts';
import type { ContactMessageState } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { formatVenueDateTime, useVenueInfo } from '@/lib/venue-time';
import { useContactMessages, useInboxCounts, useUpdateContactMessageState } from '../api/inbox';
import { InboxItem, InboxList } from './InboxShell';

const filters = [
  { value: 'all', label: 'All messages' },
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
] as const;
type Filter = (typeof filters)[number]['value'];

function MessageItem({ message, timeZone }: { message: ContactMessageView; timeZone: string }) {
  const update = useUpdateContactMessageState();
  const isNew = message.state === 'new';
  const setState = (state: ContactMessageState) =>
    update.mutate(
      { id: message.id, state },
      {
        onSuccess: () => toast({ title: state === 'handled' ? 'Marked handled' : 'Marked new again', description: message.name }),
        onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Failed to update message'),
      },
    );
  return (
    <InboxItem
      label={`Message from ${message.name}`}
      waiting={isNew}
      name={message.name}
      badges={
        <div className="flex gap-2">
          {message.isSpam ? <Badge tone="red">Spam</Badge> : null}
          <Badge tone={isNew ? 'gold' : 'muted'}>{isNew ? 'New' : 'Handled'}</Badge>
        </div>
      }
      email={message.email}
      phone={message.phone}
      createdAt={message.createdAt}
      timeZone={timeZone}
      deliveries={message.deliveries}
      status={
        !isNew && message.handledAt ? (
          <p className="text-xs text-white/85">
            Handled{message.handledBy ? ` by ${message.handledBy}` : ''} · {formatVenueDateTime(message.handledAt, timeZone)}
          </p>
        ) : null
      }
      actions={
        <div>
          <Button
            variant={isNew ? 'gold' : 'outline'}
            onClick={() => setState(isNew ? 'handled' : 'new')}
            disabled={update.isPending}
          >
            {isNew ? 'Mark handled' : 'Mark as new'}
          </Button>
        </div>
      }
    >
      <p className="whitespace-pre-line break-words text-sm text-white/85">{message.message}</p>
    </InboxItem>
  );
}

/** The contact-messages inbox: new ones outlined; messages caught by the honeypot hidden unless asked for. */
export function MessagesInbox() {
  const [includeSpam, setIncludeSpam] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const messages = useContactMessages({ includeSpam, state: filter === 'all' ? undefined : filter });
  const venue = useVenueInfo();
  const newCount = useInboxCounts().data?.newMessages;
  const items = messages.data?.pages.flatMap((page) => page.messages) ?? [];
  const timeZone = venue.data?.timeZone;
  return (
    <Card
      title="Messages"
      description={newCount === undefined ? undefined : `${countOf(newCount, 'new message')}`}
      action={
        <div className="flex flex-wrap items-end gap-4">
          <SelectField label="Show" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            {filters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <label className="flex min-h-11 items-center gap-2 text-sm text-white/85">
            <input
              type="checkbox"
              checked={includeSpam}
              onChange={(event) => setIncludeSpam(event.target.checked)}
              className="h-4 w-4 accent-[var(--color-gold)]"
            />
            Show spam
          </label>
        </div>
      }
    >
      <InboxList
        label="Messages"
        noun="messages"
        query={messages}
        items={items}
        venuePending={venue.isPending}
        timeZone={timeZone}
        empty={filter === 'all' ? 'No messages yet.' : 'No messages here.'}
        renderItem={(message, zone) => <MessageItem key={message.id} message={message} timeZone={zone} />}
      />
    </Card>
  );
}
