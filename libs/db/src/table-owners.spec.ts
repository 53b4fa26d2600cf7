import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entities } from './entities/index.js';

/*
 * Who writes and reads each table, read from the sources of api/, worker/ and libs/ and compared
 * with the owners docs/ARCHITECTURE.md lists ("Tables and their owners"): a write or a read by
 * anyone the list does not name fails, and so does a write of the points ledger
 * (point_transactions, or the balance columns of members) anywhere but @nocturne/ledger.
 *
 * What it sees: Kysely builders (insertInto, updateTable, deleteFrom, mergeInto with the table
 * as a string literal, and the columns of their set/values/columns), SQL in string and template
 * literals (insert into, update ... set, delete from, merge into, truncate; from and join for
 * reads), and MikroORM's entity calls (create, insert, nativeUpdate, upsert, ... with the entity
 * class, and assignments to a Member's currentPoints, totalPoints or memberTier).
 *
 * How it can be fooled, so review still matters: a table or column name computed at run time
 * (`updateTable(name)`, `sql.raw(...)`, `sql.id(...)`, SQL text assembled from pieces or read from
 * a file); columns set from a variable (`set(changes)`: counted as "unknown", so on members it
 * fails as a possible balance write); an entity changed through a variable and flushed
 * (`em.persist(member)` after `member.currentPoints = ...` is caught, but `Object.assign(member,
 * changes)` is not); a database function, trigger or rule (migrations are not scanned: they are
 * the schema, and run once); code outside the scanned folders (web/, tests, libs/testing and
 * libs/tooling, which set up their scenarios and the benchmark's data by hand) or in files that
 * are not TypeScript; and a write through a second client (`pg`) whose SQL is not in a literal.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The columns of members that belong to the points ledger. */
const BALANCE_COLUMNS = ['current_points', 'total_points', 'member_tier'];
const LEDGER_OWNER = 'libs/ledger';

interface Access {
  kind: 'write' | 'read';
  table: string;
  /** The columns a write sets, when the scanner can tell. */
  columns: string[] | 'unknown';
  unit: string;
  where: string;
}

/** Every table the migrations create. */
const TABLES = new Set(
  readdirSync(path.join(root, 'libs/db/src/migrations')).flatMap((file) =>
    [...readFileSync(path.join(root, 'libs/db/src/migrations', file), 'utf8').matchAll(/create table "(\w+)"/g)].map(
      ([, table]) => table!,
    ),
  ),
);
const ENTITY_TABLES = new Map(entities.map((entity) => [entity.meta.className, entity.meta.tableName]));

/**
 * The owning unit of a source file, as ARCHITECTURE.md names it: an api module
 * (`api/modules/coupons`), another api folder (`api/infrastructure/outbox`, `api/scripts`), a
 * worker area (`worker/points`) or a library (`libs/ledger`).
 */
function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'libs') return `libs/${parts[1]}`;
  if (parts[0] === 'worker') return `worker/${parts[2]!.replace(/\.ts$/, '')}`;
  if (parts[2] === 'modules' || parts[2] === 'infrastructure') return `api/${parts[2]}/${parts[3]}`;
  return `api/${parts[2]!.replace(/\.ts$/, '')}`;
}

const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const KYSELY_READS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
/** The builder calls whose arguments name the columns a write sets. */
const COLUMN_CALLS = new Set(['set', 'values', 'columns', 'doUpdateSet']);
const ORM_WRITES = new Set([
  'create',
  'insert',
  'insertMany',
  'nativeInsert',
  'nativeUpdate',
  'nativeDelete',
  'upsert',
  'upsertMany',
]);
const ORM_READS = new Set(['find', 'findOne', 'findOneOrFail', 'findAll', 'findAndCount', 'count', 'getReference']);
const BALANCE_PROPERTIES = new Map([
  ['currentPoints', 'current_points'],
  ['totalPoints', 'total_points'],
  ['memberTier', 'member_tier'],
]);

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const nameOf = (node: ts.Node | undefined) =>
  node && (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) ? node.text : undefined;

/** The keys an argument of set/values/columns names; 'unknown' when it is not spelled out here. */
function columnsOf(node: ts.Node): string[] | 'unknown' {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return columnsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (!ts.isBlock(node.body)) return columnsOf(node.body);
    const returned: ts.Expression[] = [];
    const visit = (child: ts.Node): void => {
      if (ts.isReturnStatement(child) && child.expression) returned.push(child.expression);
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    visit(node.body);
    return merge(returned.map(columnsOf));
  }
  if (ts.isConditionalExpression(node)) return merge([columnsOf(node.whenTrue), columnsOf(node.whenFalse)]);
  if (ts.isArrayLiteralExpression(node)) return merge(node.elements.map(columnsOf));
  if (ts.isObjectLiteralExpression(node)) {
    return merge(
      node.properties.map((property) => {
        if (ts.isSpreadAssignment(property)) return columnsOf(property.expression);
        const name = nameOf(property.name);
        return name ? [name] : 'unknown';
      }),
    );
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return columnsOf(node.right);
  return 'unknown';
}

function merge(parts: (string[] | 'unknown')[]): string[] | 'unknown' {
  return parts.includes('unknown') ? 'unknown' : [...new Set(parts.flat() as string[])];
}

/** The columns the calls of a write's chain set (only the chain's own calls, not subqueries inside them). */
function chainColumns(first: ts.CallExpression): string[] | 'unknown' {
  const parts: (string[] | 'unknown')[] = [];
  let node: ts.Node = first;
  for (;;) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (COLUMN_CALLS.has(node.expression.name.text)) parts.push(merge(node.arguments.map(columnsOf)));
      if (node.expression.name.text === 'onConflict')
        for (const argument of node.arguments) parts.push(conflictUpdates(argument));
    }
    const parent: ts.Node = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ts.isCallExpression(parent.parent)) {
      node = parent.parent;
      continue;
    }
    return merge(parts);
  }
}

/** What an onConflict callback updates (its doUpdateSet); its conflict target sets nothing. */
function conflictUpdates(node: ts.Node): string[] | 'unknown' {
  const found: (string[] | 'unknown')[] = [];
  const visit = (child: ts.Node): void => {
    if (
      ts.isCallExpression(child) &&
      ts.isPropertyAccessExpression(child.expression) &&
      child.expression.name.text === 'doUpdateSet'
    )
      found.push(merge(child.arguments.map(columnsOf)));
    ts.forEachChild(child, visit);
  };
  visit(node);
  return merge(found);
}

/** The SQL in a literal: its writes (with the columns of `update ... set` and `insert into t (...)`) and reads. */
function sqlAccesses(text: string): Omit<Access, 'unit' | 'where'>[] {
  const found: Omit<Access, 'unit' | 'where'>[] = [];
  const statement = /\b(insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w+)"?/gi;
  for (const match of text.matchAll(statement)) {
    const [, verb, table] = match;
    if (!TABLES.has(table!)) continue;
    const rest = text.slice(match.index! + match[0].length);
    let columns: string[] | 'unknown' = 'unknown';
    if (/^update/i.test(verb!)) {
      const set = /^\s+(?:as\s+)?(?:\w+\s+)?set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|\bfrom\b|$)/i.exec(rest);
      if (set) columns = [...set[1]!.matchAll(/"?(\w+)"?\s*=(?!=)/g)].map(([, column]) => column!);
    } else if (/^insert/i.test(verb!)) {
      const list = /^\s*(?:as\s+\w+\s*)?\(([^)]*)\)/i.exec(rest);
      if (list) columns = list[1]!.split(',').map((column) => column.trim().replace(/"/g, ''));
    } else columns = [];
    found.push({ kind: 'write', table: table!, columns });
  }
  for (const [, table] of text.matchAll(/\b(?:from|join)\s+(?:only\s+)?"?(\w+)"?/gi))
    if (TABLES.has(table!)) found.push({ kind: 'read', table: table!, columns: [] });
  return found;
}

/** Every table access a TypeScript source makes, as far as the scanner can tell. */
function scanSource(file: string, text: string): Access[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const unit = unitOf(file);
  const accesses: Access[] = [];
  const add = (node: ts.Node, access: Omit<Access, 'unit' | 'where'>) =>
    accesses.push({ ...access, unit, where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      const literal = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
      const table = literal?.trim().split(/\s+/)[0];
      if (table && TABLES.has(table) && KYSELY_WRITES.has(method))
        add(node, { kind: 'write', table, columns: chainColumns(node) });
      if (table && TABLES.has(table) && KYSELY_READS.has(method)) add(node, { kind: 'read', table, columns: [] });
      const entityTable = first && ts.isIdentifier(first) ? ENTITY_TABLES.get(first.text) : undefined;
      if (entityTable && ORM_WRITES.has(method))
        add(node, { kind: 'write', table: entityTable, columns: merge(node.arguments.slice(1).map(columnsOf)) });
      if (entityTable && ORM_READS.has(method)) add(node, { kind: 'read', table: entityTable, columns: [] });
      if (method === 'assign') {
        // em.assign(entity, data) or wrap(entity).assign(data): the balance properties its data names.
        const data = node.arguments.filter(ts.isObjectLiteralExpression).map(columnsOf);
        const keys = merge(data);
        const balance = keys === 'unknown' ? [] : keys.filter((key) => BALANCE_PROPERTIES.has(key));
        if (balance.length) add(node, { kind: 'write', table: 'members', columns: balance });
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isPropertyAccessExpression(node.left) &&
      BALANCE_PROPERTIES.has(node.left.name.text)
    )
      add(node, { kind: 'write', table: 'members', columns: [BALANCE_PROPERTIES.get(node.left.name.text)!] });
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      for (const access of sqlAccesses(node.text)) add(node, access);
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' $0 ');
      for (const access of sqlAccesses(text)) add(node, access);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // ORM calls name entities, not tables: columns are properties (camelCase).
  return accesses.map((access) =>
    access.columns === 'unknown' ? access : { ...access, columns: access.columns.map((column) => snake(column)) },
  );
}

/** The TypeScript sources the owners govern: api, worker and the libraries, without tests, test support, tooling and migrations. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'migrations'].includes(entry.name)) walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(spec|test|d)\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  walk('api/src');
  walk('worker/src');
  // libs/testing and libs/tooling (the test harness, the benchmark's seeding) set up data by hand, like tests.
  for (const lib of readdirSync(path.join(root, 'libs')))
    if (existsSync(path.join(root, 'libs', lib, 'src')) && !['testing', 'tooling'].includes(lib)) walk(`libs/${lib}/src`);
  return files;
}

const scanTree = () => sourceFiles().flatMap((file) => scanSource(file, readFileSync(path.join(root, file), 'utf8')));

/** A write of the points ledger: a row of point_transactions, or a balance column (or columns it cannot tell) of members. */
const writesLedger = (access: Access) =>
  access.kind === 'write' &&
  (access.table === 'point_transactions' ||
    (access.table === 'members' &&
      (access.columns === 'unknown' || access.columns.some((column) => BALANCE_COLUMNS.includes(column)))));

interface TableOwners {
  owner: string;
  otherWriters: string[];
  readers: string[];
}

/**
 * The table of ARCHITECTURE.md's "Tables and their owners": each row a table, its owner, who else
 * writes it (and why) and who else reads it. Units are the backticked names of each cell.
 */
function documentedOwners(): Map<string, TableOwners> {
  const doc = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Tables and their owners'));
  const units = (cell: string) => [...cell.matchAll(/`((?:api|worker|libs)\/[\w/-]+)`/g)].map(([, unit]) => unit!);
  const owners = new Map<string, TableOwners>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    const table = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
    if (!table) continue;
    const [owner] = units(cells[2]!);
    owners.set(table, { owner: owner!, otherWriters: units(cells[3]!), readers: units(cells[4]!) });
  }
  return owners;
}

/** What the old worker points expiry ran (worker/src/ledger/points-expiry.repository.ts before the ledger library). */
const OLD_WORKER_EXPIRY = `
export class PointsExpiryRepository {
  async insertExpiry(em: EntityManager, memberId: string, night: string, points: number): Promise<boolean> {
    const row = await db(em)
      .insertInto('point_transactions')
      .values({ member_id: memberId, points: -points, kind: 'expiry', description: EXPIRY_DESCRIPTION, source_type: EXPIRY_SOURCE_TYPE, source_id: night })
      .onConflict((oc) => oc.columns(['member_id', 'kind', 'source_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async debitBalance(em: EntityManager, memberId: string, points: number) {
    return db(em)
      .updateTable('members')
      .set({ current_points: sql\`current_points - \${points}\`, updated_at: sql\`now()\` })
      .where('id', '=', memberId)
      .where('current_points', '>=', points)
      .returning(['current_points', 'total_points', 'member_tier'])
      .executeTakeFirst();
  }
}`;

describe('table owners', () => {
  const accesses = scanTree();
  const owners = documentedOwners();

  it('writes the points ledger (point_transactions, the balance columns of members) only in @nocturne/ledger', () => {
    const outside = accesses.filter((access) => writesLedger(access) && access.unit !== LEDGER_OWNER);
    expect(outside.map(({ table, columns, where }) => ({ table, columns, where }))).toEqual([]);
    // The scanner does see the ledger's own writes: this test is not passing for want of looking.
    const own = accesses.filter((access) => writesLedger(access) && access.unit === LEDGER_OWNER);
    expect(new Set(own.map((access) => access.table))).toEqual(new Set(['point_transactions', 'members']));
  });

  it("would have caught the worker's own expiry writes, and the other ways of spelling them", () => {
    const found = (file: string, text: string) =>
      scanSource(file, text)
        .filter(writesLedger)
        .map(({ table, columns, unit }) => ({ table, columns, unit }));
    expect(found('worker/src/ledger/points-expiry.repository.ts', OLD_WORKER_EXPIRY)).toEqual([
      {
        table: 'point_transactions',
        columns: ['member_id', 'points', 'kind', 'description', 'source_type', 'source_id'],
        unit: 'worker/ledger',
      },
      { table: 'members', columns: ['current_points', 'updated_at'], unit: 'worker/ledger' },
    ]);
    const spellings = `
      await em.getConnection().execute('UPDATE members SET total_points = total_points + ? WHERE id = ?', [5, id]);
      await sql\`insert into point_transactions (member_id, points) values (\${id}, 5)\`.execute(db(em));
      await db(em).updateTable('members as m').set((eb) => ({ member_tier: 'gold' })).execute();
      await db(em).updateTable('members').set(changes).execute();
      em.create(PointTransaction, { member: id, points: 5 });
      member.currentPoints += 5;
      wrap(member).assign({ memberTier: 'gold' });
    `;
    expect(
      found('api/src/modules/members/members.repository.ts', spellings).map(({ table, columns }) => [table, columns]),
    ).toEqual([
      ['members', ['total_points']],
      ['point_transactions', ['member_id', 'points']],
      ['members', ['member_tier']],
      ['members', 'unknown'],
      ['point_transactions', ['member', 'points']],
      ['members', ['current_points']],
      ['members', ['member_tier']],
    ]);
    // Naming the columns is not writing them: reads, and writes of other columns of members, pass.
    const innocent = `
      await db(em).selectFrom('members').select(['current_points', 'member_tier']).execute();
      await db(em).updateTable('members').set({ first_name: name, updated_at: sql\`now()\` }).where('current_points', '>', 0).execute();
      await sql.query('select current_points from members where id = $1 for update', [id]);
    `;
    expect(found('api/src/modules/auth/auth.repository.ts', innocent)).toEqual([]);
  });

  it('lists every table with one owner in ARCHITECTURE.md', () => {
    expect([...owners.keys()].sort()).toEqual([...TABLES].sort());
    for (const [table, { owner }] of owners)
      expect({ table, owner: owner ?? 'none' }).toEqual({ table, owner: expect.stringMatching(/\//) });
  });

  it('lets only the owner and the writers ARCHITECTURE.md names write each table', () => {
    const unlisted = accesses
      .filter((access) => access.kind === 'write')
      .filter((access) => {
        const listed = owners.get(access.table);
        return !listed || (access.unit !== listed.owner && !listed.otherWriters.includes(access.unit));
      })
      .map(({ table, unit, where }) => ({ table, unit, where }));
    expect(unlisted).toEqual([]);
  });

  it('lets only the owner, its writers and the readers ARCHITECTURE.md names read each table', () => {
    const unlisted = accesses
      .filter((access) => access.kind === 'read')
      .filter((access) => {
        const listed = owners.get(access.table)!;
        return ![listed.owner, ...listed.otherWriters, ...listed.readers].includes(access.unit);
      })
      .map(({ table, unit, where }) => ({ table, unit, where }));
    expect(unlisted).toEqual([]);
  });

  it('names no writer or reader in ARCHITECTURE.md that does not write or read the table', () => {
    const stale = [...owners].flatMap(([table, { otherWriters, readers }]) => [
      ...otherWriters
        .filter((unit) => !accesses.some((a) => a.table === table && a.unit === unit && a.kind === 'write'))
        .map((unit) => `${table}: ${unit} writes nothing`),
      ...readers
        .filter((unit) => !accesses.some((a) => a.table === table && a.unit === unit))
        .map((unit) => `${table}: ${unit} reads nothing`),
    ]);
    expect(stale).toEqual([]);
  });
});
