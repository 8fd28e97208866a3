// Mozilla DTD localization files: `<!ENTITY key "value">` entries, the comment right above an entry as its note.

import { isUtf8 } from 'node:buffer';
import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { EntryTextStore, splitUtf8Bom, withUtf8Bom, type TextEntry } from '../text/keyed-text-store.js';

/** Larger files are refused: Mozilla's DTDs are a few kilobytes each. */
export const MAX_DTD_BYTES = 16 * 1024 * 1024;

interface DtdEntry extends TextEntry {
  /** The quote around the value in the file. */
  quote: '"' | "'";
}

const NAME = /[^\s"'<>%]/;

/**
 * The text of an entity value as translators see it: character references (`&#037;`, `&#x201C;`, which XML
 * expands where the entity is declared) and the quote entities `&quot;` and `&apos;` are read as their
 * characters; other references (`&amp;`, `&brandShortName;`) stay as written.
 */
function decodeValue(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(quot|apos|#[0-9]{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    const n = name.toLowerCase();
    if (n === 'quot') return '"';
    if (n === 'apos') return "'";
    const code = n.startsWith('#x') ? parseInt(n.slice(2), 16) : parseInt(n.slice(1), 10);
    return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The raw value for a text: the file's quote and "%" (which would start a parameter entity) as references,
 * and in an ISO-8859-1 file every character it cannot hold as a character reference.
 */
function encodeValue(text: string, quote: '"' | "'", latin1: boolean): string {
  let out = text.replaceAll('%', '&#037;');
  out = quote === '"' ? out.replaceAll('"', '&quot;') : out.replaceAll("'", '&apos;');
  return latin1 ? latin1Safe(out) : out;
}

/** Characters an ISO-8859-1 file cannot hold, as character references. */
function latin1Safe(text: string): string {
  return text.replace(/[\u0100-\u{10ffff}]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`);
}

class DtdReader {
  private pos = 0;
  private comments: { text: string; start: number }[] = [];
  readonly entries: DtdEntry[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly filename: string | undefined,
  ) {}

  private fail(message: string, at = this.pos): never {
    let line = 1;
    for (let i = 0; i < at && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) line++;
    throw new FormatParseError(message, line, this.filename);
  }

  private skipSpace(): void {
    const text = this.text;
    let breaks = 0;
    while (this.pos < text.length && /\s/.test(text[this.pos]!)) {
      if (text[this.pos] === '\n') breaks++;
      this.pos++;
    }
    // A blank line detaches the comments above it from the next entry.
    if (breaks > 1) this.comments = [];
  }

  private until(end: string, what: string): number {
    const at = this.text.indexOf(end, this.pos);
    if (at < 0) this.fail(`unclosed ${what}`);
    return at;
  }

  /** Skips a declaration up to its ">", stepping over quoted literals. */
  private skipDeclaration(): void {
    const text = this.text;
    const start = this.pos;
    while (this.pos < text.length && text[this.pos] !== '>') {
      const c = text[this.pos]!;
      if (c === '"' || c === "'") {
        const end = text.indexOf(c, this.pos + 1);
        if (end < 0) this.fail('unterminated quoted text', this.pos);
        this.pos = end + 1;
      } else {
        this.pos++;
      }
    }
    if (this.pos >= text.length) this.fail('unclosed declaration', start);
    this.pos++;
  }

  /** The end of an entry's removal: after its ">" and the line break that follows. */
  private lineEnd(): number {
    const text = this.text;
    let end = this.pos;
    while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
    return end;
  }

  private entity(start: number): void {
    const text = this.text;
    this.pos += '<!ENTITY'.length;
    if (!/\s/.test(text[this.pos] ?? '')) this.fail('expected a space after <!ENTITY');
    this.skipSpace();
    if (text[this.pos] === '%') {
      // A parameter entity (usually one that includes another DTD): kept, not a string.
      this.skipDeclaration();
      this.comments = [];
      return;
    }
    const nameStart = this.pos;
    while (this.pos < text.length && NAME.test(text[this.pos]!)) this.pos++;
    const key = text.slice(nameStart, this.pos);
    if (key === '') this.fail('expected an entity name');
    this.skipSpace();
    const quote = text[this.pos];
    if (quote !== '"' && quote !== "'") {
      // An external entity (SYSTEM / PUBLIC): kept, not a string.
      this.skipDeclaration();
      this.comments = [];
      return;
    }
    const valueStart = this.pos + 1;
    const valueEnd = text.indexOf(quote, valueStart);
    if (valueEnd < 0) this.fail(`unterminated value of entity "${key}"`, nameStart);
    this.pos = valueEnd + 1;
    this.skipSpace();
    if (text[this.pos] !== '>') this.fail(`expected ">" after the value of entity "${key}"`);
    this.pos++;
    if (this.seen.has(key)) this.fail(`duplicate entity "${key}"`, nameStart);
    this.seen.add(key);
    const first = this.comments[0];
    this.entries.push({
      key,
      value: decodeValue(text.slice(valueStart, valueEnd)),
      note: this.comments.map((c) => c.text).join('\n'),
      valueStart,
      valueEnd,
      removeStart: first ? first.start : start,
      removeEnd: this.lineEnd(),
      quote,
    });
    this.comments = [];
  }

  read(): DtdEntry[] {
    const text = this.text;
    for (;;) {
      this.skipSpace();
      if (this.pos >= text.length) return this.entries;
      const start = this.pos;
      if (text.startsWith('<!--', this.pos)) {
        const end = this.until('-->', 'comment');
        this.comments.push({ text: text.slice(this.pos + 4, end).trim(), start });
        this.pos = end + 3;
      } else if (text.startsWith('<!ENTITY', this.pos)) {
        this.entity(start);
      } else if (text.startsWith('<?', this.pos)) {
        this.pos = this.until('?>', 'processing instruction') + 2;
        this.comments = [];
      } else if (text[this.pos] === '%') {
        // A parameter entity reference (%brandDTD;).
        const end = this.until(';', 'parameter entity reference');
        if (!/^%[^\s;%<>"']+$/.test(text.slice(this.pos, end))) this.fail('malformed parameter entity reference');
        this.pos = end + 1;
        this.comments = [];
      } else if (text.startsWith('<!', this.pos)) {
        this.skipDeclaration(); // other markup declarations (ELEMENT, ATTLIST) are kept as they are
        this.comments = [];
      } else {
        this.fail(`unexpected text "${text.slice(this.pos, this.pos + 20)}"`);
      }
    }
  }
}

class DtdStore extends EntryTextStore<DtdEntry> {
  private readonly latin1: boolean;

  constructor(text: string, entries: DtdEntry[], eol: string, bom: boolean, encoding: 'utf8' | 'latin1', original: Uint8Array | null) {
    super({ text, entries, eol, original }, { label: 'DTD', keyFromSource: true, encode: (out) => withUtf8Bom(Buffer.from(out, encoding), bom) });
    this.latin1 = encoding === 'latin1';
  }

  protected renderValue(value: string, entry: DtdEntry): string {
    return encodeValue(value, entry.quote, this.latin1);
  }

  protected renderAdded(key: string, note: string, value: string): string[] {
    const text = note.replaceAll('--', '- -');
    const comment = note === '' ? [] : [`<!-- ${this.latin1 ? latin1Safe(text) : text} -->`];
    return [...comment, `<!ENTITY ${key} "${encodeValue(value, '"', this.latin1)}">`];
  }
}

function parseDtd(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const filename = options?.filename;
  if (bytes.length > MAX_DTD_BYTES) throw new FormatParseError(`file is larger than ${MAX_DTD_BYTES} bytes`, undefined, filename);
  const { bom, body } = splitUtf8Bom(bytes);
  const encoding = isUtf8(body) ? 'utf8' : 'latin1';
  const text = body.toString(encoding);
  const entries = new DtdReader(text, filename).read();
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  return new DtdStore(text, entries, eol, bom, encoding, bytes);
}

/** Mozilla DTD: entity names are the keys; new entities are appended with their note as a comment. */
export const dtdFormat: TranslationFormat = {
  id: 'dtd',
  name: 'DTD file',
  extensions: ['dtd'],
  monolingual: true,
  mimeType: 'application/xml-dtd',
  parse: parseDtd,
  create: (_options: CreateOptions): ParsedStore => new DtdStore('', [], '\n', false, 'utf8', null),
};
