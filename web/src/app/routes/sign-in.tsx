import { Navigate, useLocation } from 'react-router-dom';
import { SignInScreen, StaffSignInScreen } from '@/features/auth/components/SignInScreen';
import { homeFor, readSession } from '@/lib/session';

/** /members-login, /members-register (opens Create Account) and /admin-login (staff: sign in only). */
export default function SignInRoute() {
  const { pathname } = useLocation();
  const session = readSession();
  // Someone already signed in has nothing to do here.
  if (session) return <Navigate to={homeFor(session.user)} replace />;
  if (pathname === '/admin-login') {
    return (
      <>
        <title>Staff Sign In · Nocturne</title>
        <StaffSignInScreen />
      </>
    );
  }
  return (
    <>
      <title>Members Portal · Nocturne</title>
      <SignInScreen key={pathname} initialTab={pathname === '/members-register' ? 'register' : 'login'} />
    </>
  );
}
