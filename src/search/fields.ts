// The unit fields of the search language and their value kinds, with the names of states, has: and is: lookups.
import { ACTION_NAMES } from '../domain/change-actions.js';

/** How a field's value is read; the compiler registry (db/unit-search/compile.ts) gives each field its SQL. */
export type FieldKind =
  | 'text' // substring (`:`), exact (`:=`), regex; comparison operators degrade to substring on the literal
  | 'user' // a username, exact and case-insensitive; "" = no user
  | 'code' // a slug or code, exact and case-insensitive
  | 'number'
  | 'id' // number, also a comma list
  | 'state'
  | 'bool'
  | 'date'
  | 'action'
  | 'path'
  | 'has'
  | 'is';

export const FIELDS: Record<string, FieldKind> = {
  source: 'text',
  target: 'text',
  context: 'text',
  note: 'text',
  location: 'text',
  explanation: 'text',
  component: 'text',
  check: 'text',
  dismissed_check: 'text',
  comment: 'text',
  resolved_comment: 'text',
  source_comment: 'text',
  resolved_source_comment: 'text',
  suggestion: 'text',
  label: 'text',
  screenshot: 'text',
  comment_author: 'user',
  source_comment_author: 'user',
  suggestion_author: 'user',
  changed_by: 'user',
  language: 'code',
  project: 'code',
  priority: 'number',
  position: 'number',
  labels_count: 'number',
  id: 'id',
  state: 'state',
  source_state: 'state',
  pending: 'bool',
  added: 'date',
  changed: 'date',
  change_time: 'date',
  source_changed: 'date',
  last_changed: 'date',
  change_action: 'action',
  path: 'path',
  has: 'has',
  is: 'is',
};

export const FIELD_ALIASES: Record<string, string> = { key: 'context' };

/** A table entry by a word from the query: "constructor" or "__proto__" must not find Object.prototype's members. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Fields that describe one change event: combined in an AND group they must match the same change. */
export const CHANGE_FIELDS: ReadonlySet<string> = new Set(['changed', 'change_time', 'changed_by', 'change_action']);

export const STATE_NAMES: Record<string, number> = {
  empty: 0,
  untranslated: 0,
  'needs-editing': 10,
  fuzzy: 10,
  'needs-rewriting': 11,
  'needs-checking': 12,
  translated: 20,
  approved: 30,
  readonly: 100,
  'read-only': 100,
};

/** has: lookups → canonical name. */
export const HAS_VALUES: Record<string, string> = {
  plural: 'plural',
  suggestion: 'suggestion',
  explanation: 'explanation',
  location: 'location',
  note: 'note',
  comment: 'comment',
  'resolved-comment': 'resolved-comment',
  'source-comment': 'source-comment',
  'resolved-source-comment': 'resolved-source-comment',
  check: 'check',
  'failing-check': 'check',
  'dismissed-check': 'dismissed-check',
  'ignored-check': 'dismissed-check',
  translation: 'translation',
  variant: 'variant',
  shaping: 'variant',
  label: 'label',
  context: 'context',
  screenshot: 'screenshot',
  flags: 'flags',
  glossary: 'glossary',
};

/** is: lookups → canonical name. */
export const IS_VALUES: Record<string, string> = {
  readonly: 'readonly',
  'read-only': 'readonly',
  approved: 'approved',
  fuzzy: 'fuzzy',
  'needs-editing': 'fuzzy',
  translated: 'translated',
  untranslated: 'untranslated',
  pending: 'pending',
  'automatically-translated': 'automatically-translated',
};

export const BOOL_VALUES: Record<string, boolean> = { yes: true, true: true, on: true, '1': true, no: false, false: false, off: false, '0': false };

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** change_action values: exact display name (case-insensitive) or its lower-cased hyphenated slug → action codes. */
export const ACTION_LOOKUP: ReadonlyMap<string, number[]> = (() => {
  const out = new Map<string, number[]>();
  const add = (key: string, code: number) => out.set(key, [...new Set([...(out.get(key) ?? []), code])]);
  for (const [code, name] of Object.entries(ACTION_NAMES)) {
    add(name.toLowerCase(), Number(code));
    add(slug(name), Number(code));
  }
  return out;
})();
