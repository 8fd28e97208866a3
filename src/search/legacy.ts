// Pre-5.13 named filters (`filter_type`) as the search queries they stand for.
import { SearchQueryError } from './errors.js';

const LEGACY: Record<string, string> = {
  all: '',
  nottranslated: 'state:empty',
  todo: 'state:<translated',
  translated: 'state:>=translated',
  fuzzy: 'state:needs-editing',
  suggestions: 'has:suggestion',
  variants: 'has:variant',
  labels: 'has:label',
  context: 'has:context',
  nosuggestions: 'state:<translated AND NOT has:suggestion',
  comments: 'has:comment',
  allchecks: 'has:check',
  translated_checks: 'has:check AND state:>=translated',
  approved: 'state:approved',
  approved_suggestions: 'state:approved AND has:suggestion',
  unapproved: 'state:translated',
  unlabeled: 'NOT has:label',
};

const quote = (s: string) => `"${s.replace(/["\\]/g, (m) => `\\${m}`)}"`;

/** The query of a legacy filter id; unknown ids are an error on attr `filter_type`. */
export function legacyFilterQuery(id: string): string {
  if (id in LEGACY) return LEGACY[id]!;
  const m = /^(check|label):(.+)$/s.exec(id);
  if (m) return `${m[1]}:${quote(m[2]!)}`;
  const e = new SearchQueryError(`Unknown filter: ${id}`, 0);
  e.fieldErrors[0]!.attr = 'filter_type';
  e.fieldErrors[0]!.detail = `Select a valid choice. ${id} is not one of the available choices.`;
  throw e;
}
