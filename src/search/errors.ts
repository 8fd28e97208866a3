// The typed error of the search query language: a 400 on attr `q` that carries the position and what was expected.
import { ValidationError } from '../shared/errors.js';

export class SearchQueryError extends ValidationError {
  /**
   * @param reason   the reference's message text where it has one ("Unknown search field: x")
   * @param position 0-based character offset into the query where the problem starts
   * @param expected what the parser wanted there ("')'", "a value", "a search term"), when it knows
   */
  constructor(
    readonly reason: string,
    readonly position: number,
    readonly expected: string | null = null,
  ) {
    const detail = `Could not parse query string: ${reason}${expected ? ` (expected ${expected})` : ''} at position ${position}`;
    super([{ code: 'invalid', detail, attr: 'q' }]);
  }
}

/** Queries past these limits are refused before any SQL is built. */
export const LIMITS = { maxLength: 10_000, maxTerms: 100, maxDepth: 20 } as const;
export const TOO_COMPLEX = 'Search query is too complex.';
