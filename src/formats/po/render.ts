// Renders a PO entry from its parsed fields in GNU msgcat's layout (used for new and edited entries).

import type { PoEntry } from './entry.js';
import { governingFormat } from './format-directives.js';
import { wrapKeyword, wrapReferences, type WrapOptions } from './wrap.js';

/** msgcat drops "./" prefixes and repeated references; we do the same for re-rendered entries. */
function normalizeReferences(references: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let reference of references) {
    while (reference.startsWith('./')) reference = reference.slice(2);
    if (reference === '' || seen.has(reference)) continue;
    seen.add(reference);
    out.push(reference);
  }
  return out;
}

/** Returns the entry's lines without line terminators. */
export function renderEntry(entry: PoEntry): string[] {
  const lines: string[] = [];
  for (const comment of entry.comments) lines.push(comment === '' ? '#' : `# ${comment}`);
  for (const comment of entry.extracted) lines.push(comment === '' ? '#.' : `#. ${comment}`);
  const references = normalizeReferences(entry.references);
  if (references.length > 0) lines.push(...wrapReferences(references));

  // Like msgcat, an active entry without translation is never marked fuzzy.
  const fuzzy = entry.fuzzy && (entry.obsolete || (entry.strings[0] ?? '') !== '');
  const flags = fuzzy ? ['fuzzy', ...entry.flags] : entry.flags;
  if (flags.length > 0) lines.push(`#, ${flags.join(', ')}`);

  const options: WrapOptions = {
    wrap: !entry.flags.includes('no-wrap'),
    format: governingFormat(entry.flags),
  };
  const previousPrefix = entry.obsolete ? '#~| ' : '#| ';
  if (entry.previousContext !== null) lines.push(...wrapKeyword(previousPrefix, 'msgctxt', entry.previousContext, options));
  if (entry.previousId !== null) lines.push(...wrapKeyword(previousPrefix, 'msgid', entry.previousId, options));
  if (entry.previousIdPlural !== null) {
    lines.push(...wrapKeyword(previousPrefix, 'msgid_plural', entry.previousIdPlural, options));
  }

  const prefix = entry.obsolete ? '#~ ' : '';
  if (entry.context !== null) lines.push(...wrapKeyword(prefix, 'msgctxt', entry.context, options));
  lines.push(...wrapKeyword(prefix, 'msgid', entry.id, options));
  if (entry.idPlural === null) {
    lines.push(...wrapKeyword(prefix, 'msgstr', entry.strings[0] ?? '', options));
  } else {
    lines.push(...wrapKeyword(prefix, 'msgid_plural', entry.idPlural, options));
    const strings = entry.strings.length > 0 ? entry.strings : [''];
    strings.forEach((value, i) => lines.push(...wrapKeyword(prefix, `msgstr[${i}]`, value, options)));
  }
  return lines;
}
