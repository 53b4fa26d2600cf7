import { Inject, type Provider } from '@nestjs/common';
import { createObjectStorage, type ObjectStorage } from '@nocturne/storage';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config.js';

const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const InjectStorage = () => Inject(OBJECT_STORAGE);

/** The same adapter the api uses (S3 when S3_BUCKET is set, else STORAGE_DIR). */
export const objectStorageProvider: Provider<ObjectStorage> = {
  provide: OBJECT_STORAGE,
  inject: [WORKER_CONFIG],
  useFactory: (config: WorkerConfig) => createObjectStorage(config),
};
