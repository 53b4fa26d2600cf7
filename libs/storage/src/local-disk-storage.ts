import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMediaKey } from './media-types.js';
import type { MediaDelivery, ObjectStorage, PresignedUpload } from './object-storage.js';
import { signUpload } from './upload-signature.js';

/** A streamed object went past its byte limit. */
export class ObjectTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLarge';
  }
}

/** The api route that receives local uploads (see the api's media module). */
export const LOCAL_UPLOAD_ROUTE = '/api/uploads/';

/**
 * Objects as files under one folder. The upload URL is the api's own signed, expiring
 * `PUT /api/uploads/<key>`, relative so it works behind any proxy or dev server.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly signingSecret: string,
  ) {
    this.root = path.resolve(root);
  }

  async presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<PresignedUpload> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = signUpload(this.signingSecret, key, contentType, expires);
    const query = new URLSearchParams({ expires: String(expires), signature });
    return { url: `${LOCAL_UPLOAD_ROUTE}${key}?${query}`, method: 'PUT', headers: { 'content-type': contentType } };
  }

  /** Writes through a temporary file so a reader never sees half an object. */
  async write(key: string, data: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    const temporary = path.join(this.root, '.partial', randomUUID());
    await mkdir(path.dirname(temporary), { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(temporary, data);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /**
   * Streams a request body to the object, through a temporary file, never holding more than a chunk.
   * More than `maxBytes` stops the copy with ObjectTooLarge and leaves nothing behind.
   */
  async writeStream(key: string, source: Readable, maxBytes: number): Promise<void> {
    const file = this.pathOf(key);
    const temporary = path.join(this.root, '.partial', randomUUID());
    await mkdir(path.dirname(temporary), { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > maxBytes ? new ObjectTooLarge(maxBytes) : null, chunk);
      },
    });
    try {
      await pipeline(source, limit, createWriteStream(temporary));
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deliver(key: string): Promise<MediaDelivery | null> {
    const found = await this.stat(key);
    if (!found) return null;
    const file = this.pathOf(key);
    return { kind: 'stream', size: found.size, open: (range) => createReadStream(file, range) };
  }

  /** Keys are validated against the server's own pattern, so no `..` can reach the file system. */
  private pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key);
  }
}
