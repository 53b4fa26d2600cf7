import type { ClubNightFigures } from '@nocturne/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Loaded on its own (React.lazy in OverviewTab): recharts and its dependencies stay out of every
// bundle but the admin's, and load once the overview is open.

type Figure = Exclude<keyof ClubNightFigures, 'night' | 'label' | 'start' | 'end'>;

interface Series {
  key: Figure;
  name: string;
  color: string;
}

interface ChartGroup {
  title: string;
  kind: 'bar' | 'line';
  series: Series[];
}

/** Colours of the theme (index.css) with enough contrast on the night background. */
const GOLD = '#d4af37';
const NEON = '#ff6ec7';
const SKY = '#7dd3fc';
const AXIS = 'rgba(255, 255, 255, 0.8)';

const CHART_GROUPS: ChartGroup[] = [
  {
    title: 'Coupons',
    kind: 'bar',
    series: [
      { key: 'claims', name: 'Claims', color: GOLD },
      { key: 'redemptions', name: 'Redemptions', color: NEON },
    ],
  },
  {
    title: 'Members and comments',
    kind: 'bar',
    series: [
      { key: 'newMembers', name: 'New members', color: GOLD },
      { key: 'comments', name: 'Comments', color: SKY },
    ],
  },
  {
    title: 'Points',
    kind: 'line',
    series: [
      { key: 'pointsIssued', name: 'Issued', color: GOLD },
      { key: 'pointsSpent', name: 'Spent', color: NEON },
      { key: 'pointsWithdrawn', name: 'Withdrawn', color: SKY },
    ],
  },
];

/** The chart's figures for a screen reader: the same numbers as a table nobody sees. */
function FiguresTable({ group, nights }: { group: ChartGroup; nights: ClubNightFigures[] }) {
  return (
    <table className="sr-only">
      <caption>{group.title}, per night</caption>
      <thead>
        <tr>
          <th scope="col">Night</th>
          {group.series.map((series) => (
            <th key={series.key} scope="col">
              {series.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {nights.map((night) => (
          <tr key={night.night}>
            <th scope="row">{night.label}</th>
            {group.series.map((series) => (
              <td key={series.key}>{night[series.key]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Chart({ group, nights }: { group: ChartGroup; nights: ClubNightFigures[] }) {
  const axes = [
    <CartesianGrid key="grid" stroke="rgba(255, 255, 255, 0.12)" vertical={false} />,
    <XAxis key="x" dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} stroke={AXIS} interval="preserveStartEnd" />,
    <YAxis key="y" allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={AXIS} width={40} />,
    <Tooltip
      key="tooltip"
      contentStyle={{ background: '#0f0a1a', border: '1px solid rgba(212, 175, 55, 0.4)', color: '#fff' }}
      cursor={{ fill: 'rgba(255, 255, 255, 0.06)' }}
    />,
    <Legend key="legend" wrapperStyle={{ color: AXIS, fontSize: 12 }} />,
  ];
  return (
    <ResponsiveContainer width="100%" height={220}>
      {group.kind === 'bar' ? (
        <BarChart data={nights} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          {axes}
          {group.series.map((series) => (
            <Bar key={series.key} dataKey={series.key} name={series.name} fill={series.color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      ) : (
        <LineChart data={nights} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          {axes}
          {group.series.map((series) => (
            <Line key={series.key} dataKey={series.key} name={series.name} stroke={series.color} strokeWidth={2} dot />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}

/** One chart per figure group over the nights shown, each with its numbers as a hidden table. */
function NightCharts({ nights }: { nights: ClubNightFigures[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {CHART_GROUPS.map((group) => (
        <figure key={group.title} className="rounded-2xl border border-gold/20 bg-night-900/80 p-4" data-chart={group.title}>
          <figcaption className="mb-2 text-sm uppercase tracking-wider text-white/75">{group.title}</figcaption>
          <div aria-hidden="true">
            <Chart group={group} nights={nights} />
          </div>
          <FiguresTable group={group} nights={nights} />
        </figure>
      ))}
    </div>
  );
}

export default NightCharts;
