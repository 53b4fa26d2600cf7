import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { endpoints } from './endpoints/index.js';
import { renderRouteTable, ROUTE_TABLE_FILE } from './route-table.js';
import * as routes from './routes.generated.js';

const file = path.resolve(ROUTE_TABLE_FILE);

describe("the web's route table", () => {
  it('is what the endpoint list generates (run `npm run routes:generate` after changing an endpoint)', async () => {
    const options = (await prettier.resolveConfig(file)) ?? {};
    const expected = await prettier.format(renderRouteTable(endpoints), { ...options, filepath: file });
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('carries each endpoint by the same name, method and path', () => {
    const table = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, `${route.method} ${route.path}`]));
    const list = Object.fromEntries(Object.entries(endpoints).map(([name, spec]) => [name, `${spec.method} ${spec.path}`]));
    expect(table).toEqual(list);
  });
});
