import { Card } from '@/components/ui/card';
import { InviteStaffForm } from './InviteStaffForm';
import { StaffList } from './StaffList';

/** The admin's Staff screen (PRODUCT.md §2.6, §6): invite by e-mail, change roles, remove. */
export function StaffScreen({ currentAdminId }: { currentAdminId: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Invite Staff" description="They get an e-mail with a link to set their password, valid 72 hours.">
        <InviteStaffForm />
      </Card>
      <Card title="Staff">
        <StaffList currentAdminId={currentAdminId} />
      </Card>
    </div>
  );
}
