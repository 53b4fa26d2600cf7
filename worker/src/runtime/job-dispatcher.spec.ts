import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { LoggerModule, Logger as PinoNestLogger } from 'nestjs-pino';
import { Writable } from 'node:stream';
import { currentJobCorrelationId, JobDispatcher } from './job-dispatcher.js';
import { JobHandlerRegistry } from './job-handler-registry.js';
import type { JobHandler } from './job-handler.js';

const MEMBER = '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f';
const REQUEST = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function jobOf(data: Record<string, unknown>): Job {
  // Only what the dispatcher reads; the handlers here never touch the job.
  const job = { id: '17-email-password-reset', name: 'email.password-reset', data, attemptsMade: 2, opts: { attempts: 8 } };
  return job as unknown as Job;
}

describe('JobDispatcher', () => {
  let lines: Record<string, unknown>[];
  let handler: JobHandler;
  let module: TestingModule;

  beforeEach(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    module = await Test.createTestingModule({
      imports: [LoggerModule.forRoot({ pinoHttp: [{ level: 'info' }, stream] })],
      providers: [
        JobDispatcher,
        { provide: JobHandlerRegistry, useValue: { get: () => handler } },
        // RequestContext.create only forks the EntityManager it is given.
        { provide: MikroORM, useValue: { em: { name: 'default', fork: () => ({}) } } },
      ],
    }).compile();
    module.useLogger(module.get(PinoNestLogger));
  });
  afterEach(() => module.close());

  it("puts the job's id, name and correlation id on every line its handler logs, and hands the handler the payload alone", async () => {
    let received: unknown;
    let correlationForNewJobs: string | undefined;
    handler = {
      async handle(payload) {
        received = payload;
        correlationForNewJobs = currentJobCorrelationId();
        new Logger('Mailer').log('Wrote the mail');
        return 'sent';
      },
    };
    await expect(
      module.get(JobDispatcher).dispatch(jobOf({ memberId: MEMBER, requestId: REQUEST, correlationId: 'req-7' })),
    ).resolves.toBe('sent');
    expect(received).toEqual({ memberId: MEMBER, requestId: REQUEST });
    expect(correlationForNewJobs).toBe('req-7');
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'Wrote the mail',
        jobId: '17-email-password-reset',
        job: 'email.password-reset',
        correlationId: 'req-7',
      }),
    );
  });

  it('logs a failed attempt with the correlation id, but not a job that only moved itself to delayed', async () => {
    handler = {
      async handle() {
        throw new Error('SMTP said 451');
      },
    };
    await expect(
      module.get(JobDispatcher).dispatch(jobOf({ memberId: MEMBER, requestId: REQUEST, correlationId: 'req-8' })),
    ).rejects.toThrow('SMTP said 451');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, correlationId: 'req-8', msg: 'Job attempt 3 of 8 failed: SMTP said 451' }),
    );

    lines.length = 0;
    handler = {
      async handle() {
        throw new DelayedError('re-check later');
      },
    };
    await expect(module.get(JobDispatcher).dispatch(jobOf({ memberId: MEMBER, requestId: REQUEST }))).rejects.toThrow(
      DelayedError,
    );
    expect(lines).toEqual([]);
  });

  it('refuses a payload its schema rejects, for good', async () => {
    handler = { handle: async () => 'never' };
    await expect(module.get(JobDispatcher).dispatch(jobOf({ memberId: 'not-a-uuid' }))).rejects.toThrow(UnrecoverableError);
  });
});
