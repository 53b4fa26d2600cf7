import { endpoints } from '@nocturne/contracts';
import { renderRouteTable, ROUTE_TABLE_FILE } from '@nocturne/contracts/route-table';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

const file = path.resolve(ROUTE_TABLE_FILE);

it("keeps the web's route table as the endpoint list generates it (run `npm run routes:generate` after changing an endpoint)", async () => {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const expected = await prettier.format(renderRouteTable(endpoints), { ...options, filepath: file });
  expect(readFileSync(file, 'utf8')).toBe(expected);
});
