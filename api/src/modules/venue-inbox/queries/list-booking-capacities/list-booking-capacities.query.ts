import { Query } from '@nestjs/cqrs';
import type { BookingCapacityView } from '@nocturne/contracts';

export class ListBookingCapacitiesQuery extends Query<BookingCapacityView[]> {
  constructor(readonly night: string) {
    super();
  }
}
