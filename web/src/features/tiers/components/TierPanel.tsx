import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { useAcknowledgeCelebration, useMyTier } from '../api/tiers';

/**
 * The member's tier (PRODUCT.md §2.5 Tiers): what it gives, what the next one gives and how far it is
 * ("120 points to Gold"); a tier newly reached is celebrated once, until the member says thanks.
 */
export function TierPanel() {
  const tier = useMyTier();
  const acknowledge = useAcknowledgeCelebration();
  const data = tier.data;
  return (
    <Card title="Your Tier Benefits">
      {data === undefined ? (
        <ListNote tone={tier.isError ? 'error' : 'muted'}>
          {tier.isError ? 'Failed to fetch your tier' : 'Loading your tier...'}
        </ListNote>
      ) : (
        <div className="grid gap-4">
          {data.celebrate ? (
            <div role="status" className="grid gap-2 rounded-2xl border border-gold/50 bg-gold/15 px-4 py-3 text-gold-light">
              <p className="font-semibold">Congratulations, you reached {data.current.label}!</p>
              <div>
                <Button onClick={() => acknowledge.mutate(data.celebrate!)} disabled={acknowledge.isPending}>
                  Thanks!
                </Button>
              </div>
            </div>
          ) : null}
          <section aria-label={`${data.current.label} benefits`} className="grid gap-1">
            <h3 className="text-lg font-semibold text-white">
              {data.current.label} <span className="text-sm font-normal text-white/75">earns {data.current.multiplierText}</span>
            </h3>
            <p className="text-white/85">{data.current.benefit}</p>
          </section>
          {data.next ? (
            <section aria-label={`Next: ${data.next.label}`} className="grid gap-2 border-t border-white/10 pt-4">
              <p className="font-semibold text-gold-light">{data.toNext}</p>
              <div
                role="progressbar"
                aria-label={`Progress to ${data.next.label}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(data.progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-white/10"
              >
                <div className="h-full bg-gold" style={{ width: `${Math.round(data.progress * 100)}%` }} />
              </div>
              <h3 className="text-base font-semibold text-white">
                Next: {data.next.label}{' '}
                <span className="text-sm font-normal text-white/75">earns {data.next.multiplierText}</span>
              </h3>
              <p className="text-white/85">{data.next.benefit}</p>
            </section>
          ) : (
            <p className="text-white/75">You are at the top tier.</p>
          )}
        </div>
      )}
    </Card>
  );
}
