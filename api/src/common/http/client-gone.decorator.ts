import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client that asked goes before its answer is sent (its connection
 * closed): for work that waits its turn, so a turn is not spent on an answer nobody will read.
 */
export const ClientGone = createParamDecorator((_: unknown, ctx: ExecutionContext): AbortSignal => {
  const response = ctx.switchToHttp().getResponse<FastifyReply>().raw;
  const gone = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) gone.abort();
  });
  return gone.signal;
});
