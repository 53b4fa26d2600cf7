import type { EndpointSpec } from './endpoint.js';

export const ROUTE_TABLE_FILE = 'libs/contracts/src/routes.generated.ts';

/**
 * The web's route table, derived from the endpoint list: each endpoint's method and path as plain
 * data (no zod at run time, so the landing page bundles only the routes it calls), typed with the
 * endpoint's schemas through a type-only import. `npm run routes:generate` writes it; a unit test
 * fails while the file differs from what this renders.
 */
export function renderRouteTable(list: Record<string, EndpointSpec>): string {
  const lines = Object.entries(list)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, spec]) => `export const ${name}: Route<Endpoints['${name}']> = { method: '${spec.method}', path: '${spec.path}' };`,
    );
  return [
    '// Generated from the endpoint list (libs/contracts/src/endpoints) by `npm run routes:generate`: do not edit.',
    '// The web calls the api only through these routes (lib/api-client.ts); a unit test fails while this file is stale.',
    "import type { Route } from './endpoint.js';",
    "import type { Endpoints } from './endpoints/index.js';",
    '',
    ...lines,
    '',
  ].join('\n');
}
