import { Navigate, useSearchParams } from 'react-router-dom';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import { SessionGate } from './session-gate';

/**
 * `/admin-dashboard`, where staff land after signing in and older links point: the screen its
 * `?tab=` named, else the first; the screen's page sends a role elsewhere if it may not see it.
 */
export default function AdminDashboardRedirect() {
  const [params] = useSearchParams();
  const asked = ADMIN_SCREENS.find((screen) => screen === params.get('tab')) ?? ADMIN_SCREENS[0];
  return <SessionGate access="staff">{() => <Navigate to={`/admin/${asked}`} replace />}</SessionGate>;
}
