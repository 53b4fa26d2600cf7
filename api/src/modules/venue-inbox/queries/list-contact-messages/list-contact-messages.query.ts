import { Query } from '@nestjs/cqrs';
import type { ContactMessageList, ContactMessagesQuery } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

export class ListContactMessagesQuery extends Query<ContactMessageList> {
  /** A page of the inbox as `staff` may see it: the venue named, or every venue they work at. */
  constructor(
    readonly page: ContactMessagesQuery,
    readonly staff: Staffer,
  ) {
    super();
  }
}
