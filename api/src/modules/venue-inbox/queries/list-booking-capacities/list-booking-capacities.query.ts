import { Query } from '@nestjs/cqrs';
import type { BookingCapacityView } from '@nocturne/contracts';

export class ListBookingCapacitiesQuery extends Query<BookingCapacityView[]> {
  constructor(
    readonly night: string,
    /** The venue named (slug or id); none: the group's first open venue. */
    readonly venue?: string,
  ) {
    super();
  }
}
