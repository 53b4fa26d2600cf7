export const API_PREFIX = 'api';

/** Routes served outside the `/api` prefix (exact paths, or a folder ending in `/`). */
export const UNPREFIXED_ROUTES = ['health/live', 'health/ready', 'metrics', 'media/'];

function clean(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

export function isUnprefixed(path: string): boolean {
  return UNPREFIXED_ROUTES.some((route) => (route.endsWith('/') ? `${path}/`.startsWith(route) : path === route));
}

/** The full URL path of a controller route, as Nest mounts it with the global prefix. */
export function routePath(controllerPath: string, methodPath: string): string {
  const joined = [clean(controllerPath), clean(methodPath)].filter(Boolean).join('/');
  return isUnprefixed(joined) ? `/${joined}` : `/${API_PREFIX}/${joined}`;
}

/**
 * Nest's `:id` becomes OpenAPI's `{id}`; a wildcard becomes `{path}`. With the Fastify adapter,
 * routes use find-my-way's bare trailing `*` (param `'*'`); `*name` is path-to-regexp syntax,
 * valid only in middleware and global-prefix exclusions.
 */
export function toOpenApiPath(path: string): string {
  return path
    .replace(/:(\w+)/g, '{$1}')
    .replace(/\*(\w+)/g, '{$1}')
    .replace(/\/\*$/, '/{path}');
}
