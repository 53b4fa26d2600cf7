import { Query } from '@nestjs/cqrs';
import type { ContactMessageView } from '@nocturne/contracts';

export class GetContactMessageQuery extends Query<ContactMessageView | undefined> {
  constructor(readonly messageId: string) {
    super();
  }
}
