import { queryOptions, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { reasonOr, toastError } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

export type WalletTarget = { kind: 'card' } | { kind: 'coupon'; userCouponId: string };

/** Which wallets are on (routes.getWalletSettings): it changes only with the server's configuration. */
export const walletSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.walletSettings, queryFn: () => api.call(routes.getWalletSettings), staleTime: Infinity });
const useWalletSettings = () => useQuery(walletSettingsQueryOptions());

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" for the member's card or a claimed coupon,
 * each shown only while the server has that wallet configured (nothing at all until it says so).
 * The Apple pass is fetched with the session and opened (Safari shows it and offers to add it);
 * the Google link is a signed "Save to Google Wallet" address the browser follows.
 */
export function WalletButtons({ target, label }: { target: WalletTarget; label: string }) {
  const settings = useWalletSettings();
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);
  if (!settings.data || (!settings.data.apple && !settings.data.google)) return null;

  const addToApple = async () => {
    setBusy('apple');
    try {
      const { blob } =
        target.kind === 'card'
          ? await api.download(routes.getCardApplePass)
          : await api.download(routes.getCouponApplePass, { params: { userCouponId: target.userCouponId } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/vnd.apple.pkpass' }));
      window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toastError(reasonOr(error, 'Failed to make the Apple Wallet pass'));
    } finally {
      setBusy(null);
    }
  };
  const saveToGoogle = async () => {
    setBusy('google');
    try {
      const { url } =
        target.kind === 'card'
          ? await api.call(routes.getCardGoogleWalletLink)
          : await api.call(routes.getCouponGoogleWalletLink, { params: { userCouponId: target.userCouponId } });
      window.location.assign(url);
    } catch (error) {
      toastError(reasonOr(error, 'Failed to make the Google Wallet link'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap justify-center gap-2" data-testid="wallet-buttons">
      {settings.data.apple ? (
        <Button
          variant="outline"
          onClick={() => void addToApple()}
          disabled={busy !== null}
          aria-label={`Add ${label} to Apple Wallet`}
        >
          {busy === 'apple' ? 'Preparing...' : 'Add to Apple Wallet'}
        </Button>
      ) : null}
      {settings.data.google ? (
        <Button
          variant="outline"
          onClick={() => void saveToGoogle()}
          disabled={busy !== null}
          aria-label={`Save ${label} to Google Wallet`}
        >
          {busy === 'google' ? 'Preparing...' : 'Save to Google Wallet'}
        </Button>
      ) : null}
    </div>
  );
}
