import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Reset Password · Nocturne</title>
      <AuthLayout title="Choose a New Password" subtitle="Enter your new password twice to confirm it.">
        <ResetPasswordForm token={params.get('token')} />
      </AuthLayout>
    </>
  );
}
