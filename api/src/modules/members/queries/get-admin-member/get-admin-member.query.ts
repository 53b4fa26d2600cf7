import { Query } from '@nestjs/cqrs';
import type { AdminMemberView } from '@nocturne/contracts';

export class GetAdminMemberQuery extends Query<AdminMemberView> {
  constructor(
    readonly memberId: string,
    readonly historyLimit: number,
  ) {
    super();
  }
}
