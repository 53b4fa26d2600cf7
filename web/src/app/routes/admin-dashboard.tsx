import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { User } from '@nocturne/contracts';
import { buttonClass } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { AreaTabs } from '@/components/ui/tabs';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { AdminCouponsTab } from '@/features/admin-coupons/components/AdminCouponsTab';
import { EmailTab } from '@/features/admin-email/components/EmailTab';
import { useInboxCounts } from '@/features/admin-inbox/api/inbox';
import { BookingsInbox } from '@/features/admin-inbox/components/BookingsInbox';
import { MessagesInbox } from '@/features/admin-inbox/components/MessagesInbox';
import { MembersTable } from '@/features/admin-members/components/MembersTable';
import { CommentModeration } from '@/features/admin-moderation/components/CommentModeration';
import { CreatePostForm } from '@/features/admin-news/components/CreatePostForm';
import { PublishedPosts } from '@/features/admin-news/components/PublishedPosts';
import { OverviewTab } from '@/features/admin-overview/components/OverviewTab';
import { WebhooksTab } from '@/features/admin-webhooks/components/WebhooksTab';
import { featuredImageSlot } from './featured-image-slot';
import { SessionGate } from './session-gate';

// The scanner (and its QR decoder behind it) loads on the first "Scan QR Code".
const ScannerDialog = lazy(() =>
  import('@/features/qr-scanner/components/ScannerDialog').then((module) => ({ default: module.ScannerDialog })),
);

function NewsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Create News Post">
        <CreatePostForm imageUpload={featuredImageSlot} />
      </Card>
      <Card title="Published Posts">
        <PublishedPosts imageUpload={featuredImageSlot} />
      </Card>
    </div>
  );
}

function CouponsTab() {
  const [scanner, setScanner] = useState({ open: false, used: false });
  return (
    <>
      <AdminCouponsTab onScan={() => setScanner({ open: true, used: true })} />
      {scanner.used ? (
        <Suspense fallback={null}>
          <ScannerDialog open={scanner.open} onOpenChange={(open) => setScanner({ open, used: true })} />
        </Suspense>
      ) : null}
    </>
  );
}

function AdminDashboard({ user }: { user: User }) {
  // The open tab lives in the address (?tab=members), so a member's page can lead back to it.
  const [params, setParams] = useSearchParams();
  const openTab = (tab: string) => setParams(tab === 'overview' ? {} : { tab }, { replace: true });
  const waiting = useInboxCounts().data;
  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <title>Admin Dashboard · Nocturne</title>
      <AreaHeader
        title="Admin Dashboard"
        firstName={user.firstName}
        badge={<Badge tone="neon">{user.role === 'admin' ? 'Administrator' : 'Manager'}</Badge>}
        aside={
          <Link to="/door" className={buttonClass('outline')}>
            Door mode
          </Link>
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <AreaTabs
          label="Admin dashboard"
          defaultValue={params.get('tab') ?? 'overview'}
          onValueChange={openTab}
          tabs={[
            { value: 'overview', label: 'Overview', content: <OverviewTab /> },
            { value: 'news', label: 'News', content: <NewsTab /> },
            { value: 'comments', label: 'Comments', content: <CommentModeration /> },
            { value: 'members', label: 'Members', content: <MembersTable /> },
            { value: 'email', label: 'Email', content: <EmailTab /> },
            { value: 'coupons', label: 'Coupons', content: <CouponsTab /> },
            { value: 'bookings', label: 'Bookings', count: waiting?.requestedBookings, content: <BookingsInbox /> },
            { value: 'messages', label: 'Messages', count: waiting?.newMessages, content: <MessagesInbox /> },
            // Webhooks send member data to other systems: admins only.
            ...(user.role === 'admin' ? [{ value: 'webhooks', label: 'Webhooks', content: <WebhooksTab /> }] : []),
          ]}
        />
      </main>
    </div>
  );
}

// Members here would only meet 403s, so they are sent to their own area (the api enforces every
// role's rights either way).
export default function AdminDashboardRoute() {
  return <SessionGate access="staff">{(user) => <AdminDashboard user={user} />}</SessionGate>;
}
