import { Query } from '@nestjs/cqrs';
import type { ContactMessageView, ContactMessagesQuery } from '@nocturne/contracts';

export class ListContactMessagesQuery extends Query<ContactMessageView[]> {
  constructor(readonly page: ContactMessagesQuery) {
    super();
  }
}
