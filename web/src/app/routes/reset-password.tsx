import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

/** A reset link's page, or a staff invitation's (`invited=1`): someone who never had a password chooses one. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const invited = params.get('invited') === '1';
  return (
    <>
      <title>{invited ? 'Choose Your Password · Nocturne' : 'Reset Password · Nocturne'}</title>
      <AuthLayout
        title={invited ? 'Choose your password' : 'Choose a New Password'}
        subtitle={
          invited
            ? 'Enter the password for your staff account twice to confirm it.'
            : 'Enter your new password twice to confirm it.'
        }
      >
        <ResetPasswordForm token={params.get('token')} invited={invited} />
      </AuthLayout>
    </>
  );
}
