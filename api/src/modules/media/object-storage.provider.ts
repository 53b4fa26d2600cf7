import { Inject, type Provider } from '@nestjs/common';
import { createObjectStorage, type ObjectStorage } from '@nocturne/storage';
import { API_CONFIG, type ApiConfig } from '#config/api-config.js';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const InjectStorage = () => Inject(OBJECT_STORAGE);

export const objectStorageProvider: Provider<ObjectStorage> = {
  provide: OBJECT_STORAGE,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) => createObjectStorage(config),
};
