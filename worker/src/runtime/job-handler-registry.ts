import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ALL_JOB_NAMES, ALL_QUEUES, isJobName, type JobName } from '@nocturne/queues';
import { JOB_HANDLER, type JobHandler } from './job-handler.js';
import type { QueueProcessor } from './queue-processor.js';
import { InjectAreas, type WorkerArea } from './worker-area.js';

export class JobRegistryError extends Error {}

/** Checks a handler list against the job registry: each job exactly one handler, nothing unknown. */
export function registryProblems(handlerNames: string[]): string[] {
  const problems: string[] = [];
  for (const name of ALL_JOB_NAMES) {
    const count = handlerNames.filter((n) => n === name).length;
    if (count === 0) problems.push(`job ${name} has no handler`);
    if (count > 1) problems.push(`job ${name} has ${count} handlers`);
  }
  for (const name of new Set(handlerNames)) if (!isJobName(name)) problems.push(`handler for unknown job ${name}`);
  return problems;
}

/** Checks the queues the areas' processors run: each queue exactly one, so no job waits forever. */
export function processorProblems(queueNames: string[]): string[] {
  return ALL_QUEUES.flatMap((queue) => {
    const count = queueNames.filter((name) => name === queue).length;
    if (count === 0) return [`queue ${queue} has no processor`];
    return count > 1 ? [`queue ${queue} has ${count} processors`] : [];
  });
}

/**
 * The jobs of the worker's areas, by name. At boot it reads every area's job handlers and queue
 * processor and refuses to start (JobRegistryError, naming each problem) unless every job of the
 * registry in @nocturne/queues has exactly one handler and every queue exactly one processor.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler>();

  constructor(
    @InjectAreas() private readonly areas: readonly WorkerArea[],
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const problems: string[] = [];
    const found: [string, JobHandler][] = [];
    const queues: string[] = [];
    for (const area of this.areas) {
      for (const type of area.jobs) {
        const name = Reflect.getMetadata(JOB_HANDLER, type) as string | undefined;
        const handler = this.provided<JobHandler>(area, type, problems);
        if (!name) problems.push(`${type.name} of area ${area.name} is not marked @HandlesJob`);
        else if (handler) found.push([name, handler]);
      }
      const processor = area.processor && this.provided<QueueProcessor>(area, area.processor, problems);
      if (processor) queues.push(processor.queueName);
    }
    problems.push(...registryProblems(found.map(([name]) => name)), ...processorProblems(queues));
    if (problems.length) throw new JobRegistryError(`The worker cannot start: ${problems.join('; ')}`);
    for (const [name, handler] of found) this.handlers.set(name as JobName, handler);
  }

  get(name: string): JobHandler | undefined {
    return isJobName(name) ? this.handlers.get(name) : undefined;
  }

  /** The instance of a class the area names; a problem when its module does not provide it. */
  private provided<T>(area: WorkerArea, type: Type, problems: string[]): T | undefined {
    try {
      return this.moduleRef.get<T>(type, { strict: false });
    } catch {
      problems.push(`${type.name} of area ${area.name} is not provided by its module`);
      return undefined;
    }
  }
}
