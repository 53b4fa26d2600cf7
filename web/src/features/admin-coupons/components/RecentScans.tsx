import { Badge, ListNote } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useRecentScans } from '../api/scan-log';

/** The door's last scans (every validate and redeem is logged with the admin who scanned). */
export function RecentScans() {
  const scans = useRecentScans();
  if (scans.isPending) return <ListNote>Loading scans...</ListNote>;
  if (scans.isError) return <ListNote tone="error">Failed to fetch scans</ListNote>;
  if (scans.data.scans.length === 0) return <ListNote>No scans yet.</ListNote>;
  return (
    <ul aria-label="Recent scans" className="grid max-h-96 gap-2 overflow-y-auto pr-1 text-sm">
      {scans.data.scans.map((scan) => (
        <li key={scan.id} className="grid gap-1 rounded-lg border border-white/10 bg-night-950/60 p-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={scan.result === 'accepted' ? 'green' : 'red'}>{scan.result === 'accepted' ? 'Accepted' : 'Rejected'}</Badge>
            <span className="text-white/85">{scan.action === 'redeem' ? 'Redeem' : 'Validate'}</span>
            <time dateTime={scan.at} className="text-xs text-white/70">
              {formatDateTime(scan.at)}
            </time>
          </div>
          <p className="text-white/85">
            {[scan.couponCode, scan.memberName].filter(Boolean).join(' · ') || 'Unknown code'} — {scan.reason}
          </p>
          {scan.adminName ? <p className="text-xs text-white/70">Scanned by {scan.adminName}</p> : null}
        </li>
      ))}
    </ul>
  );
}
