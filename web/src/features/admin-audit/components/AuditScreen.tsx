import { useState } from 'react';
import type { AuditEntryView, AuditFilter } from '@nocturne/contracts';
import { AUDIT_ACTIONS, type AuditAction } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { useVenueTime } from '@/lib/venue-time';
import { reasonOr, toastError } from '@/lib/notify';
import { downloadAuditLog, useAuditLog } from '../api/audit';

function ExportAuditButton({ filter }: { filter: AuditFilter }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await downloadAuditLog(filter);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toastError(reasonOr(error, 'Failed to export the audit log'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void save()} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

const changes = (values: Record<string, unknown> | null) => (values && Object.keys(values).length ? JSON.stringify(values) : '');

function EntryRow({ entry }: { entry: AuditEntryView }) {
  const venueTime = useVenueTime();
  return (
    <tr className="border-t border-white/10 align-top">
      <td className="py-2 pr-3 whitespace-nowrap">{venueTime.dateTime(entry.at)}</td>
      <td className="py-2 pr-3">
        {entry.actorName} <span className="text-white/60">({entry.actorRole})</span>
      </td>
      <td className="py-2 pr-3">{entry.action}</td>
      <td className="py-2 pr-3 break-all">{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}</td>
      <td className="py-2 pr-3 break-all text-xs">{changes(entry.before)}</td>
      <td className="py-2 pr-3 break-all text-xs">{changes(entry.after)}</td>
      <td className="py-2 pr-3">{entry.clientAddress ?? ''}</td>
    </tr>
  );
}

/** The admin's Audit log screen (issue #31, point 3): who did what to which record, filtered, a page at a time, and as CSV. */
/** `people`: the staff list, for the person filter (given by app/, which has it). */
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
    <Card title="Audit log" description="Every staff action, newest first." action={<ExportAuditButton filter={filter} />}>
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
              {action}
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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-white/70">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">Action</th>
                <th className="py-2 pr-3">Record</th>
                <th className="py-2 pr-3">Before</th>
                <th className="py-2 pr-3">After</th>
                <th className="py-2 pr-3">Address</th>
              </tr>
            </thead>
            <tbody>
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
