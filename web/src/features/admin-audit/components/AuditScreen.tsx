import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditEntryView, AuditFilter } from '@nocturne/contracts';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, auditActionLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Card, ListNote } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { useVenueTime } from '@/lib/venue-time';
import { reasonOr } from '@/lib/notify';
import { downloadAuditLog, useAuditLog } from '../api/audit';

// On a phone a cell is a line of its card, led by its column name (the header row is only for screen readers there).
const cell =
  'py-2 pr-3 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:p-0 max-md:before:w-16 max-md:before:shrink-0 max-md:before:text-xs max-md:before:uppercase max-md:before:tracking-wider max-md:before:text-white/70 max-md:before:content-[attr(data-label)]';

/** The fields that changed, one line each: "Points cost: 100 → 150". */
function Changes({ changes }: { changes: AuditEntryView['changes'] }) {
  if (!changes.length) return null;
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="text-white/70">{change.label}:</span>{' '}
          {change.text ? (
            'changed (text not kept in the log)'
          ) : change.before ? (
            <>
              <del className="text-white/60">{change.before}</del> → {change.after || 'none'}
            </>
          ) : (
            change.after
          )}
        </li>
      ))}
    </ul>
  );
}

function EntryRow({ entry }: { entry: AuditEntryView }) {
  const venueTime = useVenueTime();
  return (
    <tr className="border-t border-white/10 align-top max-md:grid max-md:gap-1 max-md:rounded-lg max-md:border max-md:border-white/10 max-md:bg-night-950/60 max-md:p-3">
      <td className={`${cell} md:whitespace-nowrap`} data-label="When">
        {venueTime.dateTime(entry.at)}
      </td>
      <td className={cell} data-label="What">
        <p>{entry.summary}</p>
        <p className="text-xs text-white/60">{auditActionLabel(entry.action)}</p>
      </td>
      <td className={cell} data-label="Record">
        {entry.targetLink ? (
          <Link className="underline underline-offset-2 hover:text-white" to={entry.targetLink}>
            {entry.targetName ?? 'Open'}
          </Link>
        ) : (
          (entry.targetName ?? '')
        )}
      </td>
      <td className={cell} data-label="Changes">
        <Changes changes={entry.changes} />
      </td>
      <td className={`${cell} whitespace-nowrap font-mono text-xs`} data-label="Address">
        {entry.clientAddress ?? ''}
      </td>
    </tr>
  );
}

/**
 * The admin's Audit log screen: who did what to which record, in words, with a link to the record
 * and the fields that changed; filtered, a page at a time, and as CSV. `people`: the staff list,
 * for the person filter (given by app/, which has it).
 */
export function AuditScreen({ people }: { people: { id: string; name: string }[] }) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (change: Partial<AuditFilter>) =>
    setFilter((current) => {
      const next: AuditFilter = { ...current, ...change };
      for (const key of Object.keys(next) as (keyof AuditFilter)[]) if (!next[key]) delete next[key];
      return next;
    });
  return (
    <Card
      title="Audit log"
      description="Every staff action, newest first."
      action={<ExportCsvButton download={() => downloadAuditLog(filter)} failure="Failed to export the audit log" />}
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-4">
        <SelectField label="Person" value={filter.actorId ?? ''} onChange={(e) => set({ actorId: e.target.value || undefined })}>
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Action"
          value={filter.action ?? ''}
          onChange={(e) => set({ action: (e.target.value || undefined) as AuditAction | undefined })}
        >
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filter.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <TextField label="To" type="date" value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      {log.isError ? <ListNote tone="error">{reasonOr(log.error, 'Failed to load the audit log')}</ListNote> : null}
      {log.isSuccess && entries.length === 0 ? <ListNote>No audit entries match.</ListNote> : null}
      {entries.length ? (
        // Below md each row is a card whose cells name their column (data-label), so nothing is cut off on a phone.
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block">
            <thead className="text-white/70 max-md:sr-only">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">Record</th>
                <th className="py-2 pr-3">Changes</th>
                <th className="py-2 pr-3">Address</th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="outline" className="mt-4" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Card>
  );
}
