// Single-pass, line-based PO parser that keeps every entry's original text for byte-exact round trips.
//
// The text is scanned once with indexOf('\n'); lines are never copied, only the substrings that
// become values. Each entry remembers the exact slice it came from (`raw`) and the blank lines
// before it (`lead`), so unchanged entries can be written back verbatim. Error messages follow
// GNU gettext's wording where one exists.

import { FormatParseError } from '../format.js';
import { appendItem, emptyEntry, type PoEntry } from './entry.js';

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

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

class PoTextParser {
  private readonly entries: PoEntry[] = [];
  private pos = 0;
  private lineNo = 0;
  private lineEnd = 0; // end of the current line's content (before "\r\n" / "\n")

  private entry: PoEntry = emptyEntry();
  private phase = NONE;
  private field = F_NONE;
  private entryStart = -1; // offset of the current entry's first line
  private entryEnd = 0; // offset just after the last keyword/string line of the current entry
  private previousEnd = 0; // end of the previous entry (start of the current lead)
  private obsoleteState = -1; // -1: no keyword yet, 0: active entry, 1: obsolete entry
  private idLine = 0; // line of msgid, for "missing msgstr" errors
  private cursor = 0; // scan position inside the current line

  private readonly text: string;
  private readonly options: ParsePoTextOptions;

  constructor(text: string, options: ParsePoTextOptions) {
    this.text = text;
    this.options = options;
  }

  parse(): ParsedPoText {
    const text = this.text;
    const length = text.length;
    const firstNewline = text.indexOf('\n');
    const eol = firstNewline > 0 && text.charCodeAt(firstNewline - 1) === 13 ? '\r\n' : '\n';

    while (this.pos < length) {
      const newline = text.indexOf('\n', this.pos);
      const next = newline < 0 ? length : newline + 1;
      let end = newline < 0 ? length : newline;
      if (end > this.pos && text.charCodeAt(end - 1) === 13) end--;
      this.lineEnd = end;
      this.lineNo++;
      let p = this.pos;
      while (p < end && isBlank(text.charCodeAt(p))) p++;
      if (p < end) this.line(p, next);
      this.pos = next;
    }

    if (this.phase >= CONTEXT && this.phase < STR) this.fail("missing 'msgstr' section", this.idLine || this.lineNo);
    if (this.phase >= STR) this.finishEntry();
    return { entries: this.entries, tail: text.slice(this.previousEnd), eol };
  }

  private fail(message: string, line = this.lineNo): never {
    throw new FormatParseError(message, line, this.options.filename);
  }

  /** Handles one non-blank line whose first significant character is at `p`. */
  private line(p: number, next: number): void {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === CH_HASH) {
      const c2 = p + 1 < this.lineEnd ? text.charCodeAt(p + 1) : -1;
      if (c2 === 126 /* ~ */) {
        let q = p + 2;
        if (q < this.lineEnd && text.charCodeAt(q) === 124 /* | */) {
          this.previousLine(q + 1, true);
          return;
        }
        while (q < this.lineEnd && isBlank(text.charCodeAt(q))) q++;
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
        for (const item of text.slice(from, this.lineEnd).split(',')) {
          const trimmed = item.trim();
          // gettext also separates flags by blanks ("#, fuzzy c-format"); flags with a value
          // ("range: 1..3", Weblate's "max-length:80") keep theirs.
          const flags = /\s/.test(trimmed) && !/[:"']/.test(trimmed) ? trimmed.split(/\s+/) : [trimmed];
          for (const flag of flags) {
            if (flag === 'fuzzy') entry.fuzzy = true;
            else if (flag !== '') entry.flags = appendItem(entry.flags, flag);
          }
        }
        return;
      }
      case 58 /* : */:
        this.references(from);
        return;
      default:
        // "# text" and "#. text": gettext drops exactly one space after the marker.
        if (from < this.lineEnd && text.charCodeAt(from) === CH_SPACE) from++;
        if (kind === 46) entry.extracted = appendItem(entry.extracted, text.slice(from, this.lineEnd));
        else entry.comments = appendItem(entry.comments, text.slice(from, this.lineEnd));
    }
  }

  private references(from: number): void {
    const text = this.text;
    const end = this.lineEnd;
    let i = from;
    while (i < end) {
      while (i < end && isBlank(text.charCodeAt(i))) i++;
      if (i >= end) break;
      const start = i;
      if (text.charCodeAt(i) === 0x2068) {
        // A file name with spaces, enclosed in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
        while (i < end && text.charCodeAt(i) !== 0x2069) i++;
      }
      while (i < end && !isBlank(text.charCodeAt(i))) i++;
      this.entry.references = appendItem(this.entry.references, text.slice(start, i));
    }
  }

  /** `#| keyword "..."` or `#| "..."` (p is just after the "|"). */
  private previousLine(p: number, obsolete: boolean): void {
    this.beginComments();
    const text = this.text;
    while (p < this.lineEnd && isBlank(text.charCodeAt(p))) p++;
    if (p < this.lineEnd && text.charCodeAt(p) === CH_QUOTE) {
      const value = this.strings(p);
      const entry = this.entry;
      switch (this.field) {
        case F_PREV_CONTEXT:
          entry.previousContext += value;
          return;
        case F_PREV_ID:
          entry.previousId += value;
          return;
        case F_PREV_ID_PLURAL:
          entry.previousIdPlural += value;
          return;
        default:
          this.fail('previous string without keyword');
      }
    }
    const keyword = this.keyword(p);
    if (this.cursor >= this.lineEnd || text.charCodeAt(this.cursor) !== CH_QUOTE) {
      this.fail(`syntax error: expected a string after "${keyword}"`);
    }
    const value = this.strings(this.cursor);
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
      const c = text.charCodeAt(q);
      if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57))) break;
      q++;
    }
    const word = text.slice(p, q);
    if (word !== 'msgctxt' && word !== 'msgid' && word !== 'msgid_plural' && word !== 'msgstr') {
      if (word === '') this.fail(`syntax error: unexpected "${text.slice(p, Math.min(end, p + 10))}"`);
      this.fail(`keyword "${word}" unknown`);
    }
    while (q < end && isBlank(text.charCodeAt(q))) q++;
    this.cursor = q;
    return word;
  }

  /** Reads msgstr's "[n]" at cursor; returns n. */
  private pluralIndex(): number {
    const text = this.text;
    const end = this.lineEnd;
    let q = this.cursor + 1;
    while (q < end && isBlank(text.charCodeAt(q))) q++;
    const digitsStart = q;
    while (q < end && text.charCodeAt(q) >= 48 && text.charCodeAt(q) <= 57) q++;
    if (q === digitsStart) this.fail('syntax error: expected a plural form index after "msgstr["');
    const index = Number(text.slice(digitsStart, q));
    while (q < end && isBlank(text.charCodeAt(q))) q++;
    if (q >= end || text.charCodeAt(q) !== 93 /* ] */) this.fail('syntax error: expected "]" after the plural form index');
    q++;
    while (q < end && isBlank(text.charCodeAt(q))) q++;
    this.cursor = q;
    return index;
  }

  private keywordLine(p: number, next: number, obsolete: boolean): void {
    const text = this.text;
    if (p >= this.lineEnd) this.fail('syntax error: "#~" without keyword or string');

    if (text.charCodeAt(p) === CH_QUOTE) {
      const entry = this.entry;
      if (this.field < F_CONTEXT || this.field > F_STR || this.phase < CONTEXT) {
        this.fail('string without keyword (continuation line outside an entry)');
      }
      this.checkObsolete(obsolete);
      const value = this.strings(p);
      switch (this.field) {
        case F_CONTEXT:
          entry.context += value;
          break;
        case F_ID:
          entry.id += value;
          break;
        case F_ID_PLURAL:
          entry.idPlural += value;
          break;
        default:
          entry.strings[entry.strings.length - 1] += value;
      }
      this.entryEnd = next;
      return;
    }

    const keyword = this.keyword(p);
    let pluralIndex = -1;
    if (keyword === 'msgstr' && this.cursor < this.lineEnd && text.charCodeAt(this.cursor) === 91 /* [ */) {
      pluralIndex = this.pluralIndex();
    }
    if (this.cursor >= this.lineEnd || text.charCodeAt(this.cursor) !== CH_QUOTE) {
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
          current.strings.push(value);
          this.phase = STR;
        } else {
          if (this.phase === ID) this.fail("missing 'msgid_plural' section");
          if (this.phase === ID_PLURAL && pluralIndex !== 0) this.fail('first plural form has nonzero index');
          if (this.phase === STR_N && pluralIndex !== current.strings.length) this.fail('plural form has wrong index');
          if (this.phase !== ID_PLURAL && this.phase !== STR_N) this.fail('msgstr without msgid');
          current.strings.push(value);
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

  private finishEntry(): void {
    const entry = this.entry;
    entry.lead = this.text.slice(this.previousEnd, this.entryStart);
    entry.raw = this.text.slice(this.entryStart, this.entryEnd);
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
        const quote = text.indexOf('"', segment);
        if (quote < 0 || quote >= end) this.fail('end-of-line within string');
        const backslash = this.nextBackslash(segment);
        if (backslash < quote) {
          value += text.slice(segment, backslash);
          segment = this.escape(backslash);
          value += this.escaped;
          continue;
        }
        value += text.slice(segment, quote);
        q = quote + 1;
        break;
      }
      while (q < end && isBlank(text.charCodeAt(q))) q++;
      if (q >= end || text.charCodeAt(q) === CH_HASH) return value;
      if (text.charCodeAt(q) !== CH_QUOTE) {
        this.fail(`syntax error: unexpected "${text.slice(q, Math.min(end, q + 10))}" after string`);
      }
    }
  }

  // Position of the next backslash at or after `from`. Scans only move forward, so remembering
  // the last result keeps the total work linear even when backslashes are rare.
  private backslashAt = -1;

  private nextBackslash(from: number): number {
    if (this.backslashAt < from && this.backslashAt !== Infinity) {
      const found = this.text.indexOf('\\', from);
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
    const c = text.charCodeAt(i + 1);
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
      const kind = i + 1 < end && text.charCodeAt(i) === CH_BACKSLASH ? text.charCodeAt(i + 1) : -1;
      let value: number;
      if (kind >= 48 && kind <= 55) {
        value = 0;
        let j = i + 1;
        for (let n = 0; n < 3 && j < end; n++, j++) {
          const d = text.charCodeAt(j);
          if (d < 48 || d > 55) break;
          value = value * 8 + (d - 48);
        }
        i = j;
      } else if (kind === 120 /* x */) {
        let j = i + 2;
        value = 0;
        while (j < end && hexValue(text.charCodeAt(j)) >= 0) {
          value = (value * 16 + hexValue(text.charCodeAt(j))) & 0xff;
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

/** Parses decoded PO text (without BOM). Throws FormatParseError on malformed input. */
export function parsePoText(text: string, options: ParsePoTextOptions): ParsedPoText {
  return new PoTextParser(text, options).parse();
}
