import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { User } from '@nocturne/contracts';
import { runsTheVenue, STAFF_ROLES } from '@nocturne/domain';
import { PageLoading } from '@/components/ui/page-loading';
import { useMe } from '@/features/account/api/me';
import { ApiError, forgetValidatedAnswers } from '@/lib/api-client';
import { forgetSavedAnswers, restoreSavedAnswers, saveAnswersAsTheyArrive } from '@/lib/offline-cache';
import { clearSession, readSession, storeSession } from '@/lib/session';

const isExpiry = (error: unknown) => error instanceof ApiError && error.status === 401;

/** True once any call of the signed-in area answers 401: the server no longer knows the session. */
function useSessionExpired(): boolean {
  const queryClient = useQueryClient();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (event.type === 'updated' && event.action?.type === 'error' && isExpiry(event.action.error)) setExpired(true);
    };
    const stopQueries = queryClient.getQueryCache().subscribe(onEvent);
    const stopMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return expired;
}

/**
 * Session handling for the signed-in areas (PRODUCT.md §6): no stored session and user → sign in; admin
 * areas send members to their own dashboard; "Loading..." until the fresh user (points) arrives
 * from routes.getMe. A session the server no longer knows (any 401) is cleared, not kept.
 */
/**
 * The member area keeps a copy of the member and their coupons on the device (lib/offline-cache),
 * so at the door, with no signal, My Coupons still shows the QR codes. The admin area never does.
 */
function useSavedAnswers(sessionId: string | undefined, enabled: boolean): void {
  const queryClient = useQueryClient();
  // Restored before the first render's queries run, so an offline start shows the saved copy.
  useState(() => {
    if (sessionId && enabled) restoreSavedAnswers(queryClient, sessionId);
    return null;
  });
  useEffect(() => {
    if (!sessionId || !enabled) return;
    return saveAnswersAsTheyArrive(queryClient, sessionId);
  }, [queryClient, sessionId, enabled]);
}

/**
 * `staff`: the staff dashboard's pages, for managers and admins; `door`: door mode, for every staff
 * role (door, manager, admin); `member`: the members area, for any account.
 */
export type GateAccess = 'member' | 'staff' | 'door';

export function SessionGate({ access = 'member', children }: { access?: GateAccess; children: (user: User) => ReactNode }) {
  const session = readSession();
  const queryClient = useQueryClient();
  useSavedAnswers(session?.sessionId, access === 'member' && session?.user.role === 'member');
  const me = useMe(session !== null);
  const expired = useSessionExpired() || isExpiry(me.error);
  const sessionId = session?.sessionId;

  useEffect(() => {
    if (expired) {
      clearSession();
      forgetValidatedAnswers();
      forgetSavedAnswers();
      queryClient.clear();
    } else if (me.data && sessionId) storeSession(sessionId, me.data);
  }, [expired, me.data, sessionId, queryClient]);

  if (!session || expired) return <Navigate to="/members-login" replace />;
  const user = me.data ?? session.user;
  if (access === 'staff' && !runsTheVenue(user.role))
    return <Navigate to={user.role === 'door' ? '/door' : '/member-dashboard'} replace />;
  if (access === 'door' && !(STAFF_ROLES as readonly string[]).includes(user.role))
    return <Navigate to="/member-dashboard" replace />;
  // Other failures (network blips) fall back to the stored user rather than trapping the member.
  if (me.isPending) return <PageLoading />;
  return <>{children(user)}</>;
}
