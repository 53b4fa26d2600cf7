import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthTab = 'login' | 'register';

const triggerClass =
  'min-h-11 flex-1 rounded-full px-4 text-sm font-semibold uppercase tracking-wider text-white/80 transition-colors data-[state=active]:bg-gold data-[state=active]:text-night-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold';

function SignInOrReset() {
  const [forgotPassword, setForgotPassword] = useState(false);
  return forgotPassword ? (
    <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
  ) : (
    <LoginForm onForgotPassword={() => setForgotPassword(true)} />
  );
}

/** /admin-login: staff sign in with the accounts the venue gives them; nobody creates one here. */
export function StaffSignInScreen() {
  return (
    <AuthLayout title="Staff Sign In" subtitle="For venue staff: sign in with the account the venue gave you.">
      <SignInOrReset />
    </AuthLayout>
  );
}

/** The screen behind /members-login and /members-register (which opens Create Account). */
export function SignInScreen({ initialTab = 'login' }: { initialTab?: AuthTab }) {
  const [tab, setTab] = useState<AuthTab>(initialTab);

  return (
    <AuthLayout title="Members Portal" subtitle="Sign in or join the club for news, points and exclusive coupons.">
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
        <Tabs.List aria-label="Account" className="flex gap-1 rounded-full border border-white/10 bg-night-950/80 p-1">
          <Tabs.Trigger value="login" className={triggerClass}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="register" className={triggerClass}>
            Create Account
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" className="mt-6 focus-visible:outline-none">
          <SignInOrReset />
        </Tabs.Content>
        <Tabs.Content value="register" className="mt-6 focus-visible:outline-none">
          <RegisterForm />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}
