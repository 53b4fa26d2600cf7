import { WEBHOOK_EVENTS } from '@nocturne/domain';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventRoutes } from './event-routes.js';
import { domainEventSchemas, type DomainEventType } from './events.js';
import { ALL_JOB_NAMES, ALL_QUEUES, isJobName, queueOf } from './jobs.js';

/*
 * docs/ARCHITECTURE.md's "Queues, jobs and events" tables against the registry and the code that
 * handles it: every event with its in-transaction handlers and its jobs (or its reason for none),
 * every queue, every job with its queue and its worker handler. A change to either side without
 * the other fails here.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** The cells of the table under `heading` (a "### ..." line), header and rule left out. */
function table(heading: string): string[][] {
  const lines = doc.split('\n');
  const at = lines.indexOf(heading);
  if (at < 0) throw new Error(`docs/ARCHITECTURE.md has no "${heading}" heading`);
  const first = lines.findIndex((line, i) => i > at && line.startsWith('|'));
  const rows: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.slice(2).map((row) =>
    row
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
}

/** The `code` spans of a cell. */
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
const sorted = (values: Iterable<string>) => [...values].sort();

/** `decorator('name')` on a class, anywhere under `dir` (tests left out): name → class names. */
function decoratedClasses(dir: string, decorator: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const pattern = new RegExp(`@${decorator}\\('([^']+)'\\)\\s*(?:@\\w+\\([^)]*\\)\\s*)*export class (\\w+)`, 'g');
  for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, name, className] of source.matchAll(pattern)) found.set(name!, [...(found.get(name!) ?? []), className!]);
  }
  return found;
}

describe('docs/ARCHITECTURE.md: events', () => {
  const rows = table('### Events');
  const inTransaction = decoratedClasses('api/src', 'HandlesInTransaction');

  it('lists every domain event once', () => {
    const listed = rows.map(([event]) => ticked(event!)[0]);
    expect(sorted(listed as string[])).toEqual(sorted(Object.keys(domainEventSchemas)));
  });

  it("names each event's in-transaction handlers as the api declares them", () => {
    for (const [event, , handlers] of rows) {
      const type = ticked(event!)[0]!;
      expect({ type, handlers: sorted(ticked(handlers!)) }).toEqual({ type, handlers: sorted(inTransaction.get(type) ?? []) });
    }
    for (const type of inTransaction.keys()) expect(Object.keys(domainEventSchemas)).toContain(type);
  });

  it('gives each event the jobs its route makes, or the reason it makes none', () => {
    for (const [event, , , jobs] of rows) {
      const type = ticked(event!)[0]! as DomainEventType;
      const route = eventRoutes[type];
      if ('reason' in route) {
        expect({ type, jobs: jobs }).toEqual({ type, jobs: `none: ${route.reason}` });
        continue;
      }
      const names = ticked(jobs!);
      expect({ type, jobs: sorted(names.filter(isJobName)) }).toEqual({ type, jobs: sorted(route.jobs) });
      // The rest of the cell's names are the webhooks the event goes out as.
      for (const name of names.filter((n) => !isJobName(n))) expect(WEBHOOK_EVENTS).toContain(name);
    }
  });
});

describe('docs/ARCHITECTURE.md: queues and jobs', () => {
  const workerHandlers = decoratedClasses('worker/src', 'HandlesJob');

  it('lists every queue once', () => {
    expect(sorted(table('### Queues').map(([queue]) => ticked(queue!)[0]!))).toEqual(sorted(ALL_QUEUES));
  });

  it('lists every job once, with its queue and its handler in the worker', () => {
    const rows = table('### Jobs');
    expect(sorted(rows.map(([job]) => ticked(job!)[0]!))).toEqual(sorted(ALL_JOB_NAMES));
    for (const [job, queue, handler] of rows) {
      const name = ticked(job!)[0]!;
      if (!isJobName(name)) continue;
      expect({ job: name, queue: ticked(queue!)[0], handler: ticked(handler!) }).toEqual({
        job: name,
        queue: queueOf(name),
        handler: workerHandlers.get(name) ?? [],
      });
    }
  });
});
