// Gettext PO formats: bilingual "po" (msgid is the source) and monolingual "po-mono" (msgid is a key).

import type { CreateOptions, ParsedStore, ParseOptions, PluralForms, TranslationFormat } from '../format.js';
import { byteDecoder, checkPoBytes } from './charset.js';
import { emptyEntry } from './entry.js';
import { formatPluralForms, findHeaderField } from './header.js';
import { parsePoBytes } from './parser.js';
import { PoStore } from './po-store.js';

/** Used by create() when the caller does not know the language's plural rule. */
export const DEFAULT_PLURAL_FORMS: PluralForms = { number: 2, formula: '(n != 1)' };

function parsePo(bytes: Uint8Array, options: ParseOptions | undefined, monolingual: boolean): PoStore {
  const checked = checkPoBytes(bytes, options?.filename);
  const parsed = parsePoBytes({ bytes: checked.body, encoding: checked.encoding }, {
    decodeBytes: byteDecoder(checked.encoding),
    ...(options?.filename !== undefined ? { filename: options.filename } : {}),
  });
  return new PoStore({
    entries: parsed.entries,
    tail: parsed.tail,
    eol: parsed.eol,
    bom: checked.bom,
    original: bytes,
    monolingual,
  });
}

/** gettext's date format, e.g. "2024-05-01 13:45+0200". */
function gettextDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

function createPo(options: CreateOptions, monolingual: boolean): PoStore {
  const templateHeader = options.template?.header ?? {};
  const fromTemplate = (name: string): string | undefined => {
    const value = findHeaderField(templateHeader, name);
    return value === undefined || value === '' ? undefined : value;
  };
  const fields: [string, string | undefined][] = [
    ['Project-Id-Version', fromTemplate('Project-Id-Version') ?? 'PACKAGE VERSION'],
    ['Report-Msgid-Bugs-To', fromTemplate('Report-Msgid-Bugs-To')],
    ['POT-Creation-Date', fromTemplate('POT-Creation-Date')],
    ['PO-Revision-Date', gettextDate(new Date())],
    ['Last-Translator', 'Automatically generated'],
    ['Language-Team', 'none'],
    ['Language', options.language],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=UTF-8'],
    ['Content-Transfer-Encoding', '8bit'],
    ['Plural-Forms', formatPluralForms(options.pluralForms ?? DEFAULT_PLURAL_FORMS)],
  ];
  const header = emptyEntry();
  header.strings = [
    fields
      .filter((field): field is [string, string] => field[1] !== undefined)
      .map(([name, value]) => `${name}: ${value}\n`)
      .join(''),
  ];
  const store = new PoStore({
    entries: [header],
    tail: '',
    eol: '\n',
    bom: false,
    original: null,
    monolingual,
  });
  for (const unit of options.template?.units ?? []) {
    store.addUnit({ ...unit, target: [], fuzzy: false, previousSource: '', obsolete: false });
  }
  return store;
}

function poFormatFor(id: string, name: string, monolingual: boolean): TranslationFormat {
  return {
    id,
    name,
    extensions: ['po', 'pot'],
    monolingual,
    mimeType: 'text/x-po',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parsePo(bytes, options, monolingual),
    create: (options: CreateOptions): ParsedStore => createPo(options, monolingual),
  };
}

/** Bilingual gettext PO: msgid is the source text, msgctxt the key. */
export const poFormat: TranslationFormat = poFormatFor('po', 'Gettext PO file', false);

/**
 * Monolingual gettext PO: msgid is a key, msgstr its text; source texts come from the template.
 * Unit keys are the msgid, prefixed with "msgctxt\u0004" when the entry has a context.
 */
export const poMonoFormat: TranslationFormat = poFormatFor('po-mono', 'Gettext PO file (monolingual)', true);
