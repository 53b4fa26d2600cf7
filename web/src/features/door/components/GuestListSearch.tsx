import { useState, type FormEvent } from 'react';
import { tierLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useDoorGuestSearch } from '../api/guest-list';
import { MarkParty } from './MarkParty';

/**
 * The name search on tonight's guest lists at this door's venue, for guests with no card (a
 * non-member a manager added, or a member without their phone): asked for like typed entry, a name
 * (two letters or more), the matches with their party and the list's words, each marked in once.
 */
export function GuestListSearch() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const found = useDoorGuestSearch(search);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} className="w-full">
        Guest list
      </Button>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(text.trim());
  };
  const tooShort = search.length > 0 && search.length < 2;
  const problem =
    found.error instanceof ApiError && found.error.serverMessage
      ? found.error.serverMessage
      : found.error
        ? 'The guest list could not be searched. Try again.'
        : null;
  return (
    <section aria-label="Guest list search" className="grid gap-2 rounded-xl bg-night-900 p-3">
      <form onSubmit={submit} role="search" aria-label="Search tonight's guest list" className="grid gap-2">
        <label htmlFor="door-guest-search" className="text-sm text-white/85">
          A name on tonight&apos;s guest list
        </label>
        <input
          id="door-guest-search"
          className={inputClass}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          autoFocus
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={text.trim().length < 2} className="flex-1">
            Search
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setOpen(false);
              setText('');
              setSearch('');
            }}
          >
            Close
          </Button>
        </div>
      </form>
      {tooShort ? <p role="status">Type at least two letters</p> : null}
      {problem ? (
        <p role="alert" className="text-red-200">
          {problem}
        </p>
      ) : null}
      {found.isFetching && !found.data ? <p role="status">Searching...</p> : null}
      {found.data && found.data.entries.length === 0 ? (
        <p role="status">No one on tonight&apos;s list matches &ldquo;{search}&rdquo;</p>
      ) : null}
      {found.data && found.data.entries.length > 0 ? (
        <ul aria-label="Names on tonight's guest list" className="grid gap-2">
          {found.data.entries.map((entry) => (
            <li key={entry.id} aria-label={entry.name} className="grid gap-2 rounded-lg bg-black/30 p-3">
              <div>
                <p className="text-lg font-semibold">
                  {entry.name}
                  {entry.plusOnes > 0 ? ` +${entry.plusOnes}` : ''}
                </p>
                <p className="text-sm text-white/80">
                  {entry.member && entry.tier ? `${tierLabel(entry.tier)} member` : 'Guest'} · {entry.title} · {entry.message}
                </p>
              </div>
              <MarkParty entryId={entry.id} plusOnes={entry.plusOnes} arrivedCount={entry.arrivedCount} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
