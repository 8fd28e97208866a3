// The search query language: parse `q` (or a legacy `filter_type`) into a syntax tree; db/unit-search compiles it into SQL.
import { legacyFilterQuery } from './legacy.js';

export { SearchQueryError } from './errors.js';
export { parseQuery, type ParseOptions } from './parser.js';
export { legacyFilterQuery } from './legacy.js';

export interface SearchParams {
  q?: string | undefined;
  filter_type?: string | undefined;
}

/** The query a request asks for: its `q`, or without one the query of its legacy `filter_type` ("" = none). */
export function queryText(params: SearchParams): string {
  return typeof params.q === 'string' && params.q.trim() !== '' ? params.q : typeof params.filter_type === 'string' && params.filter_type !== '' ? legacyFilterQuery(params.filter_type) : '';
}
