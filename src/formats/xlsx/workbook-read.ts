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

// Far above any translation table; larger parts are ZIP bombs or not translation files.
const ZIP_LIMITS = { maxEntries: 10_000, maxEntryBytes: 256 * 1024 * 1024 };

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

  xml(part: string): XmlDocument {
    const { text } = decodeXmlBytes(this.bytes(part), this.filename);
    try {
      return parseXml(text, { filename: this.filename });
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
    const sst = rootElement(reader.xml(sharedPart), sharedPart, 'sst', filename);
    for (const si of childElements(sst, 'si')) shared.push(stringItemText(si));
  }

  const doc = reader.xml(sheetPart);
  const worksheet = rootElement(doc, sheetPart, 'worksheet', filename);
  const data = firstChild(worksheet, 'sheetData');
  const rows: SheetRow[] = [];
  let rowNumber = 0;
  for (const row of data ? childElements(data, 'row') : []) {
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
          throw new FormatParseError(`${sheetPart}: cell ${ref ?? ''} refers to a missing shared string`, doc.lineAt(c.start), filename);
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
  }
  return { sheetName: sheet ? (getAttribute(sheet, 'name') ?? '') : '', rows };
}
