import { defineEntity, p } from '@mikro-orm/core';

/**
 * An upload the server signed (`POST /api/admin/upload/sign`). `finalizedAt` is set once the file
 * passed the checks; rows left unfinalized for a day are deleted with their object by the worker.
 */
export const MediaUpload = defineEntity({
  name: 'MediaUpload',
  tableName: 'media_uploads',
  properties: {
    key: p.string().length(100).primary(),
    contentType: p.string().length(50),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    finalizedAt: p.datetime().columnType('timestamptz').nullable(),
    size: p.integer().nullable(),
  },
});
