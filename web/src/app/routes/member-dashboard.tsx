import { SessionGate } from './session-gate';

export default function MemberDashboardRoute() {
  return <SessionGate />;
}
