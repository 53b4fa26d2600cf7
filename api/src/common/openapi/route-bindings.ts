import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { endpoints, type EndpointSpec } from '@nocturne/contracts';
import { endpointOf } from '../http/endpoint.decorator.js';

export interface BoundRoute {
  controller: string;
  handler: string;
  spec: EndpointSpec | undefined;
}

/**
 * What is wrong between the endpoint list and the controllers: an endpoint no method serves, one
 * served twice, or a route bound outside the list (a plain `@Get`, which would have no declared
 * access, schemas or document entry).
 */
function bindingProblems(bound: BoundRoute[]): string[] {
  const problems: string[] = [];
  const names = new Map<EndpointSpec, string>(Object.entries(endpoints).map(([name, spec]) => [spec, name]));
  const seen = new Map<EndpointSpec, string>();
  for (const { controller, handler, spec } of bound) {
    const where = `${controller}.${handler}`;
    if (!spec) problems.push(`${where} is a route outside the endpoint list: bind it with @Endpoint(endpoints.<name>)`);
    else if (!names.has(spec)) problems.push(`${where} is bound to an endpoint that is not in the endpoint list`);
    else if (seen.has(spec)) problems.push(`${names.get(spec)} is bound twice: ${seen.get(spec)} and ${where}`);
    else seen.set(spec, where);
  }
  for (const [spec, name] of names)
    if (!seen.has(spec)) problems.push(`${name} (${spec.method} ${spec.path}) is bound to no controller method`);
  return problems;
}

/** Refuses to start the api unless every endpoint of the list is served by exactly one method. */
@Injectable()
export class RouteBindings implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const problems = bindingProblems(this.bound());
    if (problems.length) throw new Error(`The api's routes do not match the endpoint list:\n- ${problems.join('\n- ')}`);
  }

  bound(): BoundRoute[] {
    const routes: BoundRoute[] = [];
    for (const { instance, metatype } of this.discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
      for (const handler of this.scanner.getAllMethodNames(prototype)) {
        const method = prototype[handler]!;
        if (Reflect.getMetadata(PATH_METADATA, method) === undefined) continue;
        routes.push({ controller: metatype.name, handler, spec: endpointOf(method) });
      }
    }
    return routes;
  }
}
