import type { User } from '@nocturne/contracts';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { MemberView } from '@/features/admin-members/components/MemberView';
import { SessionGate } from './session-gate';

function AdminMemberPage({ user }: { user: User }) {
  const { id = '' } = useParams();
  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <AreaHeader
        title="Member"
        firstName={user.firstName}
        badge={<Badge tone="neon">{user.role === 'admin' ? 'Administrator' : 'Manager'}</Badge>}
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <nav aria-label="Back" className="mb-6">
          <Link to="/admin/members" className={buttonClass('outline', 'px-4')}>
            <span aria-hidden="true">←</span> Back to Members
          </Link>
        </nav>
        <MemberView key={id} memberId={id} currentAdminId={user.id} />
      </main>
    </div>
  );
}

/** A member's page for staff, linked from the Members table (a deep link works too); managers and admins. */
export default function AdminMemberRoute() {
  return <SessionGate access="staff">{(user) => <AdminMemberPage user={user} />}</SessionGate>;
}
