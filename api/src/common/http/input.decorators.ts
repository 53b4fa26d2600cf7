import { createParamDecorator, type ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ENDPOINT_METADATA, type EndpointSpec } from './endpoint.decorator.js';
import { type InputLocation, ZodValidationPipe } from './zod-validation.pipe.js';

function validated(location: InputLocation) {
  return createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const spec = Reflect.getMetadata(ENDPOINT_METADATA, ctx.getHandler()) as EndpointSpec | undefined;
    const schema = spec?.[location];
    if (!schema) throw new InternalServerErrorException(`No ${location} schema declared for this route`);
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    return new ZodValidationPipe(schema, location).transform(request[location]);
  })();
}

/** The request body parsed with the route's `body` schema. */
export const ValidBody = () => validated('body');
/** The query string parsed with the route's `query` schema. */
export const ValidQuery = () => validated('query');
/** The path parameters parsed with the route's `params` schema. */
export const ValidParams = () => validated('params');
