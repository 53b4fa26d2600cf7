import type { EntityManager } from '@mikro-orm/postgresql';
import { eventSlug } from '@nocturne/domain';
import type { EventFields, EventRow, EventsRepository } from './events.repository.js';

/** A slug for a new event from its title, with -2, -3, ... while another event has it. */
export async function freeSlug(em: EntityManager, repository: EventsRepository, title: string): Promise<string> {
  const base = eventSlug(title);
  for (let suffix = 1; suffix < 1000; suffix++) {
    const slug = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await repository.slugTaken(em, slug))) return slug;
  }
  return `${base}-${Date.now()}`;
}

/** A row's fields as the request gave them, to compare before and after. */
export function fieldsOf(row: EventRow): EventFields {
  return {
    venueId: row.venue_id,
    title: row.title,
    description: row.description,
    lineUp: row.line_up,
    night: row.night,
    doorsOpen: row.doors_open,
    lastEntry: row.last_entry,
    repeatsWeekly: row.repeats_weekly,
    repeatUntil: row.repeat_until,
    agePolicy: row.age_policy,
    priceCents: row.price_cents,
    currency: row.currency,
    dressCode: row.dress_code,
    capacity: row.capacity,
    posterPath: row.poster_path,
    status: row.status,
    listCapacity: row.list_capacity,
    listFreeUntil: row.list_free_until,
    listCutoff: row.list_cutoff,
  };
}

/** What an audit row keeps of an event: free text (title, description, line-up) only as changed. */
export function auditFields(fields: EventFields): Record<string, unknown> {
  const { lineUp, ...rest } = fields;
  return { ...rest, description: fields.description, lineUp: lineUp.length > 0 ? `${lineUp.length} names` : null };
}
