import { useQuery } from '@tanstack/react-query';
import { AC_NOT_CONFIGURED } from '@nocturne/domain';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROLE_NAMES } from '@nocturne/domain';
import * as routes from '@nocturne/contracts/routes';
import { Button } from '@/components/ui/button';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { activeCampaignStatusQueryOptions } from '@/lib/activecampaign-status';
import { api } from '@/lib/api-client';
import { capitalise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { MEMBERS_PAGE_SIZE, type MembersPage, useMembersPage } from '../api/admin-users';

type AdminMembersTotal = MembersPage['totalIs'];
import { SyncContactButton } from './SyncContactButton';

// On a phone a cell is a line of its card, led by its column name (the header row is only for screen readers there).
const cell =
  'px-3 py-2 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:p-0 max-md:before:w-16 max-md:before:shrink-0 max-md:before:text-xs max-md:before:uppercase max-md:before:tracking-wider max-md:before:text-white/70 max-md:before:content-[attr(data-label)]';

/** "12 members", "10,000+ members", "about 100,000 members". */
function membersCount(total: number, totalIs: AdminMembersTotal): string {
  const figure = total.toLocaleString('en');
  if (totalIs === 'about') return `about ${figure} members`;
  if (totalIs === 'at_least') return `${figure}+ members`;
  return `${figure} ${total === 1 ? 'member' : 'members'}`;
}

/** The Member Management table, with search and paging (PRODUCT.md §2.6); admins also export it. */
export function MembersTable({ canExport = false }: { canExport?: boolean }) {
  const venueTime = useVenueTime();
  const [search, setSearch] = useState('');
  // The cursor of each page reached so far (the first page has none): Previous goes back along them.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  const query = useDeferredValue(search.trim());
  const members = useMembersPage(query, cursors[page]);
  const total = members.data?.total ?? 0;
  const totalIs = members.data?.totalIs ?? 'exact';
  const pages = totalIs === 'exact' ? Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)) : null;
  const nextCursor = members.data?.nextCursor ?? null;
  // Only a status that says "not configured" switches the button off; an unknown one leaves it to the api.
  const acOff = useQuery(activeCampaignStatusQueryOptions()).data?.configured === false;

  return (
    <Card
      title="Member Management"
      description={members.data ? membersCount(total, totalIs) : undefined}
      action={
        canExport ? (
          <ExportCsvButton download={() => api.download(routes.exportMembers)} failure="Failed to export members" />
        ) : undefined
      }
    >
      <div className="mb-4 max-w-sm">
        <TextField
          label="Search members"
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setCursors([undefined]);
          }}
        />
      </div>
      {acOff ? (
        <p id="members-ac-off" className="mb-4 text-sm text-white/80">
          Sync to AC is off: {AC_NOT_CONFIGURED} (the ActiveCampaign tab says what to set).
        </p>
      ) : null}
      {members.isPending ? (
        <ListNote>Loading members...</ListNote>
      ) : members.isError ? (
        <ListNote tone="error">Failed to fetch users</ListNote>
      ) : members.data.members.length === 0 ? (
        <ListNote>No members found</ListNote>
      ) : (
        // Below md each row is a card whose cells name their column (data-label), so nothing is cut off on a phone.
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
            <thead className="text-xs uppercase tracking-wider text-white/70 max-md:sr-only">
              <tr>
                {['Name', 'Email', 'Points', 'Tier', 'Joined', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="border-b border-white/10 px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {members.data.members.map((member) => (
                <tr
                  key={member.id}
                  className="border-b border-white/5 max-md:grid max-md:gap-1 max-md:rounded-lg max-md:border max-md:border-white/10 max-md:bg-night-950/60 max-md:p-3"
                >
                  <td className={cell} data-label="Name">
                    {/* The member's own page: profile, history, coupons, scans and what staff may do. */}
                    <Link
                      to={`/admin/members/${member.id}`}
                      className="mr-2 font-semibold text-gold-light underline decoration-gold/40 underline-offset-4 hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
                    >
                      {[member.firstName, member.lastName].filter(Boolean).join(' ')}
                    </Link>
                    {member.role === 'member' ? null : <Badge tone="neon">{ROLE_NAMES[member.role]}</Badge>}{' '}
                    {member.disabledAt ? <Badge tone="red">Disabled</Badge> : null}
                  </td>
                  <td className={`${cell} break-all text-white/85`} data-label="Email">
                    {member.email}
                  </td>
                  <td className={cell} data-label="Points">
                    <span className="font-semibold text-gold">{member.totalPoints}</span>
                    <span className="block text-xs text-white/70">{member.currentPoints} current</span>
                  </td>
                  <td className={cell} data-label="Tier">
                    {capitalise(member.memberTier)}
                  </td>
                  <td className={`${cell} text-white/85`} data-label="Joined">
                    {venueTime.day(member.createdAt)}
                  </td>
                  <td className={cell} data-label="Actions">
                    <SyncContactButton member={member} acOff={acOff} describedBy="members-ac-off" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page > 0 || nextCursor ? (
        <nav aria-label="Member pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <Button variant="outline" onClick={() => setCursors((current) => current.slice(0, -1))} disabled={page === 0}>
            Previous
          </Button>
          <span>{pages === null ? `Page ${page + 1}` : `Page ${page + 1} of ${pages}`}</span>
          <Button
            variant="outline"
            onClick={() => nextCursor && setCursors((current) => [...current, nextCursor])}
            disabled={!nextCursor || members.isPlaceholderData}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
