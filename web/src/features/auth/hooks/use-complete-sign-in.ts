import { useNavigate } from 'react-router-dom';
import type { User } from '@nocturne/contracts';
import { homeFor, storeSession } from '@/lib/session';

/** Stores the session and sends the user to their area: admins to the dashboard, members to theirs. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (sessionId: string, user: User, firstSignIn?: boolean) => {
    storeSession(sessionId, user, firstSignIn ?? false);
    navigate(homeFor(user), { replace: true });
  };
}
