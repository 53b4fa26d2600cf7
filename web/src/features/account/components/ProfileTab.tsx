import type { User } from '@nocturne/contracts';
import { Card } from '@/components/ui/card';
import { capitalise } from '@/lib/format';

/** SPEC 2: email, first name, "Member Since" (the static word Member) and tier. */
export function ProfileTab({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Email', user.email],
    ['First Name', user.firstName],
    ['Member Since', 'Member'],
    ['Tier', capitalise(user.memberTier || 'bronze')],
  ];
  return (
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
  );
}
