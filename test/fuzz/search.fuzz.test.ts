// Fuzzing the search query language: any string parses or fails with a positioned SearchQueryError; valid queries compile and run.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import type { Node } from '../../src/search/ast.js';
import { FIELDS, HAS_VALUES, IS_VALUES, STATE_NAMES, ACTION_LOOKUP } from '../../src/search/fields.js';
import { asSearchError, compileSearch, parseQuery, SearchQueryError } from '../../src/db/unit-search/index.js';
import { searchableUnits } from '../../src/db/unit-lists.repository.js';
import { createPgDatabase, DIALECTS } from '../helpers/databases.js';
import { describeError, params, timed } from './support.js';

const NOW = new Date('2026-01-15T12:00:00Z');

/** Parses like the API does and checks the outcome's shape; returns the AST, null for an empty query, or the error. */
function checkParse(q: string): Node | null | SearchQueryError {
  const outcome = timed('parseQuery', () => parseQuery(q, { now: NOW }));
  if (outcome.ok) return outcome.value;
  const e = outcome.error;
  if (!(e instanceof SearchQueryError)) expect.fail(`parseQuery(${JSON.stringify(q)}) threw ${describeError(e)}`);
  expect(Number.isInteger(e.position), 'error position').toBe(true);
  expect(e.position).toBeGreaterThanOrEqual(0);
  expect(e.position).toBeLessThanOrEqual(q.length);
  expect(e.reason.length).toBeGreaterThan(0);
  return e;
}

/** Both engines' SQL must build from every AST the parser produces. */
function checkCompile(ast: Node): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const outcome = timed('compileSearch', () => compileSearch(ast, { dialect }));
    if (!outcome.ok) expect.fail(`compileSearch(${JSON.stringify(ast)}, ${dialect}) threw ${describeError(outcome.error)}`);
  }
}

/** Words and operators of the language: random strings over them reach far deeper than random characters. */
const fragment = fc.oneof(
  fc.constantFrom('AND', 'OR', 'NOT', 'and', 'or', 'not', '(', ')', ' ', '  ', '"', "'", 'r"', '\\', '[', ']', ' to ', ':', ':=', ':<', ':<=', ':>', ':>=', ',', '-', '*', '%', '_', '/'),
  fc.constantFrom(...Object.keys(FIELDS), 'key', 'http', 'mailto', 'unknown_field', '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  fc.constantFrom(...Object.keys(STATE_NAMES), ...Object.keys(HAS_VALUES), ...Object.keys(IS_VALUES), 'yes', 'no', 'today', 'yesterday', '2 days ago', '2024-02-30', '2024-01-01', '1e9', '999999999999999999'),
  fc.constantFrom('.*', '(a|b)+', '[', '(?<n>x)', '\\d{2,}', '(?=x)', '\\p{L}', '^$', '\0', '日本', '👍'),
  fc.string({ maxLength: 4 }),
);
const queryLike = fc.array(fragment, { maxLength: 24 }).map((parts) => parts.join(''));

/** Values a field kind accepts, as written in a query. */
function valueFor(field: string): fc.Arbitrary<string> {
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
  const quoted = fc.string({ maxLength: 12 }).map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  const regex = fc.constantFrom('^Hello', 'w[aeiou]rld$', '(foo|bar)+', '\\d+', '.', 'a.*b', '[A-Z]{2}').map((p) => `r"${p}"`);
  const int = fc.integer({ min: 0, max: 100_000 }).map(String);
  const cmp = fc.constantFrom(':', ':=', ':<', ':<=', ':>', ':>=');
  const eq = fc.constantFrom(':', ':=');
  const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const pair = <T>(a: fc.Arbitrary<T>) => fc.tuple(a, a).map(([x, y]) => `[${x} to ${y}]`);
  switch (FIELDS[field]) {
    case 'text':
      return fc.oneof(fc.tuple(cmp, word).map(([o, v]) => o + v), fc.tuple(eq, quoted).map(([o, v]) => o + v), regex.map((r) => `:${r}`));
    case 'user':
      return fc.tuple(eq, fc.oneof(word, quoted)).map(([o, v]) => o + v);
    case 'code':
      return fc.tuple(eq, word).map(([o, v]) => o + v);
    case 'number':
      return fc.oneof(fc.tuple(cmp, int).map(([o, v]) => o + v), pair(int).map((r) => `:${r}`));
    case 'id':
      return fc.oneof(fc.tuple(cmp, int).map(([o, v]) => o + v), fc.array(int, { minLength: 1, maxLength: 4 }).map((l) => `:${l.join(',')}`), pair(int).map((r) => `:${r}`));
    case 'state':
      return fc.oneof(fc.tuple(cmp, fc.constantFrom(...Object.keys(STATE_NAMES), '20', '0')).map(([o, v]) => o + v), pair(fc.constantFrom('0', '10', '20', '30')).map((r) => `:${r}`));
    case 'bool':
      return fc.tuple(eq, fc.constantFrom('yes', 'no', 'true', 'false', '1', '0')).map(([o, v]) => o + v);
    case 'date':
      return fc.oneof(fc.tuple(cmp, date).map(([o, v]) => o + v), pair(date).map((r) => `:${r}`), fc.constantFrom(':today', ':>="2 days ago"'));
    case 'action':
      return fc.constantFrom(...ACTION_LOOKUP.keys()).map((name) => `:"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    case 'path':
      return fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6}){0,2}$/).map((p) => `:${p}`);
    case 'has':
      return fc.constantFrom(...Object.keys(HAS_VALUES)).map((v) => `:${v}`);
    case 'is':
      return fc.constantFrom(...Object.keys(IS_VALUES)).map((v) => `:${v}`);
    default:
      throw new Error(`no value generator for field ${field}`);
  }
}

const term = fc.oneof(
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,10}$/).filter((w) => !['and', 'or', 'not'].includes(w)) },
  // One arbitrary per field, built once: building them inside a chain() made generation the slowest part of the run.
  { weight: 4, arbitrary: fc.oneof(...[...Object.keys(FIELDS), 'key'].map((field) => valueFor(field === 'key' ? 'context' : field).map((v) => `${field}${v}`))) },
);

/** Well-formed queries from the grammar: terms joined by AND/OR/implicit AND, NOT and parentheses. */
const { query } = fc.letrec<{ query: string }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    fc.tuple(tie('query'), fc.constantFrom(' AND ', ' OR ', ' ', ' and ', ' or '), tie('query')).map(([a, op, b]) => `${a}${op}${b}`),
    tie('query').map((q) => `NOT ${q}`),
    tie('query').map((q) => `(${q})`),
  ),
}));

describe('search query parser', () => {
  it('arbitrary strings: an AST, null or a SearchQueryError with a position inside the query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (q) => {
        const r = checkParse(q);
        if (r && !(r instanceof SearchQueryError)) checkCompile(r);
      }),
      params(),
    );
  });

  it('query-like strings: the same, and every AST compiles for both engines', () => {
    fc.assert(
      fc.property(queryLike, (q) => {
        const r = checkParse(q);
        if (r && !(r instanceof SearchQueryError)) checkCompile(r);
      }),
      params(),
    );
  });

  it('generated valid queries parse and compile', () => {
    fc.assert(
      fc.property(query, (q) => {
        const r = checkParse(q);
        if (r instanceof SearchQueryError) expect.fail(`valid query ${JSON.stringify(q)} rejected: ${r.message}`);
        expect(r, q).not.toBeNull();
        checkCompile(r!);
      }),
      params(),
    );
  });

  it('long and deeply nested queries are refused as too complex, not by a stack overflow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.constantFrom('(', 'NOT ', '(NOT '), (depth, open) => {
        const q = open.repeat(depth) + 'x' + (open.includes('(') ? ')'.repeat(depth) : '');
        const r = checkParse(q);
        if (r && !(r instanceof SearchQueryError)) checkCompile(r);
      }),
      params(0.1),
    );
  });
});

describe.each(DIALECTS)('compiled search conditions run on %s', (dialect) => {
  let database: Database;
  let dropPg: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      dropPg = pg.drop;
      database = openDatabase(pg.url, { poolSize: 2 });
    } else {
      database = openDatabase('sqlite::memory:');
    }
    await migrate(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await dropPg?.();
  });

  /** The SQL of a parsed query runs; the engine may still refuse a regex it reads differently (a 400, see asSearchError). */
  async function checkRuns(q: string): Promise<void> {
    const r = checkParse(q);
    if (!r || r instanceof SearchQueryError) return;
    const where = compileSearch(r, { dialect });
    try {
      await searchableUnits(database.db).select('units.id').where(where).limit(1).execute();
    } catch (e) {
      if (asSearchError(e) instanceof SearchQueryError) return;
      expect.fail(`query ${JSON.stringify(q)} failed on ${dialect}: ${describeError(e)}`);
    }
  }

  it('every generated valid query runs', async () => {
    await fc.assert(fc.asyncProperty(query, checkRuns), params(0.3));
  });

  it('every query-like string the parser accepts runs', async () => {
    await fc.assert(fc.asyncProperty(queryLike, checkRuns), params(0.3));
  });
});
