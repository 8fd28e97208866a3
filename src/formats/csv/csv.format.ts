// CSV formats: bilingual "csv" (translate-toolkit/Weblate columns, Godot language tables) and monolingual "csv-simple".
import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { CsvStore } from './csv-store.js';
import { DEFAULT_COLUMNS } from './table.js';

/** The header translate-toolkit writes (every cell quoted, CRLF). */
const TTK_HEADER = DEFAULT_COLUMNS.map((name) => `"${name}"`).join(',') + '\r\n';

/**
 * Bilingual CSV. Columns come from the header row (location, source, target, id, fuzzy, context,
 * translator_comments, developer_comments and translate-toolkit's aliases such as "original" or
 * "translation"); without a header they are positional (two columns: source, target). A Godot
 * table (",en,es,ja" header) reads the key column as id, the first language as source and the
 * column of `options.language` as target. key = id, or context; context = context, or id.
 * CSV has no plurals, approval or header fields: target has one form and setHeader is ignored.
 */
export const csvFormat: TranslationFormat = {
  id: 'csv',
  name: 'CSV file',
  extensions: ['csv'],
  monolingual: false,
  mimeType: 'text/csv',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => CsvStore.parse(bytes, 'bilingual', options),
  create: (options: CreateOptions): ParsedStore => {
    const store = CsvStore.parse(Buffer.from(TTK_HEADER), 'bilingual', { language: options.language });
    for (const unit of options.template?.units ?? []) store.addUnit({ ...unit, target: [''], fuzzy: false, approved: false });
    return store;
  },
};

/**
 * Monolingual two-column CSV ("key","value", e.g. Magento i18n dictionaries): the first column is
 * the key, the second the text. An optional header row of column names (source/target,
 * key/value, id/translation, ...) is recognised and kept. create() makes an empty file: the keys
 * come from the template.
 */
export const csvSimpleFormat: TranslationFormat = {
  id: 'csv-simple',
  name: 'Simple CSV file',
  extensions: ['csv'],
  monolingual: true,
  mimeType: 'text/csv',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => CsvStore.parse(bytes, 'simple', options),
  create: (options: CreateOptions): ParsedStore => CsvStore.parse(new Uint8Array(0), 'simple', { language: options.language }, { eol: '\r\n' }),
};
