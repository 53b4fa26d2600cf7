import type { ReactNode } from 'react';
import type { EmailDeliveryView } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { ListNote } from '@/components/ui/card';
import { formatVenueDateTime } from '@/lib/venue-time';
import { DeliveryState } from './DeliveryState';

/** What an inbox list needs of its infinite query. */
interface InboxPages {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * An inbox's list, as both inboxes show it: "Loading {noun}..." until the items and the venue's
 * time zone are in, the failure or `empty` in words, the items newest first, and "Load more" while
 * the api has another page.
 */
export function InboxList<Item extends { id: string }>({
  label,
  noun,
  query,
  items,
  venuePending,
  timeZone,
  empty,
  renderItem,
}: {
  /** The list's accessible name ("Bookings"). */
  label: string;
  /** What the items are called in the loading and failure notes ("bookings"). */
  noun: string;
  query: InboxPages;
  items: Item[];
  venuePending: boolean;
  timeZone: string | undefined;
  empty: string;
  renderItem: (item: Item, timeZone: string) => ReactNode;
}) {
  return (
    <>
      {query.isPending || venuePending ? (
        <ListNote>Loading {noun}...</ListNote>
      ) : query.isError || !timeZone ? (
        <ListNote tone="error">Failed to fetch {noun}</ListNote>
      ) : items.length === 0 ? (
        <ListNote>{empty}</ListNote>
      ) : (
        <ul aria-label={label} className="grid gap-3">
          {items.map((item) => renderItem(item, timeZone))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" className="mt-4" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}

/**
 * One booking or message: outlined while it waits for staff, the sender's name with its badges,
 * `detail`, their e-mail (a mailto link) and phone, `children` (what they wrote), when it arrived,
 * `status` (who answered and when), the e-mails about it, and `actions`.
 */
export function InboxItem({
  label,
  waiting,
  name,
  badges,
  email,
  phone,
  createdAt,
  timeZone,
  deliveries,
  status,
  actions,
  detail,
  children,
}: {
  label: string;
  waiting: boolean;
  name: string;
  badges: ReactNode;
  email: string;
  phone: string | null | undefined;
  createdAt: string;
  timeZone: string;
  deliveries: EmailDeliveryView[];
  status?: ReactNode;
  actions: ReactNode;
  /** Shown above the e-mail line (a booking's service, night and party). */
  detail?: ReactNode;
  /** Shown below it: what they wrote. */
  children?: ReactNode;
}) {
  return (
    <li
      aria-label={label}
      className={`grid gap-2 rounded-lg border bg-night-950/60 p-4 ${waiting ? 'border-gold/60' : 'border-white/10'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-white">{name}</h3>
        {badges}
      </div>
      {detail}
      <p className="break-all text-sm text-white/80">
        <a className="text-gold underline-offset-4 hover:underline" href={`mailto:${email}`}>
          {email}
        </a>
        {phone ? ` · ${phone}` : ''}
      </p>
      {children}
      <p className="text-xs text-white/75">Received {formatVenueDateTime(createdAt, timeZone)}</p>
      {status}
      <DeliveryState deliveries={deliveries} timeZone={timeZone} />
      {actions}
    </li>
  );
}
