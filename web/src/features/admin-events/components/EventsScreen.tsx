import type { EventView } from '@nocturne/contracts';
import { type ReactNode, useState } from 'react';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useVenueChoices } from '@/lib/venue-choices';
import { useAdminEvents, useAnnounceEvent } from '../api/events';
import { EventForm, type PosterUploadSlot } from './EventForm';
import { said } from './form-values';
import { GuestListPanel } from './GuestListPanel';
import { NoShowRuleForm } from './NoShowRuleForm';

/**
 * Events (PRODUCT.md §Events): a manager creates a club night (line-up, door times, price,
 * poster, guest list), publishes it to What's on, announces it in the news, and runs each
 * night's guest list; and sets the no-show rule.
 */
export function EventsScreen({ posterUpload }: { posterUpload?: (slot: PosterUploadSlot) => ReactNode }) {
  const events = useAdminEvents();
  const list = events.data?.pages.flatMap((page) => page.events);
  const venues = useVenueChoices();
  const venueName = (venueId: number) => venues.find((venue) => venue.id === venueId)?.name;
  const announce = useAnnounceEvent();
  const [editing, setEditing] = useState<EventView | null>(null);
  const [open, setOpen] = useState<{ id: string; night: string } | null>(null);
  return (
    <div className="grid gap-6">
      <Card
        title={editing ? `Edit ${editing.title}` : 'New Event'}
        description="Times are the venue's: a last entry before 06:00 is the next morning."
      >
        <EventForm editing={editing} onDone={() => setEditing(null)} posterUpload={posterUpload} />
      </Card>
      <Card
        title="Events"
        action={
          <a className="text-sm text-gold underline" href="/whats-on">
            See What&apos;s on
          </a>
        }
      >
        {list === undefined ? (
          <ListNote tone={events.isError ? 'error' : 'muted'}>
            {events.isError ? 'Failed to fetch the events' : 'Loading events...'}
          </ListNote>
        ) : list.length === 0 ? (
          <ListNote>No events yet.</ListNote>
        ) : (
          <ul className="grid gap-3" aria-label="Events">
            {list.map((event) => (
              <li key={event.id} className="grid gap-2 rounded-2xl border border-white/10 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-white">{event.title}</span>
                  {venueName(event.venueId) ? <Badge tone="muted">{venueName(event.venueId)}</Badge> : null}
                  <Badge tone={event.status === 'published' ? 'green' : 'muted'}>
                    {event.status === 'published' ? 'Published' : 'Draft'}
                  </Badge>
                  {event.repeatsWeekly ? <Badge tone="neon">Weekly</Badge> : null}
                  {event.announcementPostId ? <Badge>Announced</Badge> : null}
                </div>
                <p className="text-sm text-white/75">
                  {event.night} · doors {event.doorsOpen} · last entry {event.lastEntry} · {event.priceText}
                  {event.lineUp.length > 0 ? ` · ${event.lineUp.join(', ')}` : ''}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setEditing(event)}>
                    Edit
                  </Button>
                  {event.status === 'published' && !event.announcementPostId ? (
                    <Button
                      variant="outline"
                      disabled={announce.isPending}
                      onClick={() =>
                        announce.mutate(event.id, {
                          onSuccess: () => toast({ title: `${event.title} announced in the news` }),
                          onError: (error) =>
                            toast({ title: 'Could not announce it', description: said(error), variant: 'destructive' }),
                        })
                      }
                    >
                      Announce
                    </Button>
                  ) : null}
                  {event.guestList
                    ? event.nextNights.map((night) => (
                        <Button
                          key={night}
                          variant="ghost"
                          onClick={() => setOpen(open?.id === event.id && open.night === night ? null : { id: event.id, night })}
                        >
                          List {night}
                        </Button>
                      ))
                    : null}
                </div>
                {open && open.id === event.id ? <GuestListPanel event={event} night={open.night} /> : null}
              </li>
            ))}
          </ul>
        )}
        {events.hasNextPage ? (
          <Button
            variant="outline"
            className="mt-4"
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
          >
            {events.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        ) : null}
      </Card>
      <Card title="No-show Rule" description="Members who sign up and do not come can have their sign-ups paused for a while.">
        <NoShowRuleForm />
      </Card>
    </div>
  );
}
