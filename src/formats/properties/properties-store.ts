// Editable .properties file: an edit replaces one value (continuation lines joined), the rest stays byte for byte.

import { EntryTextStore, withUtf8Bom, type EntryTextInit } from '../text/keyed-text-store.js';
import { escapeComment, escapeKey, escapeValue, type EscapeStyle } from './escape.js';
import type { PropertiesEntry } from './parser.js';

export type PropertiesEncoding = 'utf8' | 'latin1' | 'utf16le' | 'utf16be';

export interface PropertiesStoreInit extends EntryTextInit<PropertiesEntry> {
  encoding: PropertiesEncoding;
  bom: boolean;
  /** True for the ISO-8859-1 flavour: non-ASCII text is written as \uXXXX. */
  asciiOnly: boolean;
  /** A dialect's own quoting of values on top of the escapes (XWiki doubles apostrophes in messages with {0}). */
  encodeValue?: (value: string) => string;
}

/** The file's bytes for `text` in its encoding, with its byte order mark when it had one. */
export function encodeProperties(text: string, encoding: PropertiesEncoding, bom: boolean): Buffer {
  if (encoding === 'utf8' || encoding === 'latin1') return withUtf8Bom(Buffer.from(text, encoding), bom);
  const body = Buffer.from(text, 'utf16le');
  if (encoding === 'utf16be') body.swap16();
  if (!bom) return body;
  return Buffer.concat([Buffer.from(encoding === 'utf16le' ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
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
    super(init, { label: '.properties', keyFromSource: true, encode: (text) => encodeProperties(text, init.encoding, init.bom) });
    this.encodeValue = init.encodeValue ?? ((value) => value);
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
  private readonly encodeValue: (value: string) => string;

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
    const escaped = escapeValue(this.encodeValue(value), this.style);
    return !/[=:]/.test(separator) && (escaped.startsWith('=') || escaped.startsWith(':')) ? `\\${escaped}` : escaped;
  }

  protected renderAdded(key: string, note: string, value: string): string[] {
    // Java ends a line at CR too: a note's lone CR must not turn the rest of the line into an entry.
    const comments = note === '' ? [] : note.split(/\r\n|\r|\n/).map((line) => `# ${escapeComment(line, this.style)}`);
    return [...comments, escapeKey(key, this.style) + this.separator + this.valueAfter(this.separator, value)];
  }

  /**
   * After a line continuation at the very end (an odd run of backslashes), one line break would join the first
   * appended entry to that line: an empty line ends it first.
   */
  protected override breakBeforeAdded(text: string): string {
    let start = text.length;
    while (start > 0 && text.charCodeAt(start - 1) === 0x5c) start--;
    return (text.length - start) % 2 === 1 ? this.eol + this.eol : super.breakBeforeAdded(text);
  }

  /** Java also ends a line at a lone CR. */
  protected override endsLine(text: string): boolean {
    return /[\r\n]$/.test(text);
  }
}
