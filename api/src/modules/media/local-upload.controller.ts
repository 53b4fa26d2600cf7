import type { Readable } from 'node:stream';
import { Controller, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints, type UploadSignatureQuery } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidQuery } from '#common/http/input.decorators.js';
import { StoreLocalUploadCommand } from './commands/store-local-upload/store-local-upload.command.js';

/**
 * The local-storage stand-in for an S3 presigned PUT. It is `public` on purpose: browsers send no
 * session here (as with S3), and the HMAC signature over key, content type and expiry, issued
 * only to admins by POST /api/admin/upload/sign, is the authorization.
 */
@Controller()
export class LocalUploadController {
  constructor(private readonly commands: CommandBus) {}

  // Keys are always `news/<uuid>.<ext>` (MEDIA_KEY_PATTERN), as in MediaController.
  @Endpoint(endpoints.receiveLocalUpload)
  receive(
    @Param('file') file: string,
    @ValidQuery() query: z.infer<typeof UploadSignatureQuery>,
    @Req() request: FastifyRequest,
  ): Promise<{ url: string }> {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // The request stream itself (raw-upload-parser.ts checked signature and size before reading it).
    const body = request.body as Readable;
    return this.commands.execute(new StoreLocalUploadCommand({ key: `news/${file}`, contentType, body, ...query }));
  }
}
