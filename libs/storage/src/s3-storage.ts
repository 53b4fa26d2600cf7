import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaDelivery, ObjectStorage, PresignedUpload } from './object-storage.js';

export interface S3StorageOptions {
  endpoint?: string;
  /** Where browsers reach the bucket, when not at `endpoint` (e.g. MinIO inside docker compose): signed URLs use it. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

/** Objects in an S3 bucket (AWS, MinIO, R2...), path-style so MinIO works without DNS tricks. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  /** Signs the URLs browsers use: the same client unless a public endpoint is configured. */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = S3Storage.clientFor(options, options.endpoint);
    this.signer = options.publicEndpoint ? S3Storage.clientFor(options, options.publicEndpoint) : this.client;
  }

  private static clientFor(options: S3StorageOptions, endpoint: string | undefined): S3Client {
    return new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: true,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Default checksums would add x-amz-checksum-* to presigned PUTs, which a browser cannot compute.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<PresignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType });
    // Content-Type is signed: the client must send exactly the type the server approved.
    const url = await getSignedUrl(this.signer, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
    return { url, method: 'PUT', headers: { 'content-type': contentType } };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
    const body = await object.Body?.transformToByteArray();
    return Buffer.from(body ?? []).subarray(0, bytes);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deliver(key: string, contentType: string, expiresInSeconds: number): Promise<MediaDelivery | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: contentType });
    return { kind: 'redirect', url: await getSignedUrl(this.signer, command, { expiresIn: expiresInSeconds }) };
  }

  destroy(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
