import { useQuery } from '@tanstack/react-query';
import type { AdminMemberView } from '@nocturne/contracts';
import { AC_NOT_CONFIGURED } from '@nocturne/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { activeCampaignStatusQueryOptions } from '@/lib/activecampaign-status';
import { reasonOr, toastError } from '@/lib/notify';
import { useSendPasswordReset, useSetAccountDisabled } from '../api/admin-member';
import { AdjustPointsDialog } from './AdjustPointsDialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SyncContactButton } from './SyncContactButton';

type Member = AdminMemberView['member'];
type Asking = null | 'adjust' | 'reset' | 'disable' | 'enable';

/** What staff may do to the account: adjust points, send a reset link, sync, disable or enable. Each asks first. */
export function MemberAccountActions({ member, currentAdminId }: { member: Member; currentAdminId: string }) {
  const [asking, setAsking] = useState<Asking>(null);
  const reset = useSendPasswordReset(member.id);
  const access = useSetAccountDisabled(member.id);
  const acOff = useQuery(activeCampaignStatusQueryOptions()).data?.configured === false;
  const self = member.id === currentAdminId;
  const close = (open: boolean) => {
    if (!open) setAsking(null);
  };

  const sendReset = () =>
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        toast({ title: 'Password reset sent', description: answer.message });
        setAsking(null);
      },
      onError: (error) => toastError(reasonOr(error, 'Failed to send the password reset.')),
    });
  const setDisabled = (disable: boolean) =>
    access.mutate(disable, {
      onSuccess: (answer) => {
        toast({ title: disable ? 'Account disabled' : 'Account enabled', description: answer.message });
        setAsking(null);
      },
      onError: (error) =>
        toastError(reasonOr(error, disable ? 'Failed to disable the account.' : 'Failed to enable the account.')),
    });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setAsking('adjust')}>Adjust points</Button>
        <Button variant="outline" onClick={() => setAsking('reset')}>
          Send password reset
        </Button>
        <SyncContactButton member={member} acOff={acOff} describedBy="member-ac-off" label="Sync to ActiveCampaign" />
        {member.disabledAt ? (
          <Button variant="outline" onClick={() => setAsking('enable')}>
            Enable account
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => setAsking('disable')}
            disabled={self}
            aria-describedby={self ? 'member-self-note' : undefined}
          >
            Disable account
          </Button>
        )}
      </div>
      {acOff ? (
        <p id="member-ac-off" className="text-sm text-white/80">
          Sync is off: {AC_NOT_CONFIGURED} (the ActiveCampaign tab says what to set).
        </p>
      ) : null}
      {self ? (
        <p id="member-self-note" className="text-sm text-white/80">
          This is your own account: another admin would have to disable it.
        </p>
      ) : null}

      <AdjustPointsDialog member={member} open={asking === 'adjust'} onOpenChange={close} />
      <ConfirmDialog
        open={asking === 'reset'}
        onOpenChange={close}
        title="Send password reset?"
        description={`${member.firstName} gets an e-mail at ${member.email} with a link to choose a new password; it works for an hour.${
          member.disabledAt ? ' The account stays disabled until you enable it.' : ''
        }`}
        confirmLabel="Send reset link"
        pendingLabel="Sending..."
        pending={reset.isPending}
        onConfirm={sendReset}
      />
      <ConfirmDialog
        open={asking === 'disable'}
        onOpenChange={close}
        title="Disable this account?"
        description={`${member.firstName} is signed out everywhere at once, and signing in says the account has been disabled until you enable it again. Points and coupons are kept.`}
        confirmLabel="Disable account"
        pendingLabel="Disabling..."
        pending={access.isPending}
        onConfirm={() => setDisabled(true)}
      />
      <ConfirmDialog
        open={asking === 'enable'}
        onOpenChange={close}
        title="Enable this account?"
        description={`${member.firstName} can sign in again with their password.`}
        confirmLabel="Enable account"
        pendingLabel="Enabling..."
        pending={access.isPending}
        onConfirm={() => setDisabled(false)}
      />
    </div>
  );
}
