// Unit search: a request's `q` (or legacy `filter_type`), parsed by search/ and compiled into one SQL condition over units and their joins.
import { parseQuery, queryText, SearchQueryError, type ParseOptions, type SearchParams } from '../../search/index.js';
import type { Node } from '../../search/ast.js';
import { compileSearch, type CompileContext, type Sql } from './compile.js';

export { compileSearch, type CompileContext, type FtsColumn, type Sql } from './compile.js';
export { legacyFilterQuery, parseQuery, SearchQueryError, type SearchParams } from '../../search/index.js';

/**
 * The compiled WHERE of a request's `q` (or, without `q`, its legacy `filter_type`); null when there is
 * nothing to filter. Throws SearchQueryError (400 on attr `q`).
 */
export function searchCondition(params: SearchParams, ctx: CompileContext, options: ParseOptions = {}): Sql | null {
  const ast = parseQuery(queryText(params), options);
  if (!ast) return null;
  const where = compileSearch(ast, ctx);
  if (containsRegex(ast)) regexConditions.add(where);
  if (!namesJoinedTable(ast)) unitsAlone.add(where);
  return where;
}

/** Fields whose conditions name the tables joined to `units` for a search (translations, components, projects, languages). */
export const JOINED_FIELDS: ReadonlySet<string> = new Set(['component', 'project', 'language', 'path']);

/** The compiled conditions that name no table but `units` (their own subqueries aside). */
const unitsAlone = new WeakSet<object>();

/**
 * Whether a compiled condition names no table but `units`: a query that needs nothing else of the joined
 * tables can leave them out (every unit has its translation, component, project and language: foreign keys).
 */
export function onUnitsAlone(where: object): boolean {
  return unitsAlone.has(where);
}

function namesJoinedTable(node: Node): boolean {
  switch (node.type) {
    case 'term':
      return node.field !== null && JOINED_FIELDS.has(node.field);
    case 'not':
      return namesJoinedTable(node.child);
    default:
      return node.children.some(namesJoinedTable);
  }
}

/** The compiled conditions that test a regular expression, whose share of the rows no planner can estimate. */
const regexConditions = new WeakSet<object>();

/**
 * Whether a compiled condition tests a regular expression: the ids of all its matches are read once, in id
 * order, for both the count and the page (the count reads them all anyway), instead of a page query walking
 * the primary key until a page is full, which takes seconds when the planner expects many matches and there
 * are none.
 */
export function hasRegex(where: object): boolean {
  return regexConditions.has(where);
}

/** Whether a parsed query (a tree of plain objects, bounded by the parser) holds a regex value anywhere. */
function containsRegex(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if ((node as { kind?: unknown }).kind === 'regex') return true;
  return Object.values(node).some(containsRegex);
}

/** PostgreSQL rejected a regular expression that JavaScript accepted (SQLSTATE 2201B): also the caller's error. */
export function asSearchError(e: unknown): unknown {
  if (e && typeof e === 'object' && (e as { code?: unknown }).code === '2201B') {
    return new SearchQueryError(`Invalid regular expression: ${(e as Error).message}`, 0);
  }
  return e;
}
