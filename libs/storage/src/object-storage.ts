import type { Readable } from 'node:stream';

/** Where and how the browser sends the file: a single `PUT` of the raw bytes. */
export interface PresignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** How `GET /media/...` answers: the bytes themselves, or a short-lived URL to fetch them from. */
export type MediaDelivery =
  { kind: 'redirect'; url: string } | { kind: 'stream'; size: number; open(range?: { start: number; end: number }): Readable };

/**
 * The object storage port. Both adapters behave the same for the upload flow: presign, the
 * client PUTs, then the server inspects (`stat`, `readStart`) and deletes what it refuses.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<PresignedUpload>;
  /** Size in bytes, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The first `bytes` bytes (fewer if the object is shorter). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  deliver(key: string, contentType: string, expiresInSeconds: number): Promise<MediaDelivery | null>;
  /** Closes the adapter's connections, at shutdown. */
  destroy?(): void;
}
