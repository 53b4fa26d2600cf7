import type { Queue } from 'bullmq';
import { flowJob, JobProducer, prepareJob } from './enqueue.js';
import type { QueueName } from './jobs.js';

const MEMBER = '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f';
const DELIVERY = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** Records what each queue was asked to add. */
function recordingQueues(currentCorrelationId?: () => string | undefined) {
  const added: { queue: QueueName; name: string; data: unknown; opts: unknown }[] = [];
  const queueFor = (queue: QueueName) =>
    ({
      add: async (name: string, data: unknown, opts: unknown) => added.push({ queue, name, data, opts }),
      addBulk: async (jobs: { name: string; data: unknown; opts: unknown }[]) => jobs.map((job) => added.push({ queue, ...job })),
    }) as unknown as Queue;
  return { added, producer: new JobProducer(queueFor, currentCorrelationId) };
}

describe('typed enqueue', () => {
  it("takes the queue from the job's registry entry and parses the payload with its schema", async () => {
    const { added, producer } = recordingQueues();
    await producer.enqueue(
      'activecampaign.sync-contact',
      { memberId: MEMBER, manual: true },
      { jobId: 'manual-1', correlationId: 'req-1' },
    );
    expect(added).toEqual([
      {
        queue: 'activecampaign',
        name: 'activecampaign.sync-contact',
        data: { memberId: MEMBER, manual: true, correlationId: 'req-1' },
        opts: { jobId: 'manual-1' },
      },
    ]);
  });

  it('refuses a payload the schema rejects before anything reaches Redis', async () => {
    const { added, producer } = recordingQueues();
    await expect(producer.enqueue('webhooks.deliver', { deliveryId: 'not-a-uuid' })).rejects.toThrow();
    await expect(
      producer.enqueueBulk([
        { name: 'webhooks.deliver', data: { deliveryId: DELIVERY } },
        { name: 'webhooks.deliver', data: { deliveryId: 'x' } },
      ]),
    ).rejects.toThrow();
    expect(added).toEqual([]);
  });

  it('adds a mixed list with one addBulk per queue', async () => {
    const { added, producer } = recordingQueues();
    await producer.enqueueBulk([
      { name: 'email.booking-request', data: { bookingId: DELIVERY } },
      { name: 'webhooks.deliver', data: { deliveryId: DELIVERY }, options: { jobId: 'webhook-1' } },
      { name: 'email.booking-acknowledgement', data: { bookingId: DELIVERY } },
    ]);
    expect(added.map(({ queue, name }) => `${queue}:${name}`)).toEqual([
      'email:email.booking-request',
      'email:email.booking-acknowledgement',
      'webhooks:webhooks.deliver',
    ]);
  });

  it('builds flow nodes on the queue of each job', () => {
    const flow = flowJob('activecampaign.bulk-sync-finish', { syncJobId: DELIVERY }, { jobId: 'finish' }, [
      flowJob('activecampaign.import-batch', { syncJobId: DELIVERY, batchNo: 0 }, { jobId: 'batch-0' }),
    ]);
    expect(flow).toEqual({
      name: 'activecampaign.bulk-sync-finish',
      queueName: 'activecampaign',
      data: { syncJobId: DELIVERY },
      opts: { jobId: 'finish' },
      children: [
        {
          name: 'activecampaign.import-batch',
          queueName: 'activecampaign',
          data: { syncJobId: DELIVERY, batchNo: 0 },
          opts: { jobId: 'batch-0' },
        },
      ],
    });
    expect(() => prepareJob('activecampaign.import-batch', { syncJobId: DELIVERY, batchNo: -1 })).toThrow();
  });

  it("gives a job the current request's or job's correlation id unless the caller names one", async () => {
    const { added, producer } = recordingQueues(() => 'req-now');
    await producer.enqueue('webhooks.deliver', { deliveryId: DELIVERY });
    await producer.enqueueBulk([
      { name: 'webhooks.deliver', data: { deliveryId: DELIVERY }, options: { correlationId: 'req-row' } },
    ]);
    await producer.enqueue('webhooks.deliver', { deliveryId: DELIVERY }, { correlationId: undefined });
    expect(added.map(({ data }) => (data as { correlationId?: string }).correlationId)).toEqual([
      'req-now',
      'req-row',
      undefined,
    ]);
  });
});
