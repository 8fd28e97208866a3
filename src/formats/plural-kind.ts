// How each format stores plural forms: a gettext count and formula, CLDR category names, or not at all.
import type { PluralKind } from '../languages/plural-rule.js';

/** Formats whose plural forms are numbered as gettext numbers them (PO, XLIFF plural groups, Qt, i18next v3 suffixes). */
const GETTEXT = new Set(['po', 'po-mono', 'xliff', 'xliff11', 'ts', 'i18next', 'laravel', 'mo']);
/** Formats whose plural forms are named by CLDR category (`one`, `few`, `many`, `other`). */
const CLDR = new Set(['aresource', 'stringsdict', 'i18nextv4', 'go-i18n-json', 'go-i18n-json-v2', 'yaml', 'ruby-yaml', 'go-i18n-toml', 'gotext', 'fluent', 'xcstrings', 'gwt']);

export function pluralKindOf(formatId: string): PluralKind {
  if (GETTEXT.has(formatId)) return 'gettext';
  if (CLDR.has(formatId)) return 'cldr';
  return 'none';
}
