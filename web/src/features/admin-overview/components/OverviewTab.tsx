import { Card } from '@/components/ui/card';
import { useActiveCampaignConfigured, useMemberCount, useNewsCount, useSystemReady } from '../api/overview';

function Figure({
  title,
  value,
  note,
  extra,
  tone = 'gold',
}: {
  title: string;
  value: string;
  note: string;
  extra?: string;
  tone?: 'gold' | 'red';
}) {
  return (
    <Card>
      <h2 className="text-sm uppercase tracking-wider text-white/75">{title}</h2>
      <p className={`mt-2 text-3xl font-semibold ${tone === 'gold' ? 'text-gold' : 'text-red-300'}`}>{value}</p>
      <p className="mt-1 text-sm text-white/75">{note}</p>
      {extra ? <p className="mt-1 text-xs text-white/70">{extra}</p> : null}
    </Card>
  );
}

/** SPEC 2's three overview cards, with real figures where SPEC shows static ones. */
export function OverviewTab() {
  const members = useMemberCount();
  const news = useNewsCount();
  const ready = useSystemReady();
  const activeCampaign = useActiveCampaignConfigured();
  const loading = '…';
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Figure
        title="Total Members"
        value={members.isPending ? loading : members.isError ? 'Active' : String(members.data)}
        note={members.isError ? 'Member count unavailable' : 'Member system operational'}
      />
      <Figure
        title="News Posts"
        value={news.isPending ? loading : news.isError ? '—' : (news.data ?? loading)}
        note={news.isError ? 'News count unavailable' : 'Published articles'}
      />
      <Figure
        title="System Status"
        value={ready.isPending ? loading : ready.data ? 'Online' : 'Degraded'}
        note={ready.isPending || ready.data ? 'All systems operational' : 'Database or queue store not answering'}
        tone={ready.isPending || ready.data ? 'gold' : 'red'}
        extra={
          activeCampaign.data === undefined
            ? undefined
            : `ActiveCampaign: ${activeCampaign.data ? 'Connected' : 'Not configured'}`
        }
      />
    </div>
  );
}
