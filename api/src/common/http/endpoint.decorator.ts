import { applyDecorators, HttpCode, SetMetadata } from '@nestjs/common';
import type { Role } from '@nocturne/domain';
import type { z } from 'zod';

export type Access = 'public' | Role;

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
  /**
   * A polled GET answered conditionally (ConditionalGetInterceptor): its ETag is built from the
   * versions of these scopes (`resource_versions`; `{me}` stands for the caller's member id), so a
   * matching `If-None-Match` gets 304 without touching PostgreSQL. `everySeconds` adds the clock
   * for answers that also change with time (a coupon expiring), in buckets of that many seconds.
   */
  conditional?: { scopes: readonly string[]; everySeconds?: number };
}

export const ENDPOINT_METADATA = 'nocturne:endpoint';

export function Endpoint(spec: EndpointSpec): MethodDecorator {
  return applyDecorators(SetMetadata(ENDPOINT_METADATA, spec), HttpCode(spec.status ?? 200));
}
