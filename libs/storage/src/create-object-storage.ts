import type { BaseEnv } from '@nocturne/config';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { uploadSigningKey } from './upload-signature.js';

export type StorageEnv = Pick<
  BaseEnv,
  | 'STORAGE_DIR'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'QR_SECRET'
>;

/**
 * S3 when S3_BUCKET is set (ARCHITECTURE.md), otherwise files under STORAGE_DIR. The AWS SDK is
 * loaded only for S3: loaded alone it adds some 35 MB to a process (less beside code the process
 * shares with it), which a folder does not need.
 */
export async function createObjectStorage(env: StorageEnv): Promise<ObjectStorage> {
  if (env.S3_BUCKET) {
    const { S3Storage } = await import('./s3-storage.js');
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskStorage(env.STORAGE_DIR, uploadSigningKey(env.QR_SECRET));
}
