import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@nocturne/contracts';
import { ADMIN_SCREENS, type AdminScreen } from '@nocturne/contracts/constants';
import { buttonClass } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { AreaTabs } from '@/components/ui/tabs';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { StepUpDialog } from '@/features/auth/components/StepUpDialog';
import { AdminCouponsTab } from '@/features/admin-coupons/components/AdminCouponsTab';
import { AuditScreen } from '@/features/admin-audit/components/AuditScreen';
import { DoorsCard } from '@/features/admin-doors/components/DoorsCard';
import { MembershipSettingsCard } from '@/features/admin-membership/components/MembershipSettingsCard';
import { EmailTab } from '@/features/admin-email/components/EmailTab';
import { EventsScreen } from '@/features/admin-events/components/EventsScreen';
import { PromotionsCard } from '@/features/admin-tiers/components/PromotionsCard';
import { TierBenefitsCard } from '@/features/admin-tiers/components/TierBenefitsCard';
import { useInboxCounts } from '@/features/admin-inbox/api/inbox';
import { BookingsInbox } from '@/features/admin-inbox/components/BookingsInbox';
import { MessagesInbox } from '@/features/admin-inbox/components/MessagesInbox';
import { MembersTable } from '@/features/admin-members/components/MembersTable';
import { CommentModeration } from '@/features/admin-moderation/components/CommentModeration';
import { CreatePostForm } from '@/features/admin-news/components/CreatePostForm';
import { PublishedPosts } from '@/features/admin-news/components/PublishedPosts';
import { OverviewTab } from '@/features/admin-overview/components/OverviewTab';
import { useStaff } from '@/features/admin-staff/api/staff';
import { StaffScreen } from '@/features/admin-staff/components/StaffScreen';
import { VenuesScreen } from '@/features/admin-venues/components/VenuesScreen';
import { WebhooksTab } from '@/features/admin-webhooks/components/WebhooksTab';
import { type AdminMenuItem, AdminMenu } from './admin-menu';
import { featuredImageSlot } from './featured-image-slot';
import { SessionGate } from './session-gate';
import { StaffVenueSwitcher } from './staff-venue-switcher';

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
      <div className="mt-6 grid gap-6">
        <MembershipSettingsCard />
        <TierBenefitsCard />
        <PromotionsCard />
        <DoorsCard />
      </div>
      {scanner.used ? (
        <Suspense fallback={null}>
          <ScannerDialog open={scanner.open} onOpenChange={(open) => setScanner({ open, used: true })} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The audit log, with the staff list for its person filter. */
function AuditTab() {
  const staff = useStaff().data?.staff ?? [];
  const people = staff.map((person) => ({ id: person.id, name: [person.firstName, person.lastName].filter(Boolean).join(' ') }));
  return <AuditScreen people={people} />;
}

interface Screen extends AdminMenuItem {
  /** Venues shape the group, webhooks send member data to other systems, Staff hands out roles, the audit log shows every staff action: admins only (PRODUCT.md §6). */
  adminsOnly?: boolean;
  content: ReactNode;
}

function useScreens(user: User): Screen[] {
  const waiting = useInboxCounts().data;
  const screens: Screen[] = [
    { value: 'overview', label: 'Overview', content: <OverviewTab /> },
    { value: 'news', label: 'News', content: <NewsTab /> },
    { value: 'events', label: 'Events', content: <EventsScreen posterUpload={featuredImageSlot} /> },
    { value: 'comments', label: 'Comments', content: <CommentModeration /> },
    { value: 'members', label: 'Members', content: <MembersTable canExport={user.role === 'admin'} /> },
    { value: 'email', label: 'ActiveCampaign', content: <EmailTab /> },
    { value: 'coupons', label: 'Coupons', content: <CouponsTab /> },
    { value: 'bookings', label: 'Bookings', count: waiting?.requestedBookings, content: <BookingsInbox /> },
    { value: 'messages', label: 'Messages', count: waiting?.newMessages, content: <MessagesInbox /> },
    { value: 'venues', label: 'Venues', adminsOnly: true, content: <VenuesScreen /> },
    { value: 'webhooks', label: 'Webhooks', adminsOnly: true, content: <WebhooksTab /> },
    { value: 'staff', label: 'Staff', adminsOnly: true, content: <StaffScreen currentAdminId={user.id} /> },
    { value: 'audit', label: 'Audit log', adminsOnly: true, content: <AuditTab /> },
  ];
  return screens.filter((screen) => !screen.adminsOnly || user.role === 'admin');
}

/** The screen an address names (`/admin/members` → members), if it is one. */
function screenAt(pathname: string): AdminScreen | undefined {
  const name = pathname.split('/')[2];
  return ADMIN_SCREENS.find((screen) => screen === name);
}

/**
 * The staff dashboard: each screen is its own page (`/admin/members`, PRODUCT.md §2.6), so Back,
 * reload and a shared link keep the place. Tabs on a wide screen, a menu under 600 px.
 */
function AdminDashboard({ user }: { user: User }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = useScreens(user);
  const current = screens.find((screen) => screen.value === screenAt(pathname));
  // A screen this role may not see (a manager at /admin/staff) opens the first one it may.
  if (!current) return <Navigate to={`/admin/${screens[0]!.value}`} replace />;
  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <title>{`${current.label} · Admin Dashboard · Nocturne`}</title>
      <AreaHeader
        title="Admin Dashboard"
        firstName={user.firstName}
        badge={<Badge tone="neon">{user.role === 'admin' ? 'Administrator' : 'Manager'}</Badge>}
        aside={
          <>
            <StaffVenueSwitcher />
            <Link to="/door" className={buttonClass('outline')}>
              Door mode
            </Link>
          </>
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <AdminMenu items={screens} current={current.value} />
        <AreaTabs
          label="Admin dashboard"
          value={current.value}
          onValueChange={(screen) => void navigate(`/admin/${screen}`)}
          activationMode="manual"
          listClassName="max-[599px]:hidden"
          tabs={screens}
        />
      </main>
    </div>
  );
}

// Members here would only meet 403s, so they are sent to their own area (the api enforces every
// role's rights either way).
export default function AdminDashboardRoute() {
  return (
    <SessionGate access="staff">
      {(user) => (
        <>
          <AdminDashboard user={user} />
          <StepUpDialog />
        </>
      )}
    </SessionGate>
  );
}
