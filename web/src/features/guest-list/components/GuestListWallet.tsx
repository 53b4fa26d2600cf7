import { useQuery } from '@tanstack/react-query';
import { WalletButtons, walletSettingsQueryOptions } from '@/components/wallet-buttons';

/**
 * Under the member's guest lists: the card the door scans to find them on the list, to add to
 * Apple or Google Wallet where the server has that wallet (the card pass shows the nearest coming
 * night they are on a list for, and an Apple card updates as they join or leave); where it has neither, says so (My card
 * works at the door as well). Nothing until the server has said which wallets it has.
 */
export function GuestListWallet() {
  const settings = useQuery(walletSettingsQueryOptions()).data;
  if (!settings) return null;
  const on = settings.apple || settings.google;
  return (
    <div data-testid="guest-list-wallet" className="grid gap-2 text-sm text-white/80">
      {on ? (
        <>
          <p>At the door your card finds you on the list: keep it in your wallet, where it shows your next night on a list.</p>
          <WalletButtons target={{ kind: 'card' }} label="my card for the guest list" />
        </>
      ) : (
        <p>Wallet passes are switched off on this server: show My card at the door and it finds you on the list.</p>
      )}
    </div>
  );
}
