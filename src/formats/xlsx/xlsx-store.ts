// Editable XLSX translation table: the original bytes while unchanged, otherwise a freshly written workbook.
import type { ParseOptions } from '../format.js';
import { detectLayout, type Layout } from '../csv/table.js';
import { TableStore } from '../csv/table-store.js';
import { readFirstSheet } from './workbook-read.js';
import { writeWorkbook } from './workbook-write.js';

interface Row {
  cells: string[];
  /** Cells as read, to recognise a store whose edits were all undone. */
  readonly original: readonly string[] | null;
}

export class XlsxStore extends TableStore<Row> {
  private readonly rows: Row[];
  private structureChanged = false;

  private constructor(
    private readonly original: Uint8Array | null,
    private readonly sheetName: string,
    rows: Row[],
    layout: Layout,
    headerRow: Row | null,
  ) {
    super(layout, headerRow);
    this.rows = rows;
    this.indexRows(rows);
  }

  static parse(bytes: Uint8Array, options: ParseOptions = {}): XlsxStore {
    const grid = readFirstSheet(bytes, options.filename);
    const rows: Row[] = grid.rows.map((r) => ({ cells: [...r.cells], original: r.cells }));
    const layout = detectLayout(rows[0]?.cells, 'bilingual', options.language);
    return new XlsxStore(Buffer.from(bytes), grid.sheetName, rows, layout, layout.header ? (rows[0] ?? null) : null);
  }

  /** A new workbook whose first row names the columns. */
  static create(header: readonly string[], sheetName: string, language?: string): XlsxStore {
    const row: Row = { cells: [...header], original: null };
    return new XlsxStore(null, sheetName, [row], detectLayout(header, 'bilingual', language), row);
  }

  protected cellsOf(row: Row): readonly string[] {
    return row.cells;
  }

  protected setCell(row: Row, column: number, value: string): void {
    while (row.cells.length <= column) row.cells.push('');
    row.cells[column] = value;
  }

  protected appendRow(cells: string[]): Row {
    const row: Row = { cells, original: null };
    this.rows.push(row);
    this.structureChanged = true;
    return row;
  }

  protected deleteRow(row: Row): void {
    const index = this.rows.indexOf(row);
    if (index >= 0) this.rows.splice(index, 1);
    this.structureChanged = true;
  }

  private unchanged(): boolean {
    if (this.original === null || this.structureChanged) return false;
    return this.rows.every((row) => {
      const before = row.original!;
      const width = Math.max(before.length, row.cells.length);
      for (let i = 0; i < width; i++) if ((before[i] ?? '') !== (row.cells[i] ?? '')) return false;
      return true;
    });
  }

  /**
   * The parsed bytes while no value differs from the file. After an edit the whole workbook is
   * written anew: one sheet of the same name with every non-empty row of the first sheet as inline
   * strings; other sheets, styles, formulas and number types are not kept (as in Weblate, which
   * rewrites XLSX files through openpyxl the same way).
   */
  serialize(): Buffer {
    if (this.unchanged()) return Buffer.from(this.original!);
    return writeWorkbook(
      this.rows.map((r) => r.cells),
      this.sheetName,
    );
  }
}
