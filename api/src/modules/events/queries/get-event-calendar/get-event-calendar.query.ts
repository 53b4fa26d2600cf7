import { Query } from '@nestjs/cqrs';

/** A published event's night as an iCalendar file. */
export class GetEventCalendarQuery extends Query<{ ics: string; filename: string }> {
  constructor(
    readonly key: string,
    readonly night: string | undefined,
  ) {
    super();
  }
}
