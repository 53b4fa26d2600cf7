import type { DomainEventPayload, DomainEventType } from './events.js';
import type { JobName, JobPayload } from './jobs.js';

export interface JobRequest<N extends JobName = JobName> {
  name: N;
  data: JobPayload<N>;
}

type Routes = {
  [T in DomainEventType]?: (payload: DomainEventPayload<T>) => JobRequest[];
};

/**
 * What background work each domain event asks for. The outbox relay enqueues these jobs with
 * ids derived from the outbox row, so a row relayed twice still makes each job once.
 */
export const eventRoutes: Routes = {
  PasswordResetRequested: (event) => [{ name: 'email.password-reset', data: event }],
};

export function jobsForEvent<T extends DomainEventType>(type: T, payload: DomainEventPayload<T>): JobRequest[] {
  const route = eventRoutes[type] as ((payload: DomainEventPayload<T>) => JobRequest[]) | undefined;
  return route ? route(payload) : [];
}

/** Deterministic job id: `<outbox id>-<job name>`. */
export function jobIdFor(outboxId: string, name: JobName): string {
  return `${outboxId}-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}
