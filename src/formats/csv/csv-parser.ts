// RFC 4180 CSV reading that keeps each cell's raw text, plus the file's encoding and dialect.
import { FormatParseError } from '../format.js';

export type CsvEncoding = 'utf8' | 'utf16le' | 'utf16be';

export interface CsvCell {
  /** The cell as written, quotes included. */
  raw: string;
  value: string;
  quoted: boolean;
}

/** One physical record; a blank line has no cells. */
export interface CsvRecord {
  cells: CsvCell[];
  /** Line terminator after the record ('' at the end of a file without a final newline). */
  eol: string;
  /** 1-based line where the record starts. */
  line: number;
}

export interface CsvDialect {
  delimiter: string;
  quote: string;
  /** The file's line terminator, used for appended rows. */
  eol: string;
}

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
  bom: boolean;
}

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'];

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** UTF-8 (BOM optional) or UTF-16 with a BOM, as translate-toolkit detects them. */
export function decodeCsv(bytes: Uint8Array, filename?: string): DecodedCsv {
  // swap16 throws a RangeError on an odd length, and a dropped half code unit could not be written back.
  if (((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) && bytes.length % 2 !== 0) {
    throw new FormatParseError('UTF-16 file has an odd number of bytes', undefined, filename);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: Buffer.from(bytes.subarray(2)).toString('utf16le'), encoding: 'utf16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: Buffer.from(bytes.subarray(2)).swap16().toString('utf16le'), encoding: 'utf16be', bom: true };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'utf8', bom };
  } catch {
    const loose = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
    throw new FormatParseError('invalid UTF-8 byte sequence (CSV files must be UTF-8 or UTF-16 with a BOM)', lineAt(loose, loose.indexOf('\uFFFD')), filename);
  }
}

export function encodeCsv(text: string, encoding: CsvEncoding, bom: boolean): Buffer {
  if (encoding === 'utf8') return Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8');
  const le = Buffer.from('\uFEFF' + text, 'utf16le');
  return encoding === 'utf16le' ? le : le.swap16();
}

/** Characters whose count in the first record decides the sniffed dialect (delimiters, the single quote). */
export const SNIFFED = /[,;\t|']/;

/** Delimiter, quote and line terminator from the first record, as csv.Sniffer would guess them. */
export function sniffDialect(text: string): CsvDialect {
  const counts = new Map<string, number>(CANDIDATE_DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let eol = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) {
      eol = c === '\r' && text[i + 1] === '\n' ? '\r\n' : c;
      break;
    } else if (!inQuotes && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let delimiter = ',';
  for (const d of CANDIDATE_DELIMITERS) if (counts.get(d)! > counts.get(delimiter)!) delimiter = d;
  const firstLine = text.slice(0, text.search(/[\r\n]|$/));
  const singleQuoted = !firstLine.includes('"') && new RegExp(`(^|[${delimiter === '\t' ? '\\t' : '\\' + delimiter}])'`).test(firstLine);
  return { delimiter, quote: singleQuoted ? "'" : '"', eol: eol || '\n' };
}

/** Splits the text into records; rejects an unterminated quoted field or text after a closing quote. */
export function tokenizeCsv(text: string, dialect: CsvDialect, filename?: string): CsvRecord[] {
  const { delimiter, quote } = dialect;
  const delimiterCode = delimiter.charCodeAt(0);
  const quoteCode = quote.charCodeAt(0);
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  const countLines = (from: number, to: number): void => {
    for (let k = text.indexOf('\n', from); k >= 0 && k < to; k = text.indexOf('\n', k + 1)) line++;
  };
  while (i < n) {
    const start = line;
    const cells: CsvCell[] = [];
    if (text[i] !== '\n' && text[i] !== '\r') {
      for (;;) {
        const cellStart = i;
        let j = i;
        while (text[j] === ' ' && delimiter !== ' ') j++;
        if (text[j] === quote) {
          let value = '';
          let k = j + 1;
          const quoteLine = line;
          for (;;) {
            const close = text.indexOf(quote, k);
            if (close < 0) throw new FormatParseError(`unterminated quoted field (opening ${quote} is never closed)`, quoteLine, filename);
            countLines(k, close);
            if (text.charCodeAt(close + 1) === quoteCode) {
              value += text.slice(k, close + 1);
              k = close + 2;
            } else {
              value += text.slice(k, close);
              k = close + 1;
              break;
            }
          }
          let m = k;
          while (m < n && (text[m] === ' ' || text[m] === '\t') && text[m] !== delimiter) m++;
          if (m < n && text[m] !== delimiter && text[m] !== '\n' && text[m] !== '\r') {
            throw new FormatParseError(`expected '${delimiter === '\t' ? '\\t' : delimiter}' or end of line after a closing ${quote}`, line, filename);
          }
          cells.push({ raw: text.slice(cellStart, m), value, quoted: true });
          i = m;
        } else {
          let m = i;
          while (m < n) {
            const c = text.charCodeAt(m);
            if (c === delimiterCode || c === 10 || c === 13) break;
            m++;
          }
          const raw = text.slice(i, m);
          cells.push({ raw, value: raw, quoted: false });
          i = m;
        }
        if (text[i] !== delimiter) break;
        i++;
      }
    }
    let eol = '';
    if (text[i] === '\r') eol = text[i + 1] === '\n' ? '\r\n' : '\r';
    else if (text[i] === '\n') eol = '\n';
    i += eol.length;
    if (eol !== '') line++;
    records.push({ cells, eol, line: start });
  }
  return records;
}

/** A cell as the file writes it: quoted when the value needs it or the file quotes every cell. */
export function quoteCell(value: string, dialect: CsvDialect, always: boolean): string {
  const { delimiter, quote } = dialect;
  const needs =
    always ||
    value.includes(delimiter) ||
    value.includes(quote) ||
    value.includes('\n') ||
    value.includes('\r');
  return needs ? quote + value.split(quote).join(quote + quote) + quote : value;
}
