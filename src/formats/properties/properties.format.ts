// Java .properties: "properties" writes non-ASCII as \uXXXX (ISO-8859-1 files), "properties-utf8" writes it raw.

import { isUtf8 } from 'node:buffer';
import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { parsePropertiesText } from './parser.js';
import { splitUtf8Bom } from '../text/keyed-text-store.js';
import { PropertiesStore, type PropertiesEncoding } from './properties-store.js';

/**
 * Like Java 9's PropertyResourceBundle: bytes that are valid UTF-8 are read as UTF-8, anything else
 * as ISO-8859-1. The file keeps its encoding when written; the id only decides how new text is escaped.
 */
function parseProperties(bytes: Uint8Array, options: ParseOptions | undefined, asciiOnly: boolean): PropertiesStore {
  const { bom, body } = splitUtf8Bom(bytes);
  const encoding: PropertiesEncoding = isUtf8(body) ? 'utf8' : 'latin1';
  const text = body.toString(encoding);
  const parsed = parsePropertiesText(text, options?.filename);
  return new PropertiesStore({ text, entries: parsed.entries, eol: parsed.eol, encoding, bom, asciiOnly, original: bytes });
}

/** New files are empty: translations are appended as `key=value` lines when they are made. */
function createProperties(asciiOnly: boolean): PropertiesStore {
  return new PropertiesStore({
    text: '',
    entries: [],
    eol: '\n',
    encoding: asciiOnly ? 'latin1' : 'utf8',
    bom: false,
    asciiOnly,
    original: null,
  });
}

function propertiesFormatFor(id: string, name: string, asciiOnly: boolean): TranslationFormat {
  return {
    id,
    name,
    extensions: ['properties'],
    monolingual: true,
    mimeType: 'text/x-java-properties',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseProperties(bytes, options, asciiOnly),
    create: (_options: CreateOptions): ParsedStore => createProperties(asciiOnly),
  };
}

/** Java properties in ISO-8859-1: text outside ASCII is written as \uXXXX escapes, as Java tooling does. */
export const propertiesFormat: TranslationFormat = propertiesFormatFor('properties', 'Java Properties (ISO-8859-1)', true);

/** Java properties in UTF-8: text is written raw. */
export const propertiesUtf8Format: TranslationFormat = propertiesFormatFor('properties-utf8', 'Java Properties (UTF-8)', false);
