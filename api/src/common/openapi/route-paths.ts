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
