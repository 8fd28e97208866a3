// Offsets of a TOML document's table headers and string values, for editing a file in place (the file is validated by smol-toml first).

/** A `[table]` or `[[array.table]]` header line. */
export interface TomlHeader {
  kind: 'header';
  path: string[];
  array: boolean;
  lineStart: number;
  lineEnd: number;
}

/** A `key = value` line; `start`/`end` span the value, which is a string when `isString`. */
export interface TomlEntry {
  kind: 'entry';
  /** Full key path: the table's path, then the dotted key's parts. */
  path: string[];
  /** Inside an array of tables: kept, never a unit. */
  inArray: boolean;
  isString: boolean;
  lineStart: number;
  /** After the value's trailing comment and line break. */
  lineEnd: number;
  start: number;
  end: number;
  /** Whitespace before the key. */
  indent: string;
  /** The key as written, e.g. `page.one` or `"a b"`. */
  keyText: string;
  /** Offset in keyText where the last key part starts (the rest is the dotted prefix). */
  lastKeyAt: number;
  /** Text between key and value, e.g. ` = ` or `   = `. */
  sep: string;
}

export type TomlItem = TomlHeader | TomlEntry;

const isBare = (c: string) => /[A-Za-z0-9_-]/.test(c);

/** Scans a valid TOML text; everything not understood is skipped to the end of its line. */
export class TomlScanner {
  private pos = 0;
  readonly items: TomlItem[] = [];

  constructor(private readonly text: string) {}

  scan(): TomlItem[] {
    const t = this.text;
    let table: string[] = [];
    let inArray = false;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
        this.pos++;
      } else if (c === '#') {
        this.toLineEnd();
      } else if (c === '[') {
        const lineStart = this.lineStartOf(this.pos);
        const array = t[this.pos + 1] === '[';
        this.pos += array ? 2 : 1;
        const path = this.keyParts().parts;
        this.skipSpaces();
        this.pos += array ? 2 : 1;
        this.toLineEnd();
        table = path;
        inArray = array;
        this.items.push({ kind: 'header', path, array, lineStart, lineEnd: this.pos });
      } else {
        const lineStart = this.lineStartOf(this.pos);
        const keyStart = this.pos;
        const { parts, lastAt } = this.keyParts();
        const keyText = t.slice(keyStart, this.pos).trimEnd();
        const sepStart = keyStart + keyText.length;
        this.skipSpaces();
        this.pos++; // '='
        this.skipSpaces();
        const sep = t.slice(sepStart, this.pos);
        const start = this.pos;
        const isString = t[start] === '"' || t[start] === "'";
        this.skipValue();
        const end = this.pos;
        this.toLineEnd();
        this.items.push({
          kind: 'entry',
          path: [...table, ...parts],
          inArray,
          isString,
          lineStart,
          lineEnd: this.pos,
          start,
          end,
          indent: t.slice(lineStart, keyStart),
          keyText,
          lastKeyAt: lastAt - keyStart,
          sep,
        });
      }
    }
    return this.items;
  }

  private lineStartOf(at: number): number {
    return this.text.lastIndexOf('\n', at - 1) + 1;
  }

  private skipSpaces(): void {
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++;
  }

  /** To just after the next line break (or the end): skips a trailing comment. */
  private toLineEnd(): void {
    const nl = this.text.indexOf('\n', this.pos);
    this.pos = nl < 0 ? this.text.length : nl + 1;
  }

  /** A dotted key; returns its decoded parts and the offset of the last part. */
  private keyParts(): { parts: string[]; lastAt: number } {
    const t = this.text;
    const parts: string[] = [];
    let lastAt = this.pos;
    for (;;) {
      this.skipSpaces();
      lastAt = this.pos;
      const c = t[this.pos];
      if (c === '"' || c === "'") {
        const start = this.pos;
        this.skipString();
        parts.push(decodeQuotedKey(t.slice(start, this.pos)));
      } else {
        const start = this.pos;
        while (this.pos < t.length && isBare(t[this.pos]!)) this.pos++;
        parts.push(t.slice(start, this.pos));
      }
      this.skipSpaces();
      if (t[this.pos] !== '.') return { parts, lastAt };
      this.pos++;
    }
  }

  /** Skips a string of any of the four kinds, `pos` at its opening quote. */
  private skipString(): void {
    const t = this.text;
    const q = t[this.pos]!;
    if (t.startsWith(q.repeat(3), this.pos)) {
      let i = this.pos + 3;
      for (;;) {
        const close = t.indexOf(q.repeat(3), i);
        if (close < 0) {
          this.pos = t.length;
          return;
        }
        if (q === '"' && isEscaped(t, close)) {
          i = close + 1;
          continue;
        }
        let end = close + 3;
        // Up to two quotes may precede the closing delimiter: `""""` is a quote and the end.
        while (t[end] === q && end - close < 5) end++;
        this.pos = end;
        return;
      }
    }
    let i = this.pos + 1;
    while (i < t.length && t[i] !== q && t[i] !== '\n') i += q === '"' && t[i] === '\\' ? 2 : 1;
    this.pos = i + 1;
  }

  /** Skips any value: a string, an array or inline table (brackets matched outside strings), or a scalar. */
  private skipValue(): void {
    const t = this.text;
    const c = t[this.pos];
    if (c === '"' || c === "'") {
      this.skipString();
      return;
    }
    if (c === '[' || c === '{') {
      let depth = 0;
      while (this.pos < t.length) {
        const ch = t[this.pos]!;
        if (ch === '"' || ch === "'") {
          this.skipString();
          continue;
        }
        if (ch === '#') {
          const nl = t.indexOf('\n', this.pos);
          this.pos = nl < 0 ? t.length : nl;
          continue;
        }
        this.pos++;
        if (ch === '[' || ch === '{') depth++;
        else if ((ch === ']' || ch === '}') && --depth === 0) return;
      }
      return;
    }
    while (this.pos < t.length && !'#\n\r'.includes(t[this.pos]!)) this.pos++;
    while (this.pos > 0 && (t[this.pos - 1] === ' ' || t[this.pos - 1] === '\t')) this.pos--;
  }
}

/** True when the character at `at` follows an odd number of backslashes. */
function isEscaped(t: string, at: number): boolean {
  let n = 0;
  while (at - n - 1 >= 0 && t[at - n - 1] === '\\') n++;
  return n % 2 === 1;
}

function decodeQuotedKey(raw: string): string {
  if (raw.startsWith("'")) return raw.slice(1, -1);
  return JSON.parse(raw.replace(/\\U([0-9A-Fa-f]{8})/g, (_, h: string) => escapeAstral(parseInt(h, 16))).replace(/\\e/g, '\\u001b').replace(/\\x([0-9A-Fa-f]{2})/g, '\\u00$1')) as string;
}

function escapeAstral(cp: number): string {
  const s = String.fromCodePoint(cp);
  let out = '';
  for (let i = 0; i < s.length; i++) out += `\\u${s.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
