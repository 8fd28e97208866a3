// Editable CSV file: untouched cells keep their raw text, edited cells are re-quoted in the file's style.
import type { ParseOptions } from '../format.js';
import { type CsvCell, type CsvDialect, type CsvEncoding, type CsvRecord, decodeCsv, encodeCsv, quoteCell, SNIFFED, sniffDialect, tokenizeCsv } from './csv-parser.js';
import { detectLayout, type Layout, type TableKind } from './table.js';
import { TableStore } from './table-store.js';

/** A cell with the raw text it was read with, so that setting the value back restores those bytes. */
interface EditableCell extends CsvCell {
  origRaw: string;
  origValue: string;
}

interface Row {
  cells: EditableCell[];
  eol: string;
}

export interface CsvSource {
  bytes: Uint8Array;
  encoding: CsvEncoding;
  bom: boolean;
  text: string;
}

const editable = (cell: CsvCell): EditableCell => ({ raw: cell.raw, value: cell.value, quoted: cell.quoted, origRaw: cell.raw, origValue: cell.value });

/**
 * The file quotes every cell (translate-toolkit, Magento) when quoted cells that need no quotes
 * outnumber bare non-empty cells.
 */
function quotesEverything(records: readonly CsvRecord[], dialect: CsvDialect): boolean {
  const escape = (c: string): string => c.replace(/[\\\]^-]/g, '\\$&');
  const special = new RegExp(`[${escape(dialect.delimiter)}${escape(dialect.quote)}\r\n]`);
  let needless = 0;
  let bare = 0;
  for (const record of records) {
    for (const cell of record.cells) {
      if (cell.quoted && !special.test(cell.value)) needless++;
      else if (!cell.quoted && cell.value !== '') bare++;
    }
  }
  return needless > bare || (needless === 0 && bare === 0);
}

export class CsvStore extends TableStore<Row> {
  private readonly rows: Row[];
  private dirty = false;

  private constructor(
    private readonly source: CsvSource,
    private readonly dialect: CsvDialect,
    private readonly quoteAll: boolean,
    rows: Row[],
    layout: Layout,
    headerRow: Row | null,
  ) {
    super(layout, headerRow);
    this.rows = rows;
    this.indexRows(rows);
  }

  static parse(bytes: Uint8Array, kind: TableKind, options: ParseOptions = {}, dialectOverride?: Partial<CsvDialect>): CsvStore {
    const decoded = decodeCsv(bytes, options.filename);
    const dialect = { ...sniffDialect(decoded.text), ...dialectOverride };
    const records = tokenizeCsv(decoded.text, dialect, options.filename);
    const rows: Row[] = records.map((r) => ({ cells: r.cells.map(editable), eol: r.eol }));
    const first = rows.find((row) => row.cells.length > 0) ?? null;
    const layout = detectLayout(first?.cells.map((c) => c.value), kind, options.language);
    const source = { bytes, encoding: decoded.encoding, bom: decoded.bom, text: decoded.text };
    return new CsvStore(source, dialect, quotesEverything(records, dialect), rows, layout, layout.header ? first : null);
  }

  protected cellsOf(row: Row): readonly string[] {
    return row.cells.map((cell) => cell.value);
  }

  private newCell(value: string, first = false): EditableCell {
    const raw = quoteCell(value, this.dialect, this.quoteAll || (first && SNIFFED.test(value)));
    return { raw, value, quoted: raw !== value, origRaw: raw, origValue: value };
  }

  /**
   * Every read sniffs the dialect from the first record: a value written there unquoted with another delimiter or a
   * single quote in it would make the next read split the file differently, so such values are quoted.
   */
  private isFirstRecord(row: Row): boolean {
    return (this.rows.find((r) => r.cells.length > 0) ?? row) === row;
  }

  protected setCell(row: Row, column: number, value: string): void {
    const first = this.isFirstRecord(row);
    while (row.cells.length <= column) row.cells.push(this.newCell('', first));
    const cell = row.cells[column]!;
    cell.value = value;
    cell.raw = value === cell.origValue ? cell.origRaw : quoteCell(value, this.dialect, cell.quoted || this.quoteAll || (first && SNIFFED.test(value)));
    // A lone empty cell would read back as a blank line.
    if (row.cells.length === 1 && cell.raw === '') cell.raw = this.dialect.quote + this.dialect.quote;
    this.dirty = true;
  }

  protected appendRow(values: string[]): Row {
    const first = !this.rows.some((r) => r.cells.length > 0);
    const row: Row = { cells: values.map((v) => this.newCell(v, first)), eol: this.dialect.eol };
    if (row.cells.length === 1 && row.cells[0]!.raw === '') row.cells[0]!.raw = this.dialect.quote + this.dialect.quote;
    // After the last row with cells, so that trailing blank lines stay at the end.
    let at = this.rows.length;
    while (at > 0 && this.rows[at - 1]!.cells.length === 0) at--;
    const previous = this.rows[at - 1];
    if (previous && previous.eol === '') {
      // Keep "no newline at end of file": the new last row takes over the missing terminator.
      previous.eol = this.dialect.eol;
      if (at === this.rows.length) row.eol = '';
    }
    this.rows.splice(at, 0, row);
    this.dirty = true;
    return row;
  }

  protected deleteRow(row: Row): void {
    const index = this.rows.indexOf(row);
    if (index < 0) return;
    this.rows.splice(index, 1);
    const previous = this.rows[index - 1];
    if (index === this.rows.length && row.eol === '' && previous) previous.eol = '';
    this.dirty = true;
  }

  serialize(): Buffer {
    if (!this.dirty) return Buffer.from(this.source.bytes);
    const d = this.dialect.delimiter;
    let text = '';
    for (const row of this.rows) text += row.cells.map((c) => c.raw).join(d) + row.eol;
    if (text === this.source.text) return Buffer.from(this.source.bytes);
    return encodeCsv(text, this.source.encoding, this.source.bom);
  }
}
