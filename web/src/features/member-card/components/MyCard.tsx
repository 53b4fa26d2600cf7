import { tierLabel } from '@nocturne/domain';
import { BigCode, useBigCodeParam } from '@/components/big-code';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { OfflineNote } from '@/components/ui/offline-note';
import { QrCode } from '@/components/ui/qr-code';
import { ShortCode } from '@/components/ui/short-code';
import { WalletButtons } from '@/components/wallet-buttons';
import { useVenueTime } from '@/lib/venue-time';
import { useMyCard } from '../api/card';

/**
 * "My card" (PRODUCT.md §2.5): the member's name, tier and member since, and the QR and short code
 * door staff scan, drawn as a coupon's are. Scanning it at the door records the night's visit.
 * With no signal it is shown from the device's saved copy, under "Offline: updated HH:MM".
 */
export function MyCard() {
  const card = useMyCard();
  const venueTime = useVenueTime();
  const [big, setBig] = useBigCodeParam();
  if (card.data === undefined) {
    return (
      <Card title="My card">
        {card.isError ? <ListNote tone="error">Failed to fetch your card</ListNote> : <ListNote>Loading your card...</ListNote>}
      </Card>
    );
  }
  const { firstName, lastName, tier, memberSince, qrPayload, shortCode } = card.data;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (big === '1')
    return <BigCode payload={qrPayload} shortCode={shortCode} title={`Member card · ${name}`} onClose={() => setBig(null)} />;
  return (
    <Card title="My card">
      <OfflineNote answers={[card]} />
      <div className="mx-auto grid max-w-sm justify-items-center gap-3 rounded-2xl border border-gold/40 bg-night-950/60 p-5 text-center">
        <p className="font-display text-2xl text-gold" data-testid="card-name">
          {name}
        </p>
        <dl className="grid grid-cols-2 gap-x-6 text-sm">
          <dt className="text-white/70">Tier</dt>
          <dt className="text-white/70">Member since</dt>
          <dd className="font-semibold text-white">{tierLabel(tier)}</dd>
          <dd className="font-semibold text-white">{venueTime.day(memberSince)}</dd>
        </dl>
        <p className="text-xs uppercase tracking-wider text-white/75">Show this at the door</p>
        <QrCode payload={qrPayload} alt={`Member card of ${name}`} testId="card-qr" />
        <ShortCode code={shortCode} testId="card-short-code" />
        <p className="text-xs text-white/75">Staff scan it when you arrive: a visit earns points once a night.</p>
        <Button variant="outline" onClick={() => setBig('1')}>
          Large code
        </Button>
        <WalletButtons target={{ kind: 'card' }} label="my card" />
      </div>
    </Card>
  );
}
