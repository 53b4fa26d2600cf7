import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Sheet } from '@/components/ui/sheet';
import { MyDataCard } from '@/features/account/components/MyDataCard';
import { CouponsTab } from '@/features/coupons/components/CouponsTab';
import { CommentsSheet } from '@/features/news/components/CommentsPanel';
import { ScannerDialog } from '@/features/qr-scanner/components/ScannerDialog';
import { aMember, aNewsPost, aUserCoupon } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';

// Every dialog of the admin and the member area closes with Escape, and focus goes back
// to the control that opened it. The landing's age gate is the one dialog that must be answered.

function Opener({ kind }: { kind: 'modal' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const Panel = kind === 'modal' ? Modal : Sheet;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Panel open={open} onOpenChange={setOpen} title="A panel">
        <p>Inside</p>
      </Panel>
    </>
  );
}

async function escapeCloses(view: ReturnType<typeof renderWithApp>, name: string | RegExp) {
  expect(await screen.findByRole('dialog', { name })).toBeInTheDocument();
  await view.user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('dialogs close with Escape', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it.each(['modal', 'sheet'] as const)('the %s, giving focus back to its opener', async (kind) => {
    const view = renderWithApp(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await view.user.click(opener);
    await escapeCloses(view, 'A panel');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the QR scanner (admin coupons)', async () => {
    routeFetch({});
    const stop = jest.fn(async () => undefined);
    function Harness() {
      const [open, setOpen] = useState(true);
      return <ScannerDialog open={open} onOpenChange={setOpen} startCamera={async () => stop} />;
    }
    const view = renderWithApp(<Harness />);
    await escapeCloses(view, 'Scan QR Code');
  });

  it('the QR scanner while its "Camera Error" toast shows (the toast is a newer layer than the dialog)', async () => {
    routeFetch({});
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <ScannerDialog
          open={open}
          onOpenChange={setOpen}
          startCamera={async () => {
            throw new DOMException('Permission denied', 'NotAllowedError');
          }}
        />
      );
    }
    const view = renderWithApp(<Harness />);
    expect(await screen.findByText('Failed to access camera. Please check permissions.')).toBeInTheDocument();
    await escapeCloses(view, 'Scan QR Code');
  });

  it('a nested dialog closes alone: Escape in the inner one leaves the outer open', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <Modal open={outer} onOpenChange={setOuter} title="Outer">
          <Modal open={inner} onOpenChange={setInner} title="Inner">
            <p>Inside</p>
          </Modal>
        </Modal>
      );
    }
    const view = renderWithApp(<Nested />);
    expect(await screen.findByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });

  it('"Delete your account?" (member profile)', async () => {
    routeFetch({});
    const view = renderWithApp(<MyDataCard />);
    await view.user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await escapeCloses(view, 'Delete your account?');
  });

  it('"Redeem this coupon?" (member coupons), leaving the coupon untouched', async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [aUserCoupon()], nextCursor: null } },
    });
    const view = renderWithApp(<CouponsTab user={aMember({ currentPoints: 50 })} />);
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    await escapeCloses(view, 'Redeem this coupon?');
    expect(screen.getByRole('button', { name: 'Redeem Now' })).toBeEnabled();
  });

  it('the comments sheet (member news feed on a phone)', async () => {
    const post = aNewsPost();
    routeFetch({ [at(routes.listPostComments, { id: post.id })]: { status: 200, body: { comments: [], nextCursor: null } } });
    const onClose = jest.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <CommentsSheet
          post={open ? post : null}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      );
    }
    const view = renderWithApp(<Harness />);
    await escapeCloses(view, 'Comments');
    expect(onClose).toHaveBeenCalled();
  });
});
