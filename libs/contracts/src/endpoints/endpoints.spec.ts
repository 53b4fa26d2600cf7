import type { z } from 'zod';
import { type EndpointSpec, pathParameters } from '../endpoint.js';
import { endpoints } from './index.js';

const list = Object.entries(endpoints) as [string, EndpointSpec][];

describe('the endpoint list', () => {
  it('declares each method and path once', () => {
    const routes = list.map(([, spec]) => `${spec.method} ${spec.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('validates exactly the parameters each path names', () => {
    for (const [name, spec] of list) {
      if (!spec.params) continue;
      const keys = Object.keys((spec.params as z.ZodObject).shape).sort();
      expect({ name, keys }).toEqual({ name, keys: pathParameters(spec.path).sort() });
    }
  });

  it('keeps bodies off GET and conditional answers on GET', () => {
    for (const [name, spec] of list) {
      if (spec.method === 'GET') expect({ name, body: spec.body }).toEqual({ name, body: undefined });
      else expect({ name, conditional: spec.conditional }).toEqual({ name, conditional: undefined });
    }
  });
});
