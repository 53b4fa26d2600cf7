import { Query } from '@nestjs/cqrs';
import type { ContactMessageList, ContactMessagesQuery } from '@nocturne/contracts';

export class ListContactMessagesQuery extends Query<ContactMessageList> {
  constructor(readonly page: ContactMessagesQuery) {
    super();
  }
}
