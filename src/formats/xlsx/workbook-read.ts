// Reads the first worksheet of an XLSX workbook as a grid of strings (shared, inline and plain cell values).
import { FormatParseError } from '../format.js';
import { childElements, decodeXmlBytes, firstChild, getAttribute, localName, parseXml, textContent, type XmlDocument, type XmlElement } from '../xml/scanner.js';
import { ZipError, ZipParts } from '../../shared/safe-zip.js';

export interface SheetRow {
  /** 1-based row number in the sheet. */
  number: number;
  cells: string[];
}

export interface WorkbookGrid {
  sheetName: string;
  /** Rows with at least one non-empty cell, in sheet order. */
  rows: SheetRow[];
}

// Far above any translation table; larger parts are ZIP bombs or not translation files. Parts are
// refused by their declared sizes before they are inflated, and parsing stops at the element caps.
const ZIP_LIMITS = { maxEntries: 10_000, maxEntryBytes: 100 * 1024 * 1024, maxRatio: 200 };
/** Cells of the sheet, or strings of the shared string table. */
export const MAX_CELLS = 1_000_000;
/** Elements of a sheet or shared string table read record by record (the XML scanner's default is lower: it keeps them all). */
export const MAX_ELEMENTS = 4_000_000;
/** Elements held at once: those of one row or shared string, which are dropped when it ends. */
export const MAX_HELD_ELEMENTS = 100_000;

const OFFICE_DOCUMENT = '/officeDocument';
const WORKSHEET = '/worksheet';
const SHARED_STRINGS = '/sharedStrings';

/** OOXML's escape for characters XML cannot hold: _xHHHH_ (and _x005F_ for a literal underscore). */
export function unescapeOoxml(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** "BC12" → 54 (0-based column). */
function columnIndex(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : n - 1;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash + 1);
}

/** Resolves a relationship target against the folder of the part that owns it. */
function resolveTarget(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : dirname(base) + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** Text of a shared string item or inline string: plain <t>, or the <t> of each rich-text run (phonetic runs excluded). */
function stringItemText(item: XmlElement): string {
  let out = '';
  for (const child of childElements(item)) {
    const name = localName(child.name);
    if (name === 't') out += textContent(child);
    else if (name === 'r') for (const t of childElements(child, 't')) out += textContent(t);
  }
  return unescapeOoxml(out);
}

class WorkbookReader {
  private readonly zip: ZipParts;

  constructor(
    bytes: Uint8Array,
    private readonly filename: string | undefined,
  ) {
    try {
      this.zip = ZipParts.open(bytes, ZIP_LIMITS);
    } catch (e) {
      if (e instanceof ZipError) throw new FormatParseError(`not a readable XLSX file: ${e.message}`, undefined, filename);
      throw e;
    }
  }

  has(part: string): boolean {
    return this.zip.entries.has(part);
  }

  private bytes(part: string): Buffer {
    const entry = this.zip.entries.get(part);
    if (!entry) throw new FormatParseError(`missing part ${part}`, undefined, this.filename);
    try {
      return this.zip.read(entry);
    } catch (e) {
      if (e instanceof ZipError) throw new FormatParseError(`${part}: ${e.message}`, undefined, this.filename);
      throw e;
    }
  }

  /** Parses a part; `onElementEnd` (see ParseXmlOptions) lets a large part be consumed record by record. */
  xml(part: string, onElementEnd?: (el: XmlElement, lineAt: (offset: number) => number) => void): XmlDocument {
    const { text } = decodeXmlBytes(this.bytes(part), this.filename);
    try {
      return parseXml(text, { filename: this.filename, onElementEnd, maxElements: onElementEnd ? MAX_ELEMENTS : undefined });
    } catch (e) {
      // Name the part: a line number alone would not say which file of the archive is broken.
      if (e instanceof FormatParseError) throw new FormatParseError(`${part}: ${e.reason}`, e.line, this.filename);
      throw e;
    }
  }

  /** Relationship targets of `part` by id, and by type suffix for the first of each type. */
  relationships(part: string): { byId: Map<string, string>; byType: Map<string, string> } {
    const relsPart = `${dirname(part)}_rels/${part.slice(dirname(part).length)}.rels`;
    const byId = new Map<string, string>();
    const byType = new Map<string, string>();
    if (!this.has(relsPart)) return { byId, byType };
    const root = this.xml(relsPart).root;
    for (const rel of root ? childElements(root, 'Relationship') : []) {
      const target = getAttribute(rel, 'Target');
      if (target === undefined || getAttribute(rel, 'TargetMode') === 'External') continue;
      const resolved = resolveTarget(part, target);
      const id = getAttribute(rel, 'Id');
      if (id !== undefined) byId.set(id, resolved);
      const type = getAttribute(rel, 'Type') ?? '';
      const suffix = type.slice(type.lastIndexOf('/'));
      if (!byType.has(suffix)) byType.set(suffix, resolved);
    }
    return { byId, byType };
  }
}

function rootElement(doc: XmlDocument, part: string, expected: string, filename?: string): XmlElement {
  const root = doc.root;
  if (!root || localName(root.name) !== expected) throw new FormatParseError(`${part}: expected a <${expected}> root element`, 1, filename);
  return root;
}

/**
 * An onElementEnd callback that hands each record (a row, a shared string) to `consume` as it ends
 * and then drops it with its earlier siblings, so that a part is never held as a whole tree; other
 * elements are dropped when their top-level ancestor ends or a later record is dropped. Counts
 * cells and held elements against the caps (the scanner counts all elements).
 */
function boundedRecords(
  filename: string | undefined,
  cell: string,
  cellsName: string,
  isRecord: (el: XmlElement) => boolean,
  consume: (el: XmlElement, lineAt: (offset: number) => number) => void,
): (el: XmlElement, lineAt: (offset: number) => number) => void {
  let held = 0;
  let cells = 0;
  const refuse = (message: string, offset: number, lineAt: (offset: number) => number): never => {
    throw new FormatParseError(message, lineAt(offset), filename);
  };
  return (el, lineAt) => {
    if (++held > MAX_HELD_ELEMENTS) refuse(`more than ${MAX_HELD_ELEMENTS.toLocaleString('en')} elements in one row or string`, el.start, lineAt);
    if (localName(el.name) === cell && ++cells > MAX_CELLS) refuse(`more than ${MAX_CELLS.toLocaleString('en')} ${cellsName}`, el.start, lineAt);
    const parent = el.parent;
    if (parent === null) return;
    if (isRecord(el)) consume(el, lineAt);
    else if (parent.parent !== null) return;
    parent.children.length = 0;
    held = 0;
  };
}

/** The first worksheet's non-empty rows. */
export function readFirstSheet(bytes: Uint8Array, filename?: string): WorkbookGrid {
  const reader = new WorkbookReader(bytes, filename);
  const workbookPart = reader.relationships('').byType.get(OFFICE_DOCUMENT) ?? 'xl/workbook.xml';
  const workbook = rootElement(reader.xml(workbookPart), workbookPart, 'workbook', filename);
  const rels = reader.relationships(workbookPart);
  const sheets = firstChild(workbook, 'sheets');
  const sheet = sheets ? childElements(sheets, 'sheet')[0] : undefined;
  const relId = sheet?.attributes.find((a) => a.name !== 'id' && localName(a.name) === 'id')?.value;
  const sheetPart = (relId !== undefined ? rels.byId.get(relId) : undefined) ?? rels.byType.get(WORKSHEET) ?? 'xl/worksheets/sheet1.xml';
  if (!reader.has(sheetPart)) throw new FormatParseError('the workbook has no worksheet', undefined, filename);

  const sharedPart = rels.byType.get(SHARED_STRINGS) ?? (reader.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined);
  const shared: string[] = [];
  if (sharedPart !== undefined && reader.has(sharedPart)) {
    const isItem = (el: XmlElement) => localName(el.name) === 'si' && el.parent!.parent === null;
    const sst = reader.xml(sharedPart, boundedRecords(filename, 'si', 'shared strings', isItem, (si) => shared.push(stringItemText(si))));
    rootElement(sst, sharedPart, 'sst', filename);
  }

  const rows: SheetRow[] = [];
  let rowNumber = 0;
  const readRow = (row: XmlElement, lineAt: (offset: number) => number): void => {
    const r = Number(getAttribute(row, 'r'));
    rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
    const cells: string[] = [];
    let column = -1;
    for (const c of childElements(row, 'c')) {
      const ref = getAttribute(c, 'r');
      const at = ref !== undefined ? columnIndex(ref) : -1;
      column = at > column ? at : column + 1;
      const type = getAttribute(c, 't') ?? 'n';
      const v = firstChild(c, 'v');
      let value: string;
      if (type === 'inlineStr') {
        const is = firstChild(c, 'is');
        value = is ? stringItemText(is) : '';
      } else if (type === 's') {
        const index = v ? Number(textContent(v)) : NaN;
        if (!Number.isInteger(index) || index < 0 || index >= shared.length) {
          throw new FormatParseError(`cell ${ref ?? ''} refers to a missing shared string`, lineAt(c.start), filename);
        }
        value = shared[index]!;
      } else if (type === 'b') {
        // Weblate reads cells through openpyxl and Python's csv module, which writes booleans as True/False.
        value = v ? (textContent(v).trim() === '1' ? 'True' : 'False') : '';
      } else {
        value = v ? unescapeOoxml(textContent(v)) : '';
      }
      while (cells.length < column) cells.push('');
      cells[column] = value;
    }
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length > 0) rows.push({ number: rowNumber, cells });
  };
  // Only the rows of the worksheet's first <sheetData>, as a tree reader taking firstChild() would.
  let sheetData: XmlElement | null = null;
  const isSheetData = (el: XmlElement | null): el is XmlElement =>
    el !== null && localName(el.name) === 'sheetData' && el.parent !== null && el.parent.parent === null && localName(el.parent.name) === 'worksheet';
  const isRow = (el: XmlElement): boolean => localName(el.name) === 'row' && isSheetData(el.parent) && (sheetData ?? el.parent) === el.parent;
  const readRows = boundedRecords(filename, 'c', 'cells', isRow, readRow);
  const doc = reader.xml(sheetPart, (el, lineAt) => {
    if (isSheetData(el)) sheetData ??= el;
    readRows(el, lineAt);
  });
  rootElement(doc, sheetPart, 'worksheet', filename);
  return { sheetName: sheet ? (getAttribute(sheet, 'name') ?? '') : '', rows };
}
