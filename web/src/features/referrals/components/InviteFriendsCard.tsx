import type { ReferralView } from '@nocturne/contracts';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useVenueTime } from '@/lib/venue-time';
import { useMyReferrals } from '../api/referrals';

const STATE_LABELS: Record<ReferralView['state'], { label: string; tone: 'gold' | 'green' | 'muted' }> = {
  pending: { label: 'Pending first visit', tone: 'gold' },
  earned: { label: 'Earned', tone: 'green' },
  refused: { label: 'No points', tone: 'muted' },
};

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Invite link copied' });
  } catch {
    toast({ title: 'Could not copy the link', description: 'Select it and copy it by hand.', variant: 'destructive' });
  }
}

async function share(link: string) {
  try {
    await navigator.share({ title: 'Join me at Nocturne', text: 'Join me at Nocturne: sign up with my invite link.', url: link });
  } catch {
    // The person closed the share sheet: nothing to say.
  }
}

/**
 * Invite friends (PRODUCT.md §2.5): the member's invite link with Copy and Share (Share only where
 * the device offers it), and the people who joined through it: pending until their first visit,
 * earned, or no points with the reason.
 */
export function InviteFriendsCard() {
  const venueTime = useVenueTime();
  const mine = useMyReferrals();
  const data = mine.data;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Card
      title="Invite Friends"
      description={
        data
          ? `When a friend signs up with your link and makes a first visit, you both earn ${data.pointsEach} points (up to ${data.perMonth} invites a month).`
          : undefined
      }
    >
      {data === undefined ? (
        mine.isError ? (
          <ListNote tone="error">Failed to fetch your invite link</ListNote>
        ) : (
          <ListNote>Loading your invite link...</ListNote>
        )
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-2">
            <label htmlFor="invite-link" className="text-xs uppercase tracking-wider text-white/70">
              Your invite link
            </label>
            <input
              id="invite-link"
              readOnly
              value={data.link}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-lg border border-white/15 bg-night-950/60 px-3 py-2 text-sm text-white"
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(data.link)}>Copy</Button>
              {canShare ? (
                <Button variant="outline" onClick={() => void share(data.link)}>
                  Share
                </Button>
              ) : null}
            </div>
          </div>
          {data.referrals.length === 0 ? (
            <ListNote>Nobody has joined through your link yet.</ListNote>
          ) : (
            <ul aria-label="People you invited" className="grid gap-2">
              {data.referrals.map((referral) => {
                const state = STATE_LABELS[referral.state];
                return (
                  <li
                    key={referral.id}
                    className="flex items-center justify-between gap-3 rounded-lg border border-white/10 bg-night-950/60 p-3"
                  >
                    <div className="min-w-0">
                      <p className="text-sm text-white">{referral.name}</p>
                      <p className="text-xs text-white/70">
                        Joined {venueTime.day(referral.joinedAt)}
                        {referral.reason ? ` · ${referral.reason}` : ''}
                        {referral.state === 'earned' && referral.points ? ` · +${referral.points} points` : ''}
                      </p>
                    </div>
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
