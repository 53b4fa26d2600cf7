import type { FlowJob, FlowJobNode, Job, JobsOptions, Queue, RepeatOptions } from 'bullmq';
import { type JobName, type JobPayload, parseJobPayload, type QueueName, queueOf } from './jobs.js';

/**
 * BullMQ options plus the correlation id of the request (or event) that asked for the job. The id
 * travels in the job's data beside the payload (BullMQ's options have no room for it); the
 * worker's payload schemas drop keys they do not know, so handlers never see it.
 */
export type EnqueueOptions = JobsOptions & { correlationId?: string };

/** One job of the registry with its payload; `N` ties the payload to the name, also in a list of mixed jobs. */
export type JobRequest<N extends JobName = JobName> = { [K in N]: { name: K; data: JobPayload<K>; options?: EnqueueOptions } }[N];

/** A job as BullMQ takes it: its queue from the registry, its payload parsed by the job's schema. */
export interface PreparedJob {
  queue: QueueName;
  name: JobName;
  data: Record<string, unknown>;
  opts: JobsOptions;
}

export function prepareJob<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): PreparedJob {
  const { correlationId, ...opts } = options;
  const data: Record<string, unknown> = { ...parseJobPayload(name, payload) };
  if (correlationId) data['correlationId'] = correlationId;
  return { queue: queueOf(name), name, data, opts };
}

/** The correlation id a producer gave the job, if any (see EnqueueOptions). */
export function correlationIdOf(job: Pick<Job, 'data'>): string | undefined {
  const value = (job.data as { correlationId?: unknown } | undefined)?.correlationId;
  return typeof value === 'string' ? value : undefined;
}

/** A node of a BullMQ flow (FlowProducer.add), typed and parsed like any other job. */
export function flowJob<N extends JobName>(
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
  children?: FlowJobNode[],
): FlowJob {
  const job = prepareJob(name, payload, options);
  return { name: job.name, queueName: job.queue, data: job.data, opts: job.opts, ...(children ? { children } : {}) };
}

/**
 * The one way to add jobs: by registry name, so the queue follows from the job and the payload is
 * checked by the job's schema before it reaches Redis. `queueFor` hands out the process's queues;
 * `currentCorrelationId` names the request or job being served, for jobs whose options do not
 * name one (`correlationId: undefined` names none).
 */
export class JobProducer {
  constructor(
    private readonly queueFor: (name: QueueName) => Queue,
    private readonly currentCorrelationId: () => string | undefined = () => undefined,
  ) {}

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<Job> {
    const job = prepareJob(name, payload, this.correlated(options));
    return this.queueFor(job.queue).add(job.name, job.data, job.opts);
  }

  /** Adds the jobs with one addBulk per queue (atomic within each queue), in the order given. */
  async enqueueBulk(requests: readonly JobRequest[]): Promise<Job[]> {
    const byQueue = new Map<QueueName, PreparedJob[]>();
    for (const request of requests) {
      const job = prepareJob(request.name, request.data, this.correlated(request.options));
      byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
    }
    const added: Job[] = [];
    for (const [queue, jobs] of byQueue) {
      added.push(...(await this.queueFor(queue).addBulk(jobs.map(({ name, data, opts }) => ({ name, data, opts })))));
    }
    return added;
  }

  /** Creates or updates a repeatable job under `schedulerId`: however many workers call this, one schedule. */
  async schedule<N extends JobName>(
    schedulerId: string,
    repeat: Omit<RepeatOptions, 'key'>,
    name: N,
    payload: JobPayload<N>,
  ): Promise<Job> {
    const job = prepareJob(name, payload);
    return this.queueFor(job.queue).upsertJobScheduler(schedulerId, repeat, { name: job.name, data: job.data });
  }

  private correlated(options: EnqueueOptions = {}): EnqueueOptions {
    return 'correlationId' in options ? options : { ...options, correlationId: this.currentCorrelationId() };
  }
}
