import { Query } from '@nestjs/cqrs';
import type { ContactMessageView, InboxQuery } from '@nocturne/contracts';

export class ListContactMessagesQuery extends Query<ContactMessageView[]> {
  constructor(readonly page: InboxQuery) {
    super();
  }
}
