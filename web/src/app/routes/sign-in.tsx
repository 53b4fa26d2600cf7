import { Navigate, useLocation } from 'react-router-dom';
import { SignInScreen } from '@/features/auth/components/SignInScreen';
import { homeFor, readSession } from '@/lib/session';

/** /members-login, /members-register (opens Create Account) and /admin-login. */
export default function SignInRoute() {
  const { pathname } = useLocation();
  const session = readSession();
  // Someone already signed in has nothing to do here.
  if (session) return <Navigate to={homeFor(session.user)} replace />;
  return (
    <>
      <title>Members Portal · Nocturne</title>
      <SignInScreen key={pathname} initialTab={pathname === '/members-register' ? 'register' : 'login'} />
    </>
  );
}
