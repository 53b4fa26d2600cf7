import { useNavigate } from 'react-router-dom';
import type { SecondFactorState, User } from '@nocturne/contracts';
import { homeFor, storeSession } from '@/lib/session';

/** Stores the session and sends the user to their area: admins to the dashboard, members to theirs. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (sessionId: string, user: User, firstSignIn?: boolean, secondFactor?: SecondFactorState) => {
    storeSession(sessionId, user, firstSignIn ?? false);
    // A staff sign-in owing its second factor (or a manager or admin who must enrol one) goes there first.
    const owes = secondFactor === 'pending' || secondFactor === 'enrol';
    void navigate(owes ? '/two-factor' : homeFor(user), { replace: true });
  };
}
