import { applyDecorators, HttpCode, SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export type Access = 'public' | 'member' | 'admin';

/**
 * One description of a route, used three ways: the auth guard reads `auth`, the input decorators
 * validate with `body`/`query`/`params`, and the OpenAPI document is generated from all of it.
 */
export interface EndpointSpec {
  summary: string;
  auth: Access;
  tags?: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Success status (default 200). */
  status?: number;
  /** Documented failure statuses with a short reason each. */
  errors?: Record<number, string>;
  /** Answer content type when not JSON (e.g. text/plain for metrics). */
  produces?: string;
}

export const ENDPOINT_METADATA = 'nocturne:endpoint';

export function Endpoint(spec: EndpointSpec): MethodDecorator {
  return applyDecorators(SetMetadata(ENDPOINT_METADATA, spec), HttpCode(spec.status ?? 200));
}
