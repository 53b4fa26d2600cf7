import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import type { EndpointSpec } from '@nocturne/contracts';

export type { EndpointSpec } from '@nocturne/contracts';

export const ENDPOINT_METADATA = 'nocturne:endpoint';

/**
 * Binds a controller method to its declaration in the endpoint list (`endpoints` of
 * @nocturne/contracts): the route (the list's full path; controllers carry no prefix), the success
 * status, and the spec the auth guard, the input decorators, the conditional GET and the OpenAPI
 * document read. `RouteBindings` refuses to start unless every endpoint is bound exactly once.
 */
export function Endpoint(spec: EndpointSpec): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: spec.path, method: RequestMethod[spec.method] }),
    SetMetadata(ENDPOINT_METADATA, spec),
    HttpCode(spec.status ?? 200),
  );
}

/** The endpoint a handler is bound to, if any. */
export function endpointOf(handler: object): EndpointSpec | undefined {
  return Reflect.getMetadata(ENDPOINT_METADATA, handler) as EndpointSpec | undefined;
}
