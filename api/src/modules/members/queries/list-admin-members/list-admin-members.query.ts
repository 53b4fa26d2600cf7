import { Query } from '@nestjs/cqrs';
import type { AdminUsersQuery, AdminUsersResponse } from '@nocturne/contracts';

export class ListAdminMembersQuery extends Query<AdminUsersResponse> {
  constructor(readonly filter: AdminUsersQuery) {
    super();
  }
}
