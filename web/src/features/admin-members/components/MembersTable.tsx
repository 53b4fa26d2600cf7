import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { capitalise, formatDate } from '@/lib/format';
import { toastError } from '@/lib/notify';
import { MEMBERS_PAGE_SIZE, useMembersPage, useSyncContact, type AdminMember } from '../api/admin-users';

function SyncButton({ member }: { member: AdminMember }) {
  const sync = useSyncContact();
  const onSync = () =>
    sync.mutate(member.id, {
      onSuccess: (answer) => {
        if (answer.success && answer.status === 'synced') {
          toast({ title: 'Synced!', description: `${member.email} was synced to ActiveCampaign.` });
        } else if (answer.status === 'queued') {
          // The api waits a few seconds; a busy queue finishes later, and the admin is told so.
          toast({ title: 'Sync queued', description: `${member.email} will be synced shortly.` });
        } else {
          toastError(answer.error || 'Failed to sync contact', 'Sync Failed');
        }
      },
      onError: (error) =>
        error instanceof ApiError && error.serverMessage
          ? toastError(error.serverMessage, 'Sync Failed')
          : toastError('Failed to sync contact'),
    });
  return (
    <Button variant="outline" onClick={onSync} disabled={sync.isPending} aria-label={`Sync to AC: ${member.email}`} className="px-4">
      {sync.isPending ? 'Syncing...' : 'Sync to AC'}
    </Button>
  );
}

/** SPEC 2's Member Management table, with search and paging. */
export function MembersTable() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const query = useDeferredValue(search.trim());
  const members = useMembersPage(query, page);
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));

  return (
    <Card title="Member Management" description={members.data ? `${total} ${total === 1 ? 'member' : 'members'}` : undefined}>
      <div className="mb-4 max-w-sm">
        <TextField
          label="Search members"
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
      </div>
      {members.isPending ? (
        <ListNote>Loading members...</ListNote>
      ) : members.isError ? (
        <ListNote tone="error">Failed to fetch users</ListNote>
      ) : members.data.members.length === 0 ? (
        <ListNote>No members found</ListNote>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="text-xs uppercase tracking-wider text-white/70">
              <tr>
                {['Name', 'Email', 'Points', 'Tier', 'Joined', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="border-b border-white/10 px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.id} className="border-b border-white/5">
                  <td className="px-3 py-2">
                    <span className="mr-2">{[member.firstName, member.lastName].filter(Boolean).join(' ')}</span>
                    {member.isAdmin ? <Badge tone="neon">Admin</Badge> : null}
                  </td>
                  <td className="break-all px-3 py-2 text-white/85">{member.email}</td>
                  <td className="px-3 py-2">
                    <span className="font-semibold text-gold">{member.totalPoints}</span>
                    <span className="block text-xs text-white/70">{member.currentPoints} current</span>
                  </td>
                  <td className="px-3 py-2">{capitalise(member.memberTier)}</td>
                  <td className="px-3 py-2 text-white/85">{formatDate(member.createdAt)}</td>
                  <td className="px-3 py-2">
                    <SyncButton member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Member pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <Button variant="outline" onClick={() => setPage((current) => current - 1)} disabled={page === 0}>
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <Button variant="outline" onClick={() => setPage((current) => current + 1)} disabled={page + 1 >= pages}>
            Next
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
