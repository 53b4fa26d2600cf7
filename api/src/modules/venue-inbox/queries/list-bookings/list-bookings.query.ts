import { Query } from '@nestjs/cqrs';
import type { BookingView, InboxQuery } from '@nocturne/contracts';

export class ListBookingsQuery extends Query<BookingView[]> {
  constructor(readonly page: Omit<InboxQuery, 'includeSpam'>) {
    super();
  }
}
