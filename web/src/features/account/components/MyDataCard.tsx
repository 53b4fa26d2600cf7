import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { forgetValidatedAnswers } from '@/lib/api-client';
import { reasonOr, toastError } from '@/lib/notify';
import { clearSession } from '@/lib/session';
import { useDeleteMyAccount, useDownloadMyData } from '../api/my-data';

/** Australian Privacy Principles 12 and 13: a copy of my data, and deleting my account. */
export function MyDataCard() {
  const download = useDownloadMyData();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card
      title="My Data"
      description="Download everything the club holds about you, or delete your account. Deleting cannot be undone: your points and coupons go with it."
    >
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) => toastError(reasonOr(error, 'We could not prepare your data. Please try again.')),
            })
          }
        >
          {download.isPending ? 'Preparing...' : 'Download My Data'}
        </Button>
        <Button variant="ghost" className="text-red-200 hover:text-red-100" onClick={() => setConfirming(true)}>
          Delete My Account
        </Button>
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="Your name, e-mail, comments and sign-ins are erased and you are signed out everywhere. Enter your password to confirm."
      >
        <DeleteAccountForm onCancel={() => setConfirming(false)} />
      </Modal>
    </Card>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const remove = useDeleteMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    remove.mutate(password, {
      onSuccess: () => {
        clearSession();
        forgetValidatedAnswers();
        queryClient.clear();
        toast({ title: 'Account deleted', description: 'Your account and personal data have been deleted.' });
        void navigate('/', { replace: true });
      },
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Delete account">
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {remove.isError ? (
        <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
          {reasonOr(remove.error, 'We could not delete your account. Please try again.')}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep My Account
        </Button>
        <Button type="submit" variant="neon" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Account'}
        </Button>
      </div>
    </form>
  );
}
