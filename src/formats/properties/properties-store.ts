// Editable .properties file: an edit replaces one value (continuation lines joined), the rest stays byte for byte.

import { EntryTextStore, withUtf8Bom, type EntryTextInit } from '../text/keyed-text-store.js';
import { escapeComment, escapeKey, escapeValue, type EscapeStyle } from './escape.js';
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
    // Backslashes pair up as escapes; an odd one at the very end is a line continuation into nothing.
    // (A loop: /\\+$/ would retry from every backslash of a long run that does not end the text.)
    let start = init.text.length;
    while (start > 0 && init.text.charCodeAt(start - 1) === 0x5c) start--;
    this.danglingAt = (init.text.length - start) % 2 === 1 ? init.text.length : -1;
  }

  /** End of the text when it ends in a line continuation, else -1. */
  private readonly danglingAt: number;

  protected renderValue(value: string, entry: PropertiesEntry): string {
    // A key written without any separator needs one before its new value.
    const lead = entry.separator === '' && value !== '' ? this.separator : '';
    // After a continuation at the very end of the file (in the key or the separator), what is written goes on the line
    // it continues to, or the backslash would escape its first character.
    const dangling = entry.valueStart === this.danglingAt && value !== '' ? '\n' : '';
    return dangling + lead + this.valueAfter(lead || entry.separator, value);
  }

  /** After a separator of whitespace only, the reader takes a leading "=" or ":" of the value as the separator. */
  private valueAfter(separator: string, value: string): string {
    const escaped = escapeValue(value, this.style);
    return !/[=:]/.test(separator) && (escaped.startsWith('=') || escaped.startsWith(':')) ? `\\${escaped}` : escaped;
  }

  protected renderAdded(key: string, note: string, value: string): string[] {
    // Java ends a line at CR too: a note's lone CR must not turn the rest of the line into an entry.
    const comments = note === '' ? [] : note.split(/\r\n|\r|\n/).map((line) => `# ${escapeComment(line, this.style)}`);
    return [...comments, escapeKey(key, this.style) + this.separator + this.valueAfter(this.separator, value)];
  }

  /** Java also ends a line at a lone CR. */
  protected override endsLine(text: string): boolean {
    return /[\r\n]$/.test(text);
  }
}
