import { Link } from 'react-router-dom';
import { runsTheVenue } from '@nocturne/domain';
import { buttonClass } from '@/components/ui/button';
import { useLogout } from '@/features/account/hooks/use-logout';
import { DoorMode, type DoorCamera } from '@/features/door/components/DoorMode';
import { startDecodingCamera } from '@/features/qr-scanner/api/camera';
import { SessionGate } from './session-gate';

// The qr-scanner's camera and decoder, behind door mode's own (lazy) route: none of it loads elsewhere.
const camera: DoorCamera = (elementId, onDecoded, { paused }) => startDecodingCamera(elementId, onDecoded, { paused });

function DoorHeaderActions({ staffDashboard }: { staffDashboard: boolean }) {
  const logout = useLogout();
  return (
    <div className="flex items-center gap-2">
      {staffDashboard ? (
        <Link to="/admin-dashboard" className={buttonClass('ghost', 'px-3')}>
          Dashboard
        </Link>
      ) : null}
      <button type="button" onClick={logout} className={buttonClass('outline', 'px-4')}>
        Logout
      </button>
    </div>
  );
}

/** Door mode (PRODUCT.md §2.12), for every staff role; door staff land here after sign-in. */
export default function DoorRoute() {
  return (
    <SessionGate access="door">
      {(user) => <DoorMode startCamera={camera} header={<DoorHeaderActions staffDashboard={runsTheVenue(user.role)} />} />}
    </SessionGate>
  );
}
