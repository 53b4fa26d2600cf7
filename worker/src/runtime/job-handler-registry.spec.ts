import { Injectable, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ALL_JOB_NAMES, ALL_QUEUES, type JobName, type QueueName } from '@nocturne/queues';
import { JobHandlerRegistry, JobRegistryError, processorProblems, registryProblems } from './job-handler-registry.js';
import { HandlesJob, type JobHandler } from './job-handler.js';
import type { QueueProcessor } from './queue-processor.js';
import { WORKER_AREAS, type WorkerArea } from './worker-area.js';

/** A handler class for one job, as an area declares it. */
function handlerFor(name: JobName): Type<JobHandler> {
  @Injectable()
  @HandlesJob(name)
  class Handler implements JobHandler {
    async handle(): Promise<string> {
      return name;
    }
  }
  return Handler;
}

/** A processor token for one queue; the registry reads only its queue (a real one would start a BullMQ worker). */
function processorFor(queue: QueueName) {
  const name = `${queue.charAt(0).toUpperCase()}${queue.slice(1)}Processor`;
  const token = { [name]: class {} }[name] as unknown as Type<QueueProcessor>;
  return { token, provider: { provide: token, useValue: { queueName: queue } } };
}

/** Boots the registry over these areas, with every class they name provided. */
async function boot(areas: WorkerArea[], extraProviders: { provide: unknown; useValue: unknown }[] = []) {
  const module = await Test.createTestingModule({
    providers: [
      JobHandlerRegistry,
      { provide: WORKER_AREAS, useValue: areas },
      ...new Set(areas.flatMap((area) => area.jobs)),
      ...extraProviders.map((provider) => provider as never),
    ],
  }).compile();
  await module.init();
  return module.get(JobHandlerRegistry);
}

const processors = ALL_QUEUES.map(processorFor);
const oneArea = (jobs: Type<JobHandler>[], name = 'everything'): WorkerArea => ({ name, module: class {}, jobs });
const processorAreas = processors.map(({ token }, i): WorkerArea => ({
  name: `queue-${i}`,
  module: class {},
  jobs: [],
  processor: token,
}));

describe('job handler registry', () => {
  it('accepts exactly one handler per registered job', () => {
    expect(registryProblems([...ALL_JOB_NAMES])).toEqual([]);
  });

  it('names a job without a handler, a job with two, and a handler for an unknown job', () => {
    const [first, ...rest] = ALL_JOB_NAMES;
    expect(registryProblems(rest)).toEqual([`job ${first} has no handler`]);
    expect(registryProblems([...ALL_JOB_NAMES, first!])).toEqual([`job ${first} has 2 handlers`]);
    expect(registryProblems([...ALL_JOB_NAMES, 'email.carrier-pigeon'])).toEqual([
      'handler for unknown job email.carrier-pigeon',
    ]);
  });

  it('names a queue no area processes, and one two areas process', () => {
    expect(processorProblems([...ALL_QUEUES])).toEqual([]);
    const [first, ...rest] = ALL_QUEUES;
    expect(processorProblems(rest)).toEqual([`queue ${first} has no processor`]);
    expect(processorProblems([...ALL_QUEUES, first!])).toEqual([`queue ${first} has 2 processors`]);
  });

  it("hands each job to the handler its area declares, across the areas' lists", async () => {
    const handlers = ALL_JOB_NAMES.map(handlerFor);
    const half = Math.floor(handlers.length / 2);
    const registry = await boot(
      [oneArea(handlers.slice(0, half), 'first'), oneArea(handlers.slice(half), 'second'), ...processorAreas],
      processors.map(({ provider }) => provider),
    );
    for (const name of ALL_JOB_NAMES) await expect(registry.get(name)!.handle({} as never, {} as never)).resolves.toBe(name);
    expect(registry.get('email.carrier-pigeon')).toBeUndefined();
  });

  it('stops the worker from booting when two areas handle one job, naming the job', async () => {
    const handlers = ALL_JOB_NAMES.map(handlerFor);
    const duplicate = handlerFor(ALL_JOB_NAMES[0]!);
    await expect(
      boot(
        [oneArea(handlers), oneArea([duplicate], 'other'), ...processorAreas],
        processors.map(({ provider }) => provider),
      ),
    ).rejects.toThrow(new JobRegistryError(`The worker cannot start: job ${ALL_JOB_NAMES[0]} has 2 handlers`));
  });

  it('stops the worker from booting when a queue has no processor', async () => {
    const email = processors[ALL_QUEUES.indexOf('email')]!;
    const areas = [oneArea(ALL_JOB_NAMES.map(handlerFor)), ...processorAreas.filter((area) => area.processor !== email.token)];
    const provided = processors.filter((processor) => processor !== email).map(({ provider }) => provider);
    await expect(boot(areas, provided)).rejects.toThrow(
      new JobRegistryError('The worker cannot start: queue email has no processor'),
    );
  });

  it('stops the worker from booting when an area names a processor its module does not provide', async () => {
    const email = processors[ALL_QUEUES.indexOf('email')]!;
    const areas = [oneArea(ALL_JOB_NAMES.map(handlerFor)), ...processorAreas];
    const provided = processors.filter((processor) => processor !== email).map(({ provider }) => provider);
    await expect(boot(areas, provided)).rejects.toThrow(
      /EmailProcessor of area queue-\d is not provided by its module; queue email has no processor/,
    );
  });
});
