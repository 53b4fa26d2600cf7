import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ALL_JOB_NAMES } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from './job-handler.js';
import { JobHandlerRegistry, JobRegistryError, registryProblems } from './job-handler-registry.js';

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

  it('stops the worker from booting when a job has two handlers', async () => {
    const handlers = ALL_JOB_NAMES.map((name) => {
      @Injectable()
      @HandlesJob(name)
      class Handler implements JobHandler {
        async handle(): Promise<void> {}
      }
      return Handler;
    });
    @Injectable()
    @HandlesJob(ALL_JOB_NAMES[0]!)
    class Duplicate implements JobHandler {
      async handle(): Promise<void> {}
    }
    const module = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [JobHandlerRegistry, ...handlers, Duplicate],
    }).compile();
    await expect(module.init()).rejects.toThrow(JobRegistryError);
  });
});
