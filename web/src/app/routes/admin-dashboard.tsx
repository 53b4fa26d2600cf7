import { SessionGate } from './session-gate';

// SPEC 6: the dashboard renders whenever a session exists; the API enforces admin rights.
export default function AdminDashboardRoute() {
  return <SessionGate />;
}
