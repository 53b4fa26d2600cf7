import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ALL_JOB_NAMES, isJobName, type JobName } from '@nocturne/queues';
import { JOB_HANDLER, type JobHandler } from './job-handler.js';

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

/** Finds every @HandlesJob provider at boot and refuses to start when the registry is not covered. */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found: [string, JobHandler][] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const name = wrapper.metatype && (Reflect.getMetadata(JOB_HANDLER, wrapper.metatype) as string | undefined);
      if (name && wrapper.instance) found.push([name, wrapper.instance as JobHandler]);
    }
    const problems = registryProblems(found.map(([name]) => name));
    if (problems.length) throw new JobRegistryError(`The worker cannot start: ${problems.join('; ')}`);
    for (const [name, handler] of found) this.handlers.set(name as JobName, handler);
  }

  get(name: string): JobHandler | undefined {
    return isJobName(name) ? this.handlers.get(name) : undefined;
  }
}
