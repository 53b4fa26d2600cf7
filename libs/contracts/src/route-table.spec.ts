import { endpoints } from './endpoints/index.js';
import * as routes from './routes.generated.js';

describe("the web's route table", () => {
  it('carries each endpoint by the same name, method and path', () => {
    const table = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, `${route.method} ${route.path}`]));
    const list = Object.fromEntries(Object.entries(endpoints).map(([name, spec]) => [name, `${spec.method} ${spec.path}`]));
    expect(table).toEqual(list);
  });
});
