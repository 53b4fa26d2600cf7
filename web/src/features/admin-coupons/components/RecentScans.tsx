import type { QrScanEntry } from '@nocturne/contracts';
import { Badge, ListNote } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useVenueTime } from '@/lib/venue-time';
import { useNow } from '@/lib/use-now';
import { useRecentScans, useUndoRedemption } from '../api/scan-log';

const ACTION_LABELS: Record<QrScanEntry['action'], string> = { validate: 'Validate', redeem: 'Redeem', undo: 'Undo' };

/** The door's last scans (every validate, redeem and undo is logged with the admin who scanned). */
export function RecentScans() {
  const venueTime = useVenueTime();
  const scans = useRecentScans();
  const undo = useUndoRedemption();
  // An undo button goes once its window has closed, even between two polls.
  const now = useNow(5_000);
  if (scans.isPending) return <ListNote>Loading scans...</ListNote>;
  if (scans.isError) return <ListNote tone="error">Failed to fetch scans</ListNote>;
  if (scans.data.scans.length === 0) return <ListNote>No scans yet.</ListNote>;

  const undoScan = (scan: QrScanEntry) =>
    undo.mutate(scan.userCouponId!, {
      onSuccess: (answer) => toast({ title: 'Redemption undone', description: answer.message }),
      onError: (error) =>
        toast({
          title: 'Undo Failed',
          description:
            error instanceof ApiError && error.status < 500
              ? (error.serverMessage ?? error.message)
              : 'Failed to undo the redemption',
          variant: 'destructive',
        }),
    });

  return (
    <ul aria-label="Recent scans" className="grid max-h-96 gap-2 overflow-y-auto pr-1 text-sm">
      {scans.data.scans.map((scan) => (
        <li key={scan.id} className="grid gap-1 rounded-lg border border-white/10 bg-night-950/60 p-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={scan.result === 'accepted' ? 'green' : 'red'}>
              {scan.result === 'accepted' ? 'Accepted' : 'Rejected'}
            </Badge>
            <span className="text-white/85">{ACTION_LABELS[scan.action]}</span>
            <time dateTime={scan.at} className="text-xs text-white/70">
              {venueTime.dateTime(scan.at)}
            </time>
            {scan.userCouponId && scan.undoableUntil && Date.parse(scan.undoableUntil) > now ? (
              <button
                type="button"
                onClick={() => undoScan(scan)}
                disabled={undo.isPending}
                aria-label={`Undo redemption of ${scan.couponCode ?? 'this coupon'}`}
                className="ml-auto rounded-full border border-gold/70 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-gold hover:bg-gold/10 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-gold"
              >
                Undo
              </button>
            ) : null}
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
