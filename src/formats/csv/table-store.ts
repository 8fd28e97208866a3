// Editing logic shared by table formats (CSV, XLSX): rows become units through a Layout; subclasses own the bytes.
import type { FormatUnit, NewUnit, ParsedStore, UnitChange } from '../format.js';
import { columnOf, fuzzyCell, type Layout, rowToUnit, unitToRow } from './table.js';

const EMPTY_HEADER: Readonly<Record<string, string>> = Object.freeze({});

export abstract class TableStore<Row> implements ParsedStore {
  units: FormatUnit[] = [];
  /** Table formats have no header fields; setHeader() is accepted and ignored. */
  readonly header: Readonly<Record<string, string>> = EMPTY_HEADER;
  readonly pluralForms = undefined;
  /** The row of each unit, parallel to `units`. */
  protected unitRows: Row[] = [];

  protected constructor(
    protected readonly layout: Layout,
    protected readonly headerRow: Row | null,
  ) {}

  /** The row's cell values. */
  protected abstract cellsOf(row: Row): readonly string[];
  /** Sets one cell, adding empty cells before it when the row is shorter. */
  protected abstract setCell(row: Row, column: number, value: string): void;
  /** Appends a data row after the last one and returns it. */
  protected abstract appendRow(cells: string[]): Row;
  protected abstract deleteRow(row: Row): void;
  abstract serialize(): Buffer;

  /** Builds `units` from the data rows; rows without any text are not units. */
  protected indexRows(rows: readonly Row[]): void {
    for (const row of rows) {
      if (row === this.headerRow) continue;
      const cells = this.cellsOf(row);
      if (!cells.some((cell) => cell !== '')) continue;
      this.unitRows.push(row);
      this.units.push(rowToUnit(cells, this.layout));
    }
  }

  /** A target column the file does not have yet (a new language in a Godot table) gets its header cell first. */
  private ensureTargetColumn(): void {
    const { targetHeader, targetColumn } = this.layout;
    if (targetHeader === undefined || this.headerRow === null) return;
    if ((this.cellsOf(this.headerRow)[targetColumn] ?? '') === '') this.setCell(this.headerRow, targetColumn, targetHeader);
  }

  updateUnit(index: number, change: UnitChange): void {
    const row = this.unitRows[index];
    if (row === undefined) throw new RangeError(`No unit at index ${index}`);
    if (change.target !== undefined) {
      const value = change.target[0] ?? '';
      if ((this.cellsOf(row)[this.layout.targetColumn] ?? '') !== value) {
        this.ensureTargetColumn();
        this.setCell(row, this.layout.targetColumn, value);
      }
    }
    const fuzzyColumn = columnOf(this.layout, 'fuzzy');
    if (change.fuzzy !== undefined && fuzzyColumn >= 0) {
      const previous = this.cellsOf(row)[fuzzyColumn] ?? '';
      const next = fuzzyCell(change.fuzzy, previous);
      if (next !== previous) this.setCell(row, fuzzyColumn, next);
    }
    this.units[index] = rowToUnit(this.cellsOf(row), this.layout);
  }

  addUnit(unit: NewUnit): void {
    this.ensureTargetColumn();
    const row = this.appendRow(unitToRow(unit, this.layout));
    this.unitRows.push(row);
    this.units.push(rowToUnit(this.cellsOf(row), this.layout));
  }

  removeUnit(index: number): void {
    const row = this.unitRows[index];
    if (row === undefined) throw new RangeError(`No unit at index ${index}`);
    this.deleteRow(row);
    this.unitRows.splice(index, 1);
    this.units.splice(index, 1);
  }

  setHeader(_name: string, _value: string): void {
    // CSV and spreadsheet files have nowhere to keep header fields.
  }
}
