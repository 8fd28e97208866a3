// Renders a PO entry from its parsed fields in GNU msgcat's layout (used for new and edited entries).

import { stringAt, stringCount, type PoEntry } from './entry.js';
import { governingFormat } from './format-directives.js';
import { appendKeyword, wrapReferences, type WrapOptions } from './wrap.js';

/** msgcat drops "./" prefixes and repeated references; we do the same for re-rendered entries. */
function normalizeReferences(references: readonly string[]): readonly string[] {
  // The usual case: nothing to drop (a few references, none repeated or starting with "./").
  if (references.length <= 8 && references.every((reference, i) => reference !== '' && !reference.startsWith('./') && references.indexOf(reference) === i)) {
    return references;
  }
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
  const fuzzy = entry.fuzzy && (entry.obsolete || (stringAt(entry, 0) ?? '') !== '');
  const entryFlags = entry.flags;
  const flags = fuzzy ? ['fuzzy', ...entryFlags] : entryFlags;
  if (flags.length > 0) lines.push(`#, ${flags.join(', ')}`);

  const options: WrapOptions = {
    wrap: !entryFlags.includes('no-wrap'),
    format: governingFormat(entryFlags),
  };
  const previousPrefix = entry.obsolete ? '#~| ' : '#| ';
  if (entry.previousContext !== null) appendKeyword(lines, previousPrefix, 'msgctxt', entry.previousContext, options);
  if (entry.previousId !== null) appendKeyword(lines, previousPrefix, 'msgid', entry.previousId, options);
  if (entry.previousIdPlural !== null) appendKeyword(lines, previousPrefix, 'msgid_plural', entry.previousIdPlural, options);

  const prefix = entry.obsolete ? '#~ ' : '';
  if (entry.context !== null) appendKeyword(lines, prefix, 'msgctxt', entry.context, options);
  appendKeyword(lines, prefix, 'msgid', entry.id, options);
  if (entry.idPlural === null) {
    appendKeyword(lines, prefix, 'msgstr', stringAt(entry, 0) ?? '', options);
  } else {
    appendKeyword(lines, prefix, 'msgid_plural', entry.idPlural, options);
    const strings = stringCount(entry) > 0 ? entry.strings : [''];
    for (let i = 0; i < strings.length; i++) appendKeyword(lines, prefix, `msgstr[${i}]`, strings[i]!, options);
  }
  return lines;
}
