import { Navigate } from 'react-router-dom';
import { PageLoading } from '@/components/ui/page-loading';
import { readSession } from '@/lib/session';

/**
 * SPEC 2/6 session handling for the signed-in areas: no stored session and user → sign in;
 * `adminOnly` areas send members to their own dashboard. The areas themselves come in issue 9;
 * until their data loads they show "Loading...".
 */
export function SessionGate({ adminOnly = false }: { adminOnly?: boolean }) {
  const session = readSession();
  if (!session) return <Navigate to="/members-login" replace />;
  if (adminOnly && !session.user.isAdmin) return <Navigate to="/member-dashboard" replace />;
  return <PageLoading />;
}
