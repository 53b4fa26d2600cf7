import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DOOR_DEVICE_HEADER, DOOR_ID_HEADER, DoorHeaders } from '@nocturne/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationFailedException } from '#common/http/zod-validation.pipe.js';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The door headers of a door request (libs/contracts door-devices.ts): the phone's own id
 * (X-Door-Device) and the named door it is at (X-Door-Id), both optional; a malformed one is a 400
 * naming it.
 */
export const DoorHeadersOf = createParamDecorator((_: unknown, ctx: ExecutionContext): DoorHeaders => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const read = DoorHeaders.safeParse({ device: header(request, DOOR_DEVICE_HEADER), doorId: header(request, DOOR_ID_HEADER) });
  if (read.success) return read.data;
  throw new ValidationFailedException(
    read.error.issues.map((issue) => ({
      path: issue.path[0] === 'device' ? DOOR_DEVICE_HEADER : DOOR_ID_HEADER,
      message: issue.message,
    })),
  );
});
