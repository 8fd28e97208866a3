// Editable .properties file: an edit replaces one value (continuation lines joined), the rest stays byte for byte.

import { EntryTextStore, withUtf8Bom, type EntryTextInit } from '../text/keyed-text-store.js';
import { escapeKey, escapeValue, type EscapeStyle } from './escape.js';
import type { PropertiesEntry } from './parser.js';

export type PropertiesEncoding = 'utf8' | 'latin1';

export interface PropertiesStoreInit extends EntryTextInit<PropertiesEntry> {
  encoding: PropertiesEncoding;
  bom: boolean;
  /** True for the ISO-8859-1 flavour: non-ASCII text is written as \uXXXX. */
  asciiOnly: boolean;
}

/** The separator new entries get: the file's most common one, alignment padding reduced to one space. */
function houseSeparator(entries: readonly PropertiesEntry[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const m = /^([ \t\f]*)([=:]?)([ \t\f]*)$/.exec(entry.separator);
    if (!m || (m[2] === '' && m[1] === '')) continue;
    const normalized = m[2] === '' ? ' ' : `${m[1] ? ' ' : ''}${m[2]}${m[3] ? ' ' : ''}`;
    counts.set(normalized, (counts.get(normalized) ?? 0) + 1);
  }
  let best = '=';
  let bestCount = 0;
  for (const [separator, count] of counts) {
    if (count > bestCount) [best, bestCount] = [separator, count];
  }
  return best;
}

export class PropertiesStore extends EntryTextStore<PropertiesEntry> {
  private readonly style: EscapeStyle;
  private readonly separator: string;

  constructor(init: PropertiesStoreInit) {
    super(init, { label: '.properties', keyFromSource: true, encode: (text) => withUtf8Bom(Buffer.from(text, init.encoding), init.bom) });
    const firstEscape = /\\u[0-9A-Fa-f]{0,3}[A-Fa-f]/.exec(init.text);
    this.style = {
      asciiOnly: init.asciiOnly,
      lowerHex: firstEscape !== null && /[a-f]/.test(firstEscape[0].slice(2)),
      latin1: init.encoding === 'latin1',
    };
    this.separator = houseSeparator(init.entries);
  }

  protected renderValue(value: string, entry: PropertiesEntry): string {
    // A key written without any separator needs one before its new value.
    const lead = entry.separator === '' && value !== '' ? this.separator : '';
    return lead + escapeValue(value, this.style);
  }

  protected renderAdded(key: string, note: string, value: string): string[] {
    const comments = note === '' ? [] : note.split('\n').map((line) => `# ${line}`);
    return [...comments, escapeKey(key, this.style) + this.separator + escapeValue(value, this.style)];
  }

  /** Java also ends a line at a lone CR. */
  protected override endsLine(text: string): boolean {
    return /[\r\n]$/.test(text);
  }
}
