#!/usr/bin/env node
// `npm run routes:generate`: writes the web's route table from the endpoint list (built contracts),
// formatted as Prettier formats the rest of the repository.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { endpoints } from '@nocturne/contracts';
import { renderRouteTable, ROUTE_TABLE_FILE } from '@nocturne/contracts/route-table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const file = path.join(root, ROUTE_TABLE_FILE);
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(renderRouteTable(endpoints), { ...options, filepath: file }));
console.log(`Wrote ${ROUTE_TABLE_FILE} (${Object.keys(endpoints).length} routes)`);
