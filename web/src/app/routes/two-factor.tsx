import { TwoFactorScreen } from '@/features/auth/components/TwoFactorScreen';

/** /two-factor: the second step of a staff sign-in, or the enrolment a manager or admin must finish first. */
export default function TwoFactorRoute() {
  return (
    <>
      <title>Second step · Nocturne</title>
      <TwoFactorScreen />
    </>
  );
}
