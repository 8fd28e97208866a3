// Single-pass, line-based PO parser that keeps every entry's original text for byte-exact round trips.
//
// The parser works on the file's bytes: every PO delimiter is ASCII, and in UTF-8 (as in
// ISO-8859-1) an ASCII byte always stands for that character, so lines, quotes and backslashes
// are found with Buffer.indexOf and only the values themselves are decoded. Values are thus
// strings of their own, not slices of one decoded copy of the whole file (which would stay alive
// as long as any value does). Each entry remembers the byte range it came from (`raw`, decoded on
// demand) and the blank lines before it (`lead`), so unchanged entries can be written back
// verbatim. Error messages follow GNU gettext's wording where one exists.

import { FormatParseError } from '../format.js';
import { emptyEntry, type PoEntry, type RawSource } from './entry.js';

export interface ParsedPoText {
  entries: PoEntry[];
  /** Text after the last entry: trailing blank lines and comments that belong to no entry. */
  tail: string;
  /** Line terminator of the file's first line ('\n' when there is none). */
  eol: '\n' | '\r\n';
}

export interface ParsePoTextOptions {
  filename?: string;
  /** Decodes the bytes produced by octal/hex escapes (they are bytes in the file's charset). */
  decodeBytes: (bytes: number[]) => string;
}

// Where the entry being read stands.
const NONE = 0; // no entry started
const COMMENTS = 1; // only comment lines so far
const CONTEXT = 2; // after msgctxt
const ID = 3; // after msgid
const ID_PLURAL = 4; // after msgid_plural
const STR = 5; // after msgstr (entry complete)
const STR_N = 6; // after msgstr[n] (entry complete)

// Which field a continuation line ("...") extends.
const F_NONE = 0;
const F_CONTEXT = 1;
const F_ID = 2;
const F_ID_PLURAL = 3;
const F_STR = 4;
const F_PREV_CONTEXT = 5;
const F_PREV_ID = 6;
const F_PREV_ID_PLURAL = 7;

const CH_TAB = 9;
const CH_SPACE = 32;
const CH_QUOTE = 34;
const CH_HASH = 35;
const CH_BACKSLASH = 92;

function isBlank(c: number): boolean {
  return c === CH_SPACE || c === CH_TAB || c === 12 || c === 11 || c === 13;
}

/** True when bytes [i, i + 3) are U+2068 (last = 0xa8) or U+2069 (last = 0xa9) in UTF-8. */
function isIsolate(bytes: Buffer, i: number, end: number, last: number): boolean {
  return i + 2 < end && bytes[i] === 0xe2 && bytes[i + 1] === 0x81 && bytes[i + 2] === last;
}

const KEYWORDS = ['msgctxt', 'msgid', 'msgid_plural', 'msgstr'] as const;
type Keyword = (typeof KEYWORDS)[number];

/** Keywords by length (they all differ in length). */
const KEYWORD_BY_LENGTH = new Map<number, Keyword>(KEYWORDS.map((keyword) => [keyword.length, keyword]));

/** The keyword spelled by bytes [p, q), if it is one. */
function keywordAt(bytes: Buffer, p: number, q: number): Keyword | undefined {
  const keyword = KEYWORD_BY_LENGTH.get(q - p);
  if (keyword === undefined) return undefined;
  for (let i = 0; i < keyword.length; i++) if (bytes[p + i] !== keyword.charCodeAt(i)) return undefined;
  return keyword;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

class PoTextParser {
  private readonly entries: PoEntry[] = [];
  private pos = 0; // byte offset of the current line in the file
  private lineNo = 0;
  private lineEnd = 0; // end of the current line's content (before "\r\n" / "\n")

  private entry = emptyEntry();
  private phase = NONE;
  private field = F_NONE;
  private entryStart = -1; // byte offset of the current entry's first line
  private entryEnd = 0; // byte offset just after the last keyword/string line of the current entry
  private previousEnd = 0; // end of the previous entry (start of the current lead), in bytes
  private obsoleteState = -1; // -1: no keyword yet, 0: active entry, 1: obsolete entry
  private idLine = 0; // line of msgid, for "missing msgstr" errors
  private cursor = 0; // scan position inside the current line

  /** The file's bytes (without BOM); every position in this parser is a byte offset into them. */
  private readonly text: Buffer;
  private readonly utf8: boolean;
  private readonly source: RawSource;
  private readonly options: ParsePoTextOptions;

  constructor(source: RawSource, options: ParsePoTextOptions) {
    this.source = source;
    this.text = source.bytes;
    this.utf8 = source.encoding === 'utf8';
    this.options = options;
  }

  /** Up to 10 characters of the current line from p, for error messages. */
  private snippet(p: number): string {
    return this.decode(p, this.lineEnd).slice(0, 10);
  }

  private decode(start: number, end: number): string {
    return start === end ? '' : this.text.toString(this.source.encoding, start, end);
  }

  parse(): ParsedPoText {
    const bytes = this.source.bytes;
    const length = bytes.length;
    const firstNewline = bytes.indexOf(10);
    const eol = firstNewline > 0 && bytes[firstNewline - 1] === 13 ? '\r\n' : '\n';

    while (this.pos < length) {
      const newline = bytes.indexOf(10, this.pos);
      const next = newline < 0 ? length : newline + 1;
      let end = newline < 0 ? length : newline;
      if (end > this.pos && bytes[end - 1] === 13) end--;
      this.lineEnd = end;
      this.lineNo++;
      let p = this.pos;
      while (p < end && isBlank(bytes[p]!)) p++;
      if (p < end) this.line(p, next);
      this.pos = next;
    }

    if (this.phase >= CONTEXT && this.phase < STR) this.fail("missing 'msgstr' section", this.idLine || this.lineNo);
    if (this.phase >= STR) this.finishEntry();
    return { entries: this.entries, tail: this.decode(this.previousEnd, length), eol };
  }

  private fail(message: string, line = this.lineNo): never {
    throw new FormatParseError(message, line, this.options.filename);
  }

  /** Handles one non-blank line whose first significant character is at `p`. */
  private line(p: number, next: number): void {
    const text = this.text;
    const c = text[p]!;
    if (c === CH_HASH) {
      const c2 = p + 1 < this.lineEnd ? text[p + 1]! : -1;
      if (c2 === 126 /* ~ */) {
        let q = p + 2;
        if (q < this.lineEnd && text[q]! === 124 /* | */) {
          this.previousLine(q + 1, true);
          return;
        }
        while (q < this.lineEnd && isBlank(text[q]!)) q++;
        this.keywordLine(q, next, true);
        return;
      }
      if (c2 === 124 /* | */) {
        this.previousLine(p + 2, false);
        return;
      }
      this.commentLine(p, c2);
      return;
    }
    this.keywordLine(p, next, false);
  }

  /** Comment lines come before an entry's keywords; they start a new entry after a complete one. */
  private beginComments(): void {
    if (this.phase >= STR) this.finishEntry();
    else if (this.phase >= CONTEXT) this.fail("missing 'msgstr' section", this.idLine || this.lineNo);
    if (this.phase === NONE) {
      this.phase = COMMENTS;
      this.entryStart = this.pos;
      this.entry.line = this.lineNo;
    }
  }

  private commentLine(p: number, kind: number): void {
    this.beginComments();
    const text = this.text;
    const entry = this.entry;
    let from = kind === 44 || kind === 46 || kind === 58 ? p + 2 : p + 1;
    switch (kind) {
      case 44 /* , */: {
        for (const item of this.decode(from, this.lineEnd).split(',')) {
          const trimmed = item.trim();
          // gettext also separates flags by blanks ("#, fuzzy c-format"); flags with a value
          // ("range: 1..3", Weblate's "max-length:80") keep theirs.
          const flags = /\s/.test(trimmed) && !/[:"']/.test(trimmed) ? trimmed.split(/\s+/) : [trimmed];
          for (const flag of flags) {
            if (flag === 'fuzzy') entry.fuzzy = true;
            else if (flag !== '') entry.append('flags', flag);
          }
        }
        return;
      }
      case 58 /* : */:
        this.references(from);
        return;
      default:
        // "# text" and "#. text": gettext drops exactly one space after the marker.
        if (from < this.lineEnd && text[from]! === CH_SPACE) from++;
        entry.append(kind === 46 ? 'extracted' : 'comments', this.decode(from, this.lineEnd));
    }
  }

  private references(from: number): void {
    const text = this.text;
    const end = this.lineEnd;
    let i = from;
    while (i < end) {
      while (i < end && isBlank(text[i]!)) i++;
      if (i >= end) break;
      const start = i;
      if (this.utf8 && isIsolate(text, i, end, 0xa8)) {
        // A file name with spaces, enclosed in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
        while (i < end && !isIsolate(text, i, end, 0xa9)) i++;
      }
      while (i < end && !isBlank(text[i]!)) i++;
      this.entry.append('references', this.decode(start, i));
    }
  }

  /** `#| keyword "..."` or `#| "..."` (p is just after the "|"). */
  private previousLine(p: number, obsolete: boolean): void {
    this.beginComments();
    const text = this.text;
    while (p < this.lineEnd && isBlank(text[p]!)) p++;
    if (p < this.lineEnd && text[p]! === CH_QUOTE) {
      const value = this.strings(p);
      if (this.field < F_PREV_CONTEXT) this.fail('previous string without keyword');
      this.continueField(value);
      return;
    }
    const keyword = this.keyword(p);
    if (this.cursor >= this.lineEnd || text[this.cursor]! !== CH_QUOTE) {
      this.fail(`syntax error: expected a string after "${keyword}"`);
    }
    const value = this.strings(this.cursor);
    this.flushField();
    if (keyword === 'msgctxt') {
      this.entry.previousContext = value;
      this.field = F_PREV_CONTEXT;
    } else if (keyword === 'msgid') {
      this.entry.previousId = value;
      this.field = F_PREV_ID;
    } else if (keyword === 'msgid_plural') {
      this.entry.previousIdPlural = value;
      this.field = F_PREV_ID_PLURAL;
    } else {
      this.fail(`keyword "${keyword}" is not allowed in a previous-string (${obsolete ? '#~|' : '#|'}) comment`);
    }
  }

  /** Reads a keyword at p and leaves `cursor` on the string that follows it. */
  private keyword(p: number): string {
    const text = this.text;
    const end = this.lineEnd;
    let q = p;
    while (q < end) {
      const c = text[q]!;
      if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57))) break;
      q++;
    }
    const word = keywordAt(text, p, q);
    if (word === undefined) {
      if (q === p) this.fail(`syntax error: unexpected "${this.snippet(p)}"`);
      this.fail(`keyword "${this.decode(p, q)}" unknown`);
    }
    while (q < end && isBlank(text[q]!)) q++;
    this.cursor = q;
    return word;
  }

  /** Reads msgstr's "[n]" at cursor; returns n. */
  private pluralIndex(): number {
    const text = this.text;
    const end = this.lineEnd;
    let q = this.cursor + 1;
    while (q < end && isBlank(text[q]!)) q++;
    const digitsStart = q;
    while (q < end && text[q]! >= 48 && text[q]! <= 57) q++;
    if (q === digitsStart) this.fail('syntax error: expected a plural form index after "msgstr["');
    const index = Number(this.decode(digitsStart, q));
    while (q < end && isBlank(text[q]!)) q++;
    if (q >= end || text[q]! !== 93 /* ] */) this.fail('syntax error: expected "]" after the plural form index');
    q++;
    while (q < end && isBlank(text[q]!)) q++;
    this.cursor = q;
    return index;
  }

  private keywordLine(p: number, next: number, obsolete: boolean): void {
    const text = this.text;
    if (p >= this.lineEnd) this.fail('syntax error: "#~" without keyword or string');

    if (text[p]! === CH_QUOTE) {
      if (this.field < F_CONTEXT || this.field > F_STR || this.phase < CONTEXT) {
        this.fail('string without keyword (continuation line outside an entry)');
      }
      this.checkObsolete(obsolete);
      this.continueField(this.strings(p));
      this.entryEnd = next;
      return;
    }

    this.flushField();
    const keyword = this.keyword(p);
    let pluralIndex = -1;
    if (keyword === 'msgstr' && this.cursor < this.lineEnd && text[this.cursor]! === 91 /* [ */) {
      pluralIndex = this.pluralIndex();
    }
    if (this.cursor >= this.lineEnd || text[this.cursor]! !== CH_QUOTE) {
      this.fail(`syntax error: expected a string after "${keyword}"`);
    }

    if (keyword === 'msgctxt' || keyword === 'msgid') {
      if (this.phase >= STR) this.finishEntry();
      else if (this.phase === ID || this.phase === ID_PLURAL) this.fail("missing 'msgstr' section", this.idLine);
      else if (keyword === 'msgctxt' && this.phase === CONTEXT) this.fail('duplicate msgctxt');
      if (this.phase === NONE) {
        this.entryStart = this.pos;
        this.entry.line = this.lineNo; // a new entry if finishEntry() just ran
      }
    }
    this.checkObsolete(obsolete);
    const value = this.strings(this.cursor);
    const current = this.entry; // finishEntry() may have replaced it

    switch (keyword) {
      case 'msgctxt':
        current.context = value;
        this.phase = CONTEXT;
        this.field = F_CONTEXT;
        break;
      case 'msgid':
        current.id = value;
        this.idLine = this.lineNo;
        this.phase = ID;
        this.field = F_ID;
        break;
      case 'msgid_plural':
        if (this.phase !== ID) this.fail(this.phase === ID_PLURAL ? 'duplicate msgid_plural' : 'msgid_plural without msgid');
        current.idPlural = value;
        this.phase = ID_PLURAL;
        this.field = F_ID_PLURAL;
        break;
      default:
        if (pluralIndex < 0) {
          if (this.phase === ID_PLURAL) this.fail('plural entry needs msgstr[0], msgstr[1], ...');
          if (this.phase !== ID) this.fail('msgstr without msgid');
          current.append('strings', value);
          this.phase = STR;
        } else {
          if (this.phase === ID) this.fail("missing 'msgid_plural' section");
          if (this.phase === ID_PLURAL && pluralIndex !== 0) this.fail('first plural form has nonzero index');
          if (this.phase === STR_N && pluralIndex !== current.stringCount) this.fail('plural form has wrong index');
          if (this.phase !== ID_PLURAL && this.phase !== STR_N) this.fail('msgstr without msgid');
          current.append('strings', value);
          this.phase = STR_N;
        }
        this.field = F_STR;
    }
    this.entryEnd = next;
  }

  private checkObsolete(obsolete: boolean): void {
    const state = obsolete ? 1 : 0;
    if (this.obsoleteState === -1) {
      this.obsoleteState = state;
      this.entry.obsolete = obsolete;
    } else if (this.obsoleteState !== state) {
      this.fail('inconsistent use of #~');
    }
  }

  // A string continued over several lines is joined once it is complete, into one flat string
  // (appending piece by piece would leave a chain of concatenations to flatten later).
  private readonly pieces: string[] = [];

  /** Appends a continuation line's value to the current field. */
  private continueField(value: string): void {
    if (this.pieces.length === 0) this.pieces.push(this.fieldValue());
    this.pieces.push(value);
  }

  private fieldValue(): string {
    const entry = this.entry;
    switch (this.field) {
      case F_CONTEXT: return entry.context!;
      case F_ID: return entry.id;
      case F_ID_PLURAL: return entry.idPlural!;
      case F_STR: return entry.stringAt(entry.stringCount - 1)!;
      case F_PREV_CONTEXT: return entry.previousContext!;
      case F_PREV_ID: return entry.previousId!;
      default: return entry.previousIdPlural!;
    }
  }

  /** Stores the joined continuation lines of the current field, if any; call before it changes. */
  private flushField(): void {
    if (this.pieces.length === 0) return;
    const value = this.pieces.join('');
    this.pieces.length = 0;
    const entry = this.entry;
    switch (this.field) {
      case F_CONTEXT: entry.context = value; break;
      case F_ID: entry.id = value; break;
      case F_ID_PLURAL: entry.idPlural = value; break;
      case F_STR: entry.setLastString(value); break;
      case F_PREV_CONTEXT: entry.previousContext = value; break;
      case F_PREV_ID: entry.previousId = value; break;
      default: entry.previousIdPlural = value;
    }
  }

  private finishEntry(): void {
    this.flushField();
    const entry = this.entry;
    const leadLength = this.entryStart - this.previousEnd;
    // Almost always one empty line: use the shared string for it.
    entry.lead = leadLength === 1 && this.text[this.previousEnd] === 10 ? '\n' : this.decode(this.previousEnd, this.entryStart);
    entry.setRawBytes(this.source, this.entryStart, this.entryEnd);
    // push() leaves room for 16 more items; a copy is exactly as long as the list.
    entry.trimLists();
    this.entries.push(entry);
    this.previousEnd = this.entryEnd;
    this.entry = emptyEntry();
    this.phase = NONE;
    this.field = F_NONE;
    this.obsoleteState = -1;
    this.entryStart = -1;
    this.idLine = 0;
  }

  /**
   * Reads one or more adjacent string literals starting at p (on a '"') up to the end of the
   * line; a trailing "# comment" is allowed, anything else is an error.
   */
  private strings(p: number): string {
    const text = this.text;
    const end = this.lineEnd;
    let value = '';
    let q = p;
    for (;;) {
      let segment = q + 1;
      for (;;) {
        // Jump between quotes and backslashes with indexOf instead of testing every character.
        const quote = text.indexOf(CH_QUOTE, segment);
        if (quote < 0 || quote >= end) this.fail('end-of-line within string');
        const backslash = this.nextBackslash(segment);
        if (backslash < quote) {
          value += this.decode(segment, backslash);
          segment = this.escape(backslash);
          value += this.escaped;
          continue;
        }
        value += this.decode(segment, quote);
        q = quote + 1;
        break;
      }
      while (q < end && isBlank(text[q]!)) q++;
      if (q >= end || text[q]! === CH_HASH) return value;
      if (text[q]! !== CH_QUOTE) {
        this.fail(`syntax error: unexpected "${this.snippet(q)}" after string`);
      }
    }
  }

  // Position of the next backslash at or after `from`. Scans only move forward, so remembering
  // the last result keeps the total work linear even when backslashes are rare.
  private backslashAt = -1;

  private nextBackslash(from: number): number {
    if (this.backslashAt < from && this.backslashAt !== Infinity) {
      const found = this.text.indexOf(CH_BACKSLASH, from);
      this.backslashAt = found < 0 ? Infinity : found;
    }
    return this.backslashAt;
  }

  private escaped = '';

  /**
   * Decodes the escape sequence at i (on the backslash) into `escaped`; returns the index after it.
   * Octal and hex escapes denote bytes, so a run of them is decoded together (e.g. "\303\251").
   */
  private escape(i: number): number {
    const text = this.text;
    const end = this.lineEnd;
    if (i + 1 >= end) this.fail('end-of-line within string');
    const c = text[i + 1]!;
    switch (c) {
      case 110: this.escaped = '\n'; return i + 2;
      case 116: this.escaped = '\t'; return i + 2;
      case 114: this.escaped = '\r'; return i + 2;
      case 98: this.escaped = '\b'; return i + 2;
      case 102: this.escaped = '\f'; return i + 2;
      case 118: this.escaped = '\v'; return i + 2;
      case 97: this.escaped = '\x07'; return i + 2;
      case CH_BACKSLASH: this.escaped = '\\'; return i + 2;
      case CH_QUOTE: this.escaped = '"'; return i + 2;
    }
    const bytes: number[] = [];
    let high = false;
    for (;;) {
      const kind = i + 1 < end && text[i]! === CH_BACKSLASH ? text[i + 1]! : -1;
      let value: number;
      if (kind >= 48 && kind <= 55) {
        value = 0;
        let j = i + 1;
        for (let n = 0; n < 3 && j < end; n++, j++) {
          const d = text[j]!;
          if (d < 48 || d > 55) break;
          value = value * 8 + (d - 48);
        }
        i = j;
      } else if (kind === 120 /* x */) {
        let j = i + 2;
        value = 0;
        while (j < end && hexValue(text[j]!) >= 0) {
          value = (value * 16 + hexValue(text[j]!)) & 0xff;
          j++;
        }
        if (j === i + 2) this.fail('invalid control sequence');
        i = j;
      } else {
        if (bytes.length === 0) this.fail('invalid control sequence');
        break;
      }
      value &= 0xff;
      if (value >= 0x80) high = true;
      bytes.push(value);
    }
    this.escaped = high ? this.options.decodeBytes(bytes) : String.fromCharCode(...bytes);
    return i;
  }
}

/**
 * Parses PO file bytes (without BOM) that are valid in `source.encoding`. Throws FormatParseError
 * on malformed input.
 */
export function parsePoBytes(source: RawSource, options: ParsePoTextOptions): ParsedPoText {
  return new PoTextParser(source, options).parse();
}
