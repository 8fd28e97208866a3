// The search query language: parse `q` (or a legacy `filter_type`) into one SQL condition over units and their joins.
import { compileSearch, type CompileContext, type Sql } from './compile.js';
import { SearchQueryError } from './errors.js';
import { legacyFilterQuery } from './legacy.js';
import { parseQuery, type ParseOptions } from './parser.js';

export { SearchQueryError } from './errors.js';
export { parseQuery } from './parser.js';
export { compileSearch } from './compile.js';
export { legacyFilterQuery } from './legacy.js';

export interface SearchParams {
  q?: string | undefined;
  filter_type?: string | undefined;
}

/**
 * The compiled WHERE of a request's `q` (or, without `q`, its legacy `filter_type`); null when there is
 * nothing to filter. Throws SearchQueryError (400 on attr `q`).
 */
export function searchCondition(params: SearchParams, ctx: CompileContext, options: ParseOptions = {}): Sql | null {
  const q = typeof params.q === 'string' && params.q.trim() !== '' ? params.q : typeof params.filter_type === 'string' && params.filter_type !== '' ? legacyFilterQuery(params.filter_type) : '';
  const ast = parseQuery(q, options);
  return ast ? compileSearch(ast, ctx) : null;
}

/** PostgreSQL rejected a regular expression that JavaScript accepted (SQLSTATE 2201B): also the caller's error. */
export function asSearchError(e: unknown): unknown {
  if (e && typeof e === 'object' && (e as { code?: unknown }).code === '2201B') {
    return new SearchQueryError(`Invalid regular expression: ${(e as Error).message}`, 0);
  }
  return e;
}
