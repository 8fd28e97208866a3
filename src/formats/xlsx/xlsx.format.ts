// Excel workbook (XLSX) translation table: the csv columns in the first worksheet.
import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { DEFAULT_COLUMNS } from '../csv/table.js';
import { XlsxStore } from './xlsx-store.js';

/**
 * Bilingual spreadsheet, as Weblate reads and writes it: the first sheet holds a table with the
 * same columns (and column rules) as the csv format. Unchanged stores return the parsed bytes; an
 * edited store is written as a new single-sheet workbook of inline strings (see XlsxStore).
 */
export const xlsxFormat: TranslationFormat = {
  id: 'xlsx',
  name: 'Excel Open XML',
  extensions: ['xlsx'],
  monolingual: false,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => XlsxStore.parse(bytes, options),
  create: (options: CreateOptions): ParsedStore => {
    const store = XlsxStore.create(DEFAULT_COLUMNS, options.language, options.language);
    for (const unit of options.template?.units ?? []) store.addUnit({ ...unit, target: [''], fuzzy: false, approved: false });
    return store;
  },
};
