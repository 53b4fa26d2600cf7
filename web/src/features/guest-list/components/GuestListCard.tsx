import { useState } from 'react';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useJoinGuestList, useLeaveGuestList, useMyGuestLists } from '../api/guest-list';
import { GuestListWallet } from './GuestListWallet';

const said = (error: unknown) => (error instanceof ApiError && error.serverMessage) || 'Please try again.';

/**
 * The guest list in the members area (PRODUCT.md §Events): the nights the member is on a list
 * (with their plus-ones and free entry), and the coming nights whose list they may join, with
 * the plus-ones their tier brings and the venue's no-show rule in words before they sign up. In a
 * group whose nights on offer are at several venues, each night names its venue and that venue's
 * rule, and a pause at one venue holds back its nights only (PRODUCT.md §12).
 */
export function GuestListCard() {
  const lists = useMyGuestLists();
  const join = useJoinGuestList();
  const leave = useLeaveGuestList();
  const [plusOnes, setPlusOnes] = useState<Record<string, number>>({});
  const data = lists.data;
  const paused = data?.pausedUntil ? new Date(data.pausedUntil) : null;

  return (
    <Card
      title="Guest List"
      description={
        data
          ? `Skip the queue on the nights you sign up for${data.plusOnesAllowed > 0 ? `, with up to ${data.plusOnesAllowed} plus-one${data.plusOnesAllowed === 1 ? '' : 's'}` : ''}.`
          : undefined
      }
    >
      <div id="guest-list" className="grid gap-4">
        {data === undefined ? (
          lists.isError ? (
            <ListNote tone="error">Failed to fetch the guest lists</ListNote>
          ) : (
            <ListNote>Loading the guest lists...</ListNote>
          )
        ) : (
          <>
            {data.noShowRule ? <p className="text-sm text-white/75">{data.noShowRule}</p> : null}
            {paused ? (
              <ListNote tone="error">
                Your sign-ups are paused until {paused.toLocaleDateString('en-AU', { day: 'numeric', month: 'short' })}.
              </ListNote>
            ) : null}
            {data.entries.length > 0 ? (
              <ul className="grid gap-3" aria-label="Your guest lists">
                {data.entries.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gold/30 p-3"
                  >
                    <div>
                      <p className="font-semibold text-white">{entry.title}</p>
                      <p className="text-sm text-white/75">
                        {entry.nightLabel} · doors {entry.doorsOpen}
                      </p>
                      <Badge tone="green">{entry.summary}</Badge>
                    </div>
                    <Button
                      variant="outline"
                      disabled={leave.isPending}
                      onClick={() =>
                        leave.mutate(
                          { eventId: entry.eventId, night: entry.night },
                          {
                            onSuccess: () => toast({ title: `You are off the list for ${entry.title}` }),
                            onError: (error) =>
                              toast({ title: 'Could not leave the list', description: said(error), variant: 'destructive' }),
                          },
                        )
                      }
                    >
                      Leave the list
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {data.entries.length > 0 ? <GuestListWallet /> : null}
            {data.open.length === 0 ? (
              <ListNote>No guest lists open right now: new nights appear here as they are announced.</ListNote>
            ) : (
              <ul className="grid gap-3" aria-label="Open guest lists">
                {data.open.map((night) => {
                  const key = `${night.eventId}|${night.night}`;
                  const chosen = plusOnes[key] ?? 0;
                  const pausedHere = !paused && night.pausedUntil ? new Date(night.pausedUntil) : null;
                  return (
                    <li
                      key={key}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/15 p-3"
                    >
                      <div>
                        <p className="font-semibold text-white">
                          <a className="underline-offset-4 hover:underline" href={`/whats-on/${night.slug}`}>
                            {night.title}
                          </a>
                        </p>
                        <p className="text-sm text-white/75">
                          {night.venueName ? `${night.venueName} · ` : ''}
                          {night.nightLabel} · doors {night.doorsOpen}
                          {night.freeUntil ? ` · free entry until ${night.freeUntil}` : ''} · {night.placesLeft}{' '}
                          {night.placesLeft === 1 ? 'place' : 'places'} left
                        </p>
                        {!data.noShowRule && night.noShowRule ? (
                          <p className="text-sm text-white/65">{night.noShowRule}</p>
                        ) : null}
                        {pausedHere ? (
                          <p role="alert" className="text-sm text-red-200">
                            Your sign-ups{night.venueName ? ` at ${night.venueName}` : ''} are paused until{' '}
                            {pausedHere.toLocaleDateString('en-AU', { day: 'numeric', month: 'short' })}.
                          </p>
                        ) : null}
                      </div>
                      <div className="flex items-center gap-2">
                        {data.plusOnesAllowed > 0 ? (
                          <label className="text-sm text-white/80">
                            Plus-ones{' '}
                            <select
                              className="rounded-lg border border-white/15 bg-night-950/60 px-2 py-1 text-white"
                              value={chosen}
                              onChange={(event) => setPlusOnes({ ...plusOnes, [key]: Number(event.target.value) })}
                            >
                              {Array.from({ length: data.plusOnesAllowed + 1 }, (_, count) => (
                                <option key={count} value={count}>
                                  {count}
                                </option>
                              ))}
                            </select>
                          </label>
                        ) : null}
                        <Button
                          disabled={join.isPending || paused !== null || pausedHere !== null || night.placesLeft === 0}
                          onClick={() =>
                            join.mutate(
                              { eventId: night.eventId, night: night.night, plusOnes: chosen },
                              {
                                onSuccess: (entry) =>
                                  toast({ title: `You are on the list for ${night.title}`, description: entry.summary }),
                                onError: (error) =>
                                  toast({ title: 'Could not join the list', description: said(error), variant: 'destructive' }),
                              },
                            )
                          }
                        >
                          {night.placesLeft === 0 ? 'List full' : 'Join the list'}
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
