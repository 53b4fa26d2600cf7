import { SessionGate } from './session-gate';

export default function AdminContentRoute() {
  return <SessionGate adminOnly />;
}
