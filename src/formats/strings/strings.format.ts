// Apple .strings (monolingual "key" = "value"; files): "strings" creates UTF-16 files, "strings-utf8" UTF-8 ones.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { decodeStrings, type StringsEncoding } from './encoding.js';
import { parseStringsText } from './parser.js';
import { StringsStore } from './strings-store.js';

function parseStrings(bytes: Uint8Array, options?: ParseOptions): StringsStore {
  const decoded = decodeStrings(bytes, options?.filename);
  const parsed = parseStringsText(decoded.text, options?.filename);
  return new StringsStore({
    text: decoded.text,
    entries: parsed.entries,
    eol: parsed.eol,
    encoding: decoded.encoding,
    bom: decoded.bom,
    original: bytes,
  });
}

/**
 * New files hold no units (translations are added as they are made); the encoding is the only
 * difference between the two ids, and parsing keeps whatever encoding a file already has.
 */
function createStrings(encoding: StringsEncoding): StringsStore {
  return new StringsStore({ text: '', entries: [], eol: '\n', encoding, bom: encoding !== 'utf8', original: null });
}

function stringsFormatFor(id: string, name: string, encoding: StringsEncoding): TranslationFormat {
  return {
    id,
    name,
    extensions: ['strings'],
    monolingual: true,
    mimeType: 'text/plain',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseStrings(bytes, options),
    create: (_options: CreateOptions): ParsedStore => createStrings(encoding),
  };
}

/** iOS/macOS .strings; reads UTF-8 and UTF-16 alike, new files are UTF-16LE with BOM (as Xcode writes them). */
export const stringsFormat: TranslationFormat = stringsFormatFor('strings', 'iOS strings', 'utf16le');

/** Same reader and writer as `stringsFormat`; new files are UTF-8 without BOM. */
export const stringsUtf8Format: TranslationFormat = stringsFormatFor('strings-utf8', 'iOS strings (UTF-8)', 'utf8');
