import type { User } from '@nocturne/contracts';
import { Card } from '@/components/ui/card';
import { capitalise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { ConsentCard } from './ConsentCard';
import { MyDataCard } from './MyDataCard';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';
import { SecondFactorCard } from './SecondFactorCard';

/** The profile (email, name, the real join date, tier; PRODUCT.md §2.5), with the member's own changes below it. */
export function ProfileTab({ user }: { user: User }) {
  const venueTime = useVenueTime();
  const rows: [string, string][] = [
    ['Email', user.email],
    ['First Name', user.firstName],
    ['Last Name', user.lastName ?? ''],
    ['Member Since', venueTime.day(user.createdAt)],
    ['Tier', capitalise(user.memberTier || 'bronze')],
  ];
  return (
    <div className="grid gap-6">
      <Card title="Profile">
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(([term, value]) => (
            <div key={term} className="rounded-lg border border-white/10 bg-night-950/60 p-3">
              <dt className="text-xs uppercase tracking-wider text-white/70">{term}</dt>
              <dd className="mt-1 break-all text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <ConsentCard />
      <Card title="Your Name">
        <NameForm user={user} />
      </Card>
      <Card title="Password">
        <PasswordForm />
      </Card>
      {user.role === 'member' ? null : <SecondFactorCard />}
      <MyDataCard />
    </div>
  );
}
