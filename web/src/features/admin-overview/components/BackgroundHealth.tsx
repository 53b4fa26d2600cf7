import type { AdminOverview } from '@nocturne/contracts';
import { Badge, Card } from '@/components/ui/card';
import { formatVenueDateTime } from '@/lib/venue-time';
import { useOpenQueueDashboard } from '../api/overview';

const QUEUE_NAMES: Record<string, string> = {
  email: 'E-mail',
  activecampaign: 'ActiveCampaign',
  maintenance: 'Maintenance',
  webhooks: 'Webhooks',
};

/** Bull Board is served by the api, outside the app's router: a pass first, then the page (admins full, managers read-only). */
function DashboardLink() {
  const open = useOpenQueueDashboard();
  return (
    <button
      type="button"
      onClick={() => open.mutate()}
      disabled={open.isPending}
      className="mt-4 inline-block text-sm font-semibold text-gold underline underline-offset-4 hover:text-gold-light disabled:opacity-60"
    >
      {open.isPending ? 'Opening the queue dashboard...' : 'Open the queue dashboard'}
    </button>
  );
}

function QueueHealthCard({ queues }: { queues: AdminOverview['queues'] }) {
  const failed = queues.queues.reduce((sum, queue) => sum + queue.failed, 0);
  const badge = !queues.available ? (
    <Badge tone="red">Unavailable</Badge>
  ) : failed ? (
    <Badge tone="red">{failed} failed</Badge>
  ) : (
    <Badge tone="green">Healthy</Badge>
  );
  return (
    <Card title="Queues" description="Background jobs: e-mail, ActiveCampaign, maintenance, webhooks" action={badge}>
      {queues.available ? (
        <ul className="grid gap-2" aria-label="Jobs per queue">
          {queues.queues.map((queue) => (
            <li key={queue.name} className="rounded-xl border border-white/10 bg-night-950/50 p-3">
              <p className="text-sm font-semibold text-white">{QUEUE_NAMES[queue.name] ?? queue.name}</p>
              <dl className="mt-1 grid grid-cols-4 gap-2 text-sm">
                {(
                  [
                    ['Waiting', queue.waiting],
                    ['Active', queue.active],
                    ['Delayed', queue.delayed],
                    ['Failed', queue.failed],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-xs text-white/75">{label}</dt>
                    <dd className={label === 'Failed' && value > 0 ? 'font-semibold text-red-300' : 'text-white'}>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="text-sm text-red-200">
          {queues.error ?? 'Redis is not answering.'} Jobs wait in the database and go out when it is back.
        </p>
      )}
      <DashboardLink />
    </Card>
  );
}

function SyncHealthCard({ sync, timeZone }: { sync: AdminOverview['activeCampaign']; timeZone: string }) {
  const badge = !sync.configured ? (
    <Badge tone="muted">Not configured</Badge>
  ) : sync.failedContacts ? (
    <Badge tone="red">{sync.failedContacts} failed</Badge>
  ) : (
    <Badge tone="green">Syncing</Badge>
  );
  const job = sync.lastJob;
  return (
    <Card title="ActiveCampaign sync" action={badge}>
      {sync.configured ? null : (
        <p className="mb-3 text-sm text-white/80">Nothing is sent to ActiveCampaign until AC_API_URL and AC_API_KEY are set.</p>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-white/75">Last member synced</dt>
          <dd className="text-white">{sync.lastSyncAt ? formatVenueDateTime(sync.lastSyncAt, timeZone) : 'Never'}</dd>
        </div>
        <div>
          <dt className="text-xs text-white/75">Failed contacts</dt>
          <dd className={sync.failedContacts ? 'font-semibold text-red-300' : 'text-white'}>{sync.failedContacts}</dd>
        </div>
        <div>
          <dt className="text-xs text-white/75">Not yet synced</dt>
          <dd className="text-white">
            {sync.pendingContacts.toLocaleString('en')}
            {sync.pendingCapped ? '+' : ''}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-white/75">Last bulk sync</dt>
          <dd className="text-white">
            {job
              ? `${job.state === 'running' ? 'Running since' : 'Finished'} ${formatVenueDateTime(job.finishedAt ?? job.startedAt, timeZone)}: ${job.synced} of ${job.total} synced${job.failed ? `, ${job.failed} failed` : ''}`
              : 'None yet'}
          </dd>
        </div>
      </dl>
      {sync.lastError ? (
        <p className="mt-3 text-sm text-red-200">
          Last error ({formatVenueDateTime(sync.lastError.at, timeZone)}): {sync.lastError.message}
        </p>
      ) : null}
      <DashboardLink />
    </Card>
  );
}

/** Whether the background work keeps up: the queues and the ActiveCampaign sync. */
export function BackgroundHealth({ overview }: { overview: AdminOverview }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <QueueHealthCard queues={overview.queues} />
      <SyncHealthCard sync={overview.activeCampaign} timeZone={overview.timeZone} />
    </div>
  );
}
