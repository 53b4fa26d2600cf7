import { Query } from '@nestjs/cqrs';
import type { AdminMemberView } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

export class GetAdminMemberQuery extends Query<AdminMemberView> {
  constructor(
    readonly memberId: string,
    readonly historyLimit: number,
    /** Who asks: a manager of some venues sees the member's door scans at those venues only. */
    readonly viewer?: { id: string; role: Role },
  ) {
    super();
  }
}
