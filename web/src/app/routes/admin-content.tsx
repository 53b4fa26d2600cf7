import type { User } from '@nocturne/contracts';
import { Card } from '@/components/ui/card';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { CreatePostForm } from '@/features/admin-news/components/CreatePostForm';
import { featuredImageSlot } from './featured-image-slot';
import { SessionGate } from './session-gate';

function AdminContentPage({ user }: { user: User }) {
  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <title>Create Content · Nocturne</title>
      <AreaHeader title="Create Content" firstName={user.firstName} />
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <Card title="New Content Post" description="Publish an announcement, event, exclusive content or promotion.">
          <CreatePostForm imageUpload={featuredImageSlot} />
        </Card>
      </main>
    </div>
  );
}

/** Staff stay; members go to their dashboard; no session goes to sign in (PRODUCT.md §2.7). */
export default function AdminContentRoute() {
  return <SessionGate access="staff">{(user) => <AdminContentPage user={user} />}</SessionGate>;
}
