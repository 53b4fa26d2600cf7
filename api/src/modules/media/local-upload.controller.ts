import { Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { StoreLocalUploadCommand } from './commands/store-local-upload/store-local-upload.command.js';

const UploadSignatureQuery = z.object({
  expires: z.coerce.number({ message: 'is required' }).int('must be a unix time in seconds'),
  signature: z.string({ message: 'is required' }).max(128, 'must be at most 128 characters'),
});

const UploadedResponse = z.object({
  url: z.string().describe('The upload URL without its signature: send it to finalize as mediaURL'),
});

/**
 * The local-storage stand-in for an S3 presigned PUT. It is `public` on purpose: browsers send no
 * session here (as with S3), and the HMAC signature over key, content type and expiry, issued
 * only to admins by POST /api/admin/upload/sign, is the authorization.
 */
@Controller('uploads')
export class LocalUploadController {
  constructor(private readonly commands: CommandBus) {}

  // Keys are always `news/<uuid>.<ext>` (MEDIA_KEY_PATTERN), as in MediaController.
  @Put('news/:file')
  @Endpoint({
    summary: 'Receive the raw bytes of a signed upload (local storage; the signature authorizes)',
    auth: 'public',
    tags: ['media'],
    query: UploadSignatureQuery,
    response: UploadedResponse,
    errors: {
      403: 'Signature invalid for this key or content type, or expired',
      409: 'Already finalized',
      413: 'Larger than 10 MB',
    },
  })
  receive(
    @Param('file') file: string,
    @ValidQuery() query: z.infer<typeof UploadSignatureQuery>,
    @Req() request: FastifyRequest,
  ): Promise<{ url: string }> {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return this.commands.execute(new StoreLocalUploadCommand({ key: `news/${file}`, contentType, body, ...query }));
  }
}
