import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, workerEnvSchema } from '@nocturne/config';
import type { JobProducer } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { AcRejectedError } from './activecampaign-errors.js';
import type { AcContact, AcImportInfo, ActiveCampaignClient } from './activecampaign.client.js';
import { ActiveCampaignRepository, type BatchCounts, type MemberForAc, type SyncBatch } from './activecampaign.repository.js';
import { BulkSyncFinishJob, CONTACT_IDS_PRIORITY } from './bulk-sync-finish.job.js';
import { BULK_FAILURE_REASON, ImportBatchJob } from './import-batch.job.js';

/**
 * How a bulk sync's batches are settled into the job's counts and the members' ac fields, with
 * the database and ActiveCampaign replaced by fakes. The fake repository keeps the contract the
 * SQL keeps: a batch settles only while pending, and says whether this call settled it.
 */

const SYNC_JOB = 'job-1';

interface StoredBatch extends SyncBatch {
  syncJobId: string;
  batchNo: number;
  synced: number;
  failed: number;
  lastError: string | null;
}

interface StoredMember extends MemberForAc {
  deleted: boolean;
  acContactId: string | null;
  acSynced: boolean;
  acSyncError: string | null;
}

/** The transaction the fake EntityManager hands to `transactional` work. */
const TX = { name: 'transaction' } as unknown as EntityManager;
const fakeEm = { transactional: <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } as unknown as EntityManager;

class FakeRepository extends ActiveCampaignRepository {
  readonly batches: StoredBatch[] = [];
  readonly memberRows = new Map<string, StoredMember>();
  /** Member writes, each with the EntityManager it ran in. */
  readonly memberWrites: { what: string; ids: string[]; em: EntityManager }[] = [];
  /** Runs just before a settle: lets a test settle the batch "from another worker" first. */
  beforeSettle: (batch: StoredBatch) => void = () => undefined;
  private state: 'running' | 'completed' = 'running';

  get jobState() {
    return this.state;
  }

  addMember(id: string, email: string, deleted = false): void {
    this.memberRows.set(id, {
      id,
      email,
      first_name: id,
      last_name: null,
      member_tier: 'bronze',
      total_points: 0,
      ac_contact_id: null,
      marketing_consent: false,
      deleted,
      acContactId: null,
      acSynced: false,
      acSyncError: null,
    });
  }

  override addBatch(_em: EntityManager, syncJobId: string, batchNo: number, memberIds: string[]): Promise<void> {
    this.batches.push({
      id: `batch-${batchNo}`,
      syncJobId,
      batchNo,
      state: 'pending',
      member_ids: memberIds,
      ac_batch_id: null,
      synced: 0,
      failed: 0,
      lastError: null,
    });
    return Promise.resolve();
  }

  batch(batchNo: number): StoredBatch {
    return this.batches.find((b) => b.batchNo === batchNo)!;
  }

  /** The job's progress as the api reads it: the sum over its batches. */
  progress(): BatchCounts {
    return this.batches.reduce((sum, b) => ({ synced: sum.synced + b.synced, failed: sum.failed + b.failed }), {
      synced: 0,
      failed: 0,
    });
  }

  override findBatch(_em: EntityManager, syncJobId: string, batchNo: number): Promise<SyncBatch | undefined> {
    const b = this.batches.find((x) => x.syncJobId === syncJobId && x.batchNo === batchNo);
    return Promise.resolve(b && { id: b.id, state: b.state, member_ids: [...b.member_ids], ac_batch_id: b.ac_batch_id });
  }

  override activeMembers(_em: EntityManager, ids: string[]): Promise<MemberForAc[]> {
    return Promise.resolve(ids.map((id) => this.memberRows.get(id)).filter((m): m is StoredMember => Boolean(m && !m.deleted)));
  }

  override saveAcBatchId(_em: EntityManager, batchId: string, acBatchId: string): Promise<void> {
    this.batches.find((b) => b.id === batchId)!.ac_batch_id = acBatchId;
    return Promise.resolve();
  }

  override settleBatch(_em: EntityManager, batchId: string, counts: BatchCounts): Promise<boolean> {
    const b = this.batches.find((x) => x.id === batchId)!;
    this.beforeSettle(b);
    if (b.state !== 'pending') return Promise.resolve(false);
    Object.assign(b, { state: 'done', synced: counts.synced, failed: counts.failed });
    return Promise.resolve(true);
  }

  override failBatch(_em: EntityManager, batchId: string, reason: string): Promise<boolean> {
    const b = this.batches.find((x) => x.id === batchId)!;
    if (b.state !== 'pending') return Promise.resolve(false);
    Object.assign(b, { state: 'failed', synced: 0, failed: b.member_ids.length, lastError: reason });
    return Promise.resolve(true);
  }

  override failPendingBatches(_em: EntityManager, syncJobId: string): Promise<void> {
    for (const b of this.batches.filter((x) => x.syncJobId === syncJobId && x.state === 'pending')) {
      Object.assign(b, { state: 'failed', synced: 0, failed: b.member_ids.length, lastError: b.lastError ?? 'gave up' });
    }
    return Promise.resolve();
  }

  override completeSyncJob(): Promise<void> {
    this.state = 'completed';
    return Promise.resolve();
  }

  override markContactSynced(em: EntityManager, memberId: string, contactId: string): Promise<boolean> {
    Object.assign(this.memberRows.get(memberId)!, { acContactId: contactId, acSynced: true, acSyncError: null });
    this.memberWrites.push({ what: 'synced', ids: [memberId], em });
    return Promise.resolve(true);
  }

  override markSynced(em: EntityManager, memberIds: string[]): Promise<void> {
    for (const id of memberIds) Object.assign(this.memberRows.get(id)!, { acSynced: true, acSyncError: null });
    if (memberIds.length) this.memberWrites.push({ what: 'synced', ids: memberIds, em });
    return Promise.resolve();
  }

  override markSyncError(em: EntityManager, memberIds: string[], reason: string): Promise<void> {
    for (const id of memberIds) {
      const member = this.memberRows.get(id);
      if (member) member.acSyncError = reason;
    }
    if (memberIds.length) this.memberWrites.push({ what: 'error', ids: memberIds, em });
    return Promise.resolve();
  }
}

/** ActiveCampaign as its documentation says it answers: a batch id for an import, then the import's outcome. */
class FakeActiveCampaign {
  readonly imports: AcContact[][] = [];
  importFailure: string[] = [];
  importRefusal: Error | undefined;
  contactRefusal: Error | undefined;

  bulkImport(contacts: AcContact[]): Promise<string> {
    if (this.importRefusal) return Promise.reject(this.importRefusal);
    this.imports.push(contacts);
    return Promise.resolve(`ac-batch-${this.imports.length}`);
  }

  importInfo(): Promise<AcImportInfo> {
    return Promise.resolve({ status: 'completed', success: [], failure: this.importFailure });
  }

  contactsByIds(): Promise<Map<string, string>> {
    return Promise.resolve(new Map());
  }

  contactIdByEmail(email: string): Promise<string | undefined> {
    return Promise.resolve(`contact-of-${email}`);
  }

  syncContact(contact: AcContact): Promise<string> {
    return this.contactRefusal ? Promise.reject(this.contactRefusal) : Promise.resolve(`contact-of-${contact.email}`);
  }

  setListStatus(): Promise<void> {
    return Promise.resolve();
  }
}

function bullJob(attemptsMade = 0): Job {
  return { attemptsMade, opts: { attempts: 12 }, token: 'token' } as unknown as Job;
}

let repo: FakeRepository;
let ac: FakeActiveCampaign;
let importBatch: ImportBatchJob;

beforeEach(() => {
  repo = new FakeRepository();
  ac = new FakeActiveCampaign();
  const config = loadConfig(workerEnvSchema, {});
  importBatch = new ImportBatchJob(fakeEm, repo, ac as unknown as ActiveCampaignClient, config, {
    pollDelaysMs: [0],
    recheckDelaysMs: [1],
    maxRechecks: 1,
  });
  // Five members snapshotted into batch 0; m5 deleted their account since.
  for (const n of [1, 2, 3, 4]) repo.addMember(`m${n}`, `m${n}@example.com`);
  repo.addMember('m5', 'm5@example.com', true);
  void repo.addBatch(TX, SYNC_JOB, 0, ['m1', 'm2', 'm3', 'm4', 'm5']);
});

describe('settling a completed bulk import', () => {
  it('counts the members AC lists in `failure` and the members gone since the snapshot as failed, every other member as synced', async () => {
    ac.importFailure = ['M3@Example.com'];
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob())).resolves.toEqual({ synced: 3, failed: 2 });
    expect(repo.batch(0)).toMatchObject({ state: 'done', synced: 3, failed: 2 });
    expect(repo.progress()).toEqual({ synced: 3, failed: 2 });
    expect(['m1', 'm2', 'm4'].map((id) => repo.memberRows.get(id)!)).toEqual(
      ['m1', 'm2', 'm4'].map(() => expect.objectContaining({ acSynced: true, acSyncError: null })),
    );
    expect(repo.memberRows.get('m3')).toMatchObject({ acSynced: false, acSyncError: BULK_FAILURE_REASON });
    expect(repo.memberRows.get('m5')).toMatchObject({ acSynced: false, acSyncError: null });
  });

  it('writes the batch and its members in one transaction', async () => {
    ac.importFailure = ['m3@example.com'];
    await importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob());
    // One write per synced member (each with its contact id) and one for the failed: all in the transaction.
    expect(repo.memberWrites.map((write) => write.what)).toEqual(['synced', 'synced', 'synced', 'error']);
    expect(repo.memberWrites.every((write) => write.em === TX)).toBe(true);
  });
});

describe('a retried batch is not counted twice', () => {
  it('a retry after the settle finds the batch settled: no second import, the counts and members unchanged', async () => {
    await importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob());
    const writes = repo.memberWrites.length;
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob(1))).resolves.toBe('already settled');
    expect(ac.imports).toHaveLength(1);
    expect(repo.progress()).toEqual({ synced: 4, failed: 1 });
    expect(repo.memberWrites).toHaveLength(writes);
  });

  it('a run that loses the race to settle (another worker settled it meanwhile) leaves the counts and the members to the winner', async () => {
    ac.importFailure = ['m1@example.com'];
    repo.beforeSettle = (batch) => Object.assign(batch, { state: 'done', synced: 4, failed: 1 });
    await importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob());
    expect(repo.progress()).toEqual({ synced: 4, failed: 1 });
    expect(repo.memberWrites).toEqual([]);
    expect(repo.memberRows.get('m1')!.acSyncError).toBeNull();
  });

  it('a batch already imported asks AC for the outcome instead of importing the same contacts again', async () => {
    await repo.saveAcBatchId(TX, 'batch-0', 'ac-batch-earlier');
    await importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob(1));
    expect(ac.imports).toHaveLength(0);
    expect(repo.batch(0)).toMatchObject({ state: 'done', synced: 4, failed: 1 });
  });
});

describe('a batch that fails for good', () => {
  it('counts every member of the batch as failed once, records the reason on them, and a retry changes nothing', async () => {
    ac.importRefusal = new AcRejectedError(422, 'Contacts are invalid');
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob())).rejects.toBe(ac.importRefusal);
    expect(repo.batch(0)).toMatchObject({ state: 'failed', synced: 0, failed: 5, lastError: 'Contacts are invalid' });
    expect(['m1', 'm2', 'm3', 'm4'].map((id) => repo.memberRows.get(id)!.acSyncError)).toEqual(
      Array(4).fill('Contacts are invalid'),
    );
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob(1))).resolves.toBe('already settled');
    expect(repo.progress()).toEqual({ synced: 0, failed: 5 });
  });

  it('a retryable error before the last attempt settles nothing', async () => {
    ac.importRefusal = new Error('ActiveCampaign answered 503');
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob(0))).rejects.toThrow('503');
    expect(repo.batch(0).state).toBe('pending');
    expect(repo.memberWrites).toEqual([]);
  });
});

describe('a batch of one member goes through contact/sync', () => {
  beforeEach(() => {
    repo.batches.length = 0;
    void repo.addBatch(TX, SYNC_JOB, 0, ['m1']);
  });

  it('counts the member synced, with their contact id', async () => {
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob())).resolves.toEqual({ synced: 1, failed: 0 });
    expect(repo.memberRows.get('m1')).toMatchObject({ acContactId: 'contact-of-m1@example.com', acSynced: true });
  });

  it("counts the member failed with AC's reason when AC refuses the contact, and the batch is settled", async () => {
    ac.contactRefusal = new AcRejectedError(422, 'Email address is invalid');
    await expect(importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob())).resolves.toEqual({ synced: 0, failed: 1 });
    expect(repo.batch(0)).toMatchObject({ state: 'done', synced: 0, failed: 1 });
    expect(repo.memberRows.get('m1')!.acSyncError).toBe('Email address is invalid');
  });
});

describe('finishing a bulk sync', () => {
  const enqueued: unknown[] = [];
  const producer = {
    enqueue: (name: string, payload: unknown, opts: unknown) => {
      enqueued.push({ name, payload, opts });
      return Promise.resolve();
    },
  } as unknown as JobProducer;
  /** The parent job, with what its children answered. */
  const parentJob = (values: Record<string, unknown>) => ({ getChildrenValues: () => Promise.resolve(values) }) as unknown as Job;

  it('fails the batches never settled (every member counted), leaves settled ones as they are, and completes the job', async () => {
    await importBatch.handle({ syncJobId: SYNC_JOB, batchNo: 0 }, bullJob());
    await repo.addBatch(TX, SYNC_JOB, 1, ['m6', 'm7']);
    await new BulkSyncFinishJob(fakeEm, repo, producer).handle({ syncJobId: SYNC_JOB }, parentJob({}));
    expect(repo.batch(0)).toMatchObject({ state: 'done', synced: 4, failed: 1 });
    expect(repo.batch(1)).toMatchObject({ state: 'failed', synced: 0, failed: 2, lastError: 'gave up' });
    expect(repo.progress()).toEqual({ synced: 4, failed: 3 });
    expect(repo.jobState).toBe('completed');
  });

  it('then asks for the contact ids of each batch whose import created contacts, once the sync is complete', async () => {
    enqueued.length = 0;
    const finish = new BulkSyncFinishJob(fakeEm, repo, producer);
    await finish.handle(
      { syncJobId: SYNC_JOB },
      parentJob({
        'bull:activecampaign:batch-0': { synced: 4, failed: 1 },
        'bull:activecampaign:batch-1': 'already settled',
        'bull:activecampaign:batch-2': { synced: 2, failed: 0, batchNo: 2, createdContactIds: ['71', '72'] },
      }),
    );
    expect(repo.jobState).toBe('completed');
    expect(enqueued).toEqual([
      {
        name: 'activecampaign.contact-ids',
        payload: { syncJobId: SYNC_JOB, batchNo: 2, createdContactIds: ['71', '72'] },
        opts: { jobId: `bulk-${SYNC_JOB}-contact-ids-2`, priority: CONTACT_IDS_PRIORITY },
      },
    ]);
  });
});
