import { lazy, Suspense, useState } from 'react';
import { clubNightOf } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { inputClass } from '@/components/ui/field';
import { useActiveCampaignConnection, useAdminOverview, useMemberCount, useNewsCount, useSystemReady } from '../api/overview';
import { BackgroundHealth } from './BackgroundHealth';
import { DoorsTonight } from './DoorsTonight';
import { GuestListLine } from './GuestListLine';
import { NightFigures } from './NightFigures';
import { VenuesTonight } from './VenuesTonight';

// recharts loads with the charts, after the overview's figures: never in the landing or member bundles.
const NightCharts = lazy(() => import('./NightCharts'));

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

/** Which night the week ends with: tonight unless the admin picks an earlier one. */
function NightPicker({ night, tonight, onChange }: { night: string; tonight: string; onChange: (night?: string) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="grid gap-1.5 text-sm font-medium text-white/90">
        Night
        <input
          type="date"
          className={`${inputClass} w-auto`}
          value={night}
          max={tonight}
          onChange={(event) => onChange(event.target.value && event.target.value < tonight ? event.target.value : undefined)}
        />
      </label>
      {night !== tonight ? (
        <Button variant="outline" onClick={() => onChange(undefined)}>
          Back to tonight
        </Button>
      ) : null}
    </div>
  );
}

/** How tonight (or a night picked) went, the 7 nights before it as charts, and the background work's health. */
function HowWasTonight() {
  const [night, setNight] = useState<string | undefined>();
  const overview = useAdminOverview(night);
  if (overview.isPending) return <ListNote>Loading tonight's figures...</ListNote>;
  if (overview.isError)
    return <ListNote tone="error">Tonight's figures could not be loaded. They will be tried again shortly.</ListNote>;
  const data = overview.data;
  return (
    <div className="grid gap-4">
      <NightPicker
        night={data.night.night}
        tonight={data.night.isTonight ? data.night.night : clubNightOf(new Date(), data.timeZone)}
        onChange={setNight}
      />
      {data.venue ? (
        <p className="text-sm text-white/75">
          {data.venue.name}: redemptions, bookings and messages at this venue, nights in its time zone; claims, new members,
          comments and points are the group's.
        </p>
      ) : null}
      <NightFigures overview={data} />
      <VenuesTonight overview={data} />
      <GuestListLine />
      {data.night.isTonight ? <DoorsTonight /> : null}
      <section aria-labelledby="overview-nights" className="grid gap-3">
        <h2 id="overview-nights" className="font-display text-2xl text-gold">
          {data.night.isTonight ? 'Tonight and the nights before' : `The nights to ${data.night.label}`}
        </h2>
        <Suspense fallback={<ListNote>Loading charts...</ListNote>}>
          <NightCharts nights={data.nights} />
        </Suspense>
      </section>
      <BackgroundHealth overview={data} />
    </div>
  );
}

/** The three overview cards, with real figures, then tonight's (PRODUCT.md §2.6). */
export function OverviewTab() {
  const members = useMemberCount();
  const news = useNewsCount();
  const ready = useSystemReady();
  const activeCampaign = useActiveCampaignConnection();
  const loading = '…';
  return (
    <div className="grid gap-6">
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
          extra={activeCampaign.data === undefined ? undefined : `ActiveCampaign: ${activeCampaign.data}`}
        />
      </div>
      <HowWasTonight />
    </div>
  );
}
