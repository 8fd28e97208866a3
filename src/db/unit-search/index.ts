// Unit search: a request's `q` (or legacy `filter_type`), parsed by search/ and compiled into one SQL condition over units and their joins.
import { parseQuery, queryText, SearchQueryError, type ParseOptions, type SearchParams } from '../../search/index.js';
import { compileSearch, type CompileContext, type Sql } from './compile.js';

export { compileSearch, type CompileContext, type FtsColumn, type Sql } from './compile.js';
export { legacyFilterQuery, parseQuery, SearchQueryError, type SearchParams } from '../../search/index.js';

/**
 * The compiled WHERE of a request's `q` (or, without `q`, its legacy `filter_type`); null when there is
 * nothing to filter. Throws SearchQueryError (400 on attr `q`).
 */
export function searchCondition(params: SearchParams, ctx: CompileContext, options: ParseOptions = {}): Sql | null {
  const ast = parseQuery(queryText(params), options);
  return ast ? compileSearch(ast, ctx) : null;
}

/** PostgreSQL rejected a regular expression that JavaScript accepted (SQLSTATE 2201B): also the caller's error. */
export function asSearchError(e: unknown): unknown {
  if (e && typeof e === 'object' && (e as { code?: unknown }).code === '2201B') {
    return new SearchQueryError(`Invalid regular expression: ${(e as Error).message}`, 0);
  }
  return e;
}
