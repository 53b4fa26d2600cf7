import { useEffect, useRef, useState } from 'react';
import type { ActiveCampaignStatus } from '@nocturne/contracts';
import { acConnectionWords, acSyncPausedWords } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useVenueTime } from '@/lib/venue-time';
import { reasonOr, toastError } from '@/lib/notify';
import { ActiveCampaignSetup } from './ActiveCampaignSetup';
import { useActiveCampaignStatus, useRefreshAfterSync, useStartBulkSync, useSyncJob } from '../api/activecampaign';

function customFieldsText(fields: ActiveCampaignStatus['customFields']): string {
  const mapped = [fields.tier ? 'tier' : null, fields.points ? 'points' : null].filter(Boolean);
  return mapped.length ? `Syncs ${mapped.join(' and ')}` : 'None mapped';
}

function StatusCard({ status }: { status: ActiveCampaignStatus }) {
  const venueTime = useVenueTime();
  const rows: [string, string][] = [
    ['Connection', acConnectionWords(status.connection, venueTime.clock).line],
    ['Auto-sync on new member registration', status.autoSync ? 'Enabled' : 'Disabled'],
    ['Account', status.accountUrl ?? 'Not set'],
    ['API Key', status.configured ? 'API Key Configured' : 'Not configured'],
    ['List subscription', status.listId ? `List ${status.listId}` : 'Not set'],
    ['Custom fields', customFieldsText(status.customFields)],
    ['Last sync', status.lastSyncAt ? venueTime.dateTime(status.lastSyncAt) : 'Never'],
    ['Waiting to sync', `${status.pending.toLocaleString('en')}${status.pendingCapped ? '+' : ''}`],
    ['Failed syncs', String(status.failed)],
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-2 border-b border-white/5 pb-2">
          <dt className="text-white/75">{term}</dt>
          <dd className="break-all text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BulkSync({ runningJobId, configured }: { runningJobId: string | null; configured: boolean }) {
  const start = useStartBulkSync();
  const refreshStatus = useRefreshAfterSync();
  // A sync started earlier (or by another admin) is picked up and shown, not started twice.
  const [jobId, setJobId] = useState<string | null>(runningJobId);
  // Adjusted while rendering (not in an effect): a job the status reports later is picked up too.
  const [reportedJobId, setReportedJobId] = useState(runningJobId);
  if (runningJobId !== reportedJobId) {
    setReportedJobId(runningJobId);
    if (runningJobId) setJobId(runningJobId);
  }
  const job = useSyncJob(jobId);
  const venueTime = useVenueTime();
  const announced = useRef<string | null>(null);

  useEffect(() => {
    const data = job.data;
    if (data?.state !== 'completed' || announced.current === data.jobId) return;
    announced.current = data.jobId;
    const failed = data.failed > 0 ? ` ${data.failed} could not be synced.` : '';
    toast({
      title: 'Bulk Sync Complete!',
      description: `${data.synced} of ${data.total} members synced to ActiveCampaign.${failed}`,
    });
    void refreshStatus();
  }, [job.data, refreshStatus]);

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => setJobId(answer.jobId),
      // A refusal with a reason (e.g. ActiveCampaign not configured) is shown as the api says it.
      onError: (error) => toastError(reasonOr(error, 'Failed to sync all members'), 'Sync Error'),
    });

  const running = jobId !== null && job.data?.state !== 'completed';
  const percent = job.data?.percent ?? 0;
  const paused = running ? (job.data?.paused ?? null) : null;
  return (
    <div className="grid gap-3">
      <Button
        onClick={onStart}
        disabled={!configured || start.isPending || running}
        aria-describedby={configured ? undefined : 'ac-sync-off'}
      >
        {start.isPending || running ? 'Syncing...' : 'Sync All Members to ActiveCampaign'}
      </Button>
      {configured ? null : (
        <p id="ac-sync-off" className="text-sm text-white/80">
          Bulk sync is off until ActiveCampaign is configured.
        </p>
      )}
      {jobId && job.data ? (
        <div className="grid gap-1.5">
          <div
            role="progressbar"
            aria-label="Bulk sync progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 overflow-hidden rounded-full bg-white/10"
          >
            <div className="h-full rounded-full bg-gold transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-white/80" aria-live="polite">
            {percent}% · {job.data.synced} synced{job.data.failed ? `, ${job.data.failed} failed` : ''} of {job.data.total}
          </p>
          {/* Not a bar frozen at 0%: the sync says it waits for AC, and why (PRODUCT.md §2.6). */}
          {paused ? (
            <p role="status" className="text-sm text-amber-200">
              {acSyncPausedWords(venueTime.clock(paused.since), paused.reason)}
            </p>
          ) : null}
        </div>
      ) : null}
      {job.isError ? <ListNote tone="error">Lost track of the sync job; reload to see its progress.</ListNote> : null}
    </div>
  );
}

/** What the integration does right now, each with its real state (nothing listed that does not work). */
function Capabilities({ status }: { status: ActiveCampaignStatus }) {
  const available = status.configured ? 'Available' : 'Off until configured';
  const rows: [string, string][] = [
    ['Auto-sync on member registration and tier change', status.autoSync ? 'On' : 'Off'],
    ['Manual sync per member (Members tab)', available],
    ['Bulk sync of all members', available],
  ];
  return (
    <dl aria-label="What syncs" className="mt-5 grid gap-2 text-sm">
      {rows.map(([capability, state]) => (
        <div key={capability} className="flex flex-wrap justify-between gap-2">
          <dt className="text-white/85">{capability}</dt>
          <dd className={status.configured && state !== 'Off' ? 'text-emerald-200' : 'text-white/75'}>{state}</dd>
        </div>
      ))}
    </dl>
  );
}

const BADGE_TONES = {
  connected: 'green',
  not_contacted: 'gold',
  unreachable: 'red',
  not_configured: 'red',
} as const satisfies Record<ActiveCampaignStatus['connection']['state'], string>;

/** The ActiveCampaign tab, with the integration's real status (PRODUCT.md §2.6). */
export function EmailTab() {
  const status = useActiveCampaignStatus();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="ActiveCampaign"
        action={
          status.data ? (
            <Badge tone={BADGE_TONES[status.data.connection.state]}>
              {acConnectionWords(status.data.connection, () => '').badge}
            </Badge>
          ) : null
        }
      >
        {status.isPending ? (
          <ListNote>Loading status...</ListNote>
        ) : status.isError ? (
          <ListNote tone="error">Failed to fetch the ActiveCampaign status</ListNote>
        ) : (
          <>
            <StatusCard status={status.data} />
            {status.data.configured ? null : <ActiveCampaignSetup missing={status.data.missingVariables} />}
          </>
        )}
      </Card>
      <Card title="Quick Actions">
        {status.data ? (
          <>
            <BulkSync runningJobId={status.data.runningJobId} configured={status.data.configured} />
            <Capabilities status={status.data} />
          </>
        ) : null}
      </Card>
    </div>
  );
}
