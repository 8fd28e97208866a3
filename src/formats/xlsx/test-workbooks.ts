// Test helper: workbooks written the way openpyxl/Excel write them (shared strings, styles, several sheets).
// Deflated like openpyxl's and Excel's output (the workbooks Parla writes are stored), so that the reader's inflate path is tested.
import { buildZip } from '../../../test/helpers/zip.js';

export type CellValue = string | number | boolean | null;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function column(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface WorkbookSpec {
  rows: CellValue[][];
  /** Shared strings (openpyxl, Excel) or inline strings. */
  shared?: boolean;
  sheetName?: string;
  /** Adds a second sheet after the first, to check that only the first one is read. */
  secondSheet?: CellValue[][];
  /** Raw XML replacing the first sheet's part (for malformed inputs). */
  rawSheet?: string;
  /** Stores the sheets instead of deflating them (to reach the cell caps without tripping the compression-ratio check). */
  storeSheets?: boolean;
}

/** An XLSX file in the layout openpyxl writes: docProps, styles, shared strings, worksheets/sheetN.xml. */
export function buildWorkbook(spec: WorkbookSpec): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const sheet = (rows: CellValue[][]): string => {
    const body = rows
      .map((cells, r) => {
        const xml = cells
          .map((value, c) => {
            const ref = `${column(c)}${r + 1}`;
            if (value === null) return '';
            if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
            if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
            if (!spec.shared) return `<c r="${ref}" t="inlineStr"><is><t>${esc(value)}</t></is></c>`;
            if (!index.has(value)) {
              index.set(value, strings.length);
              strings.push(value);
            }
            return `<c r="${ref}" t="s"><v>${index.get(value)}</v></c>`;
          })
          .join('');
        return `<row r="${r + 1}">${xml}</row>`;
      })
      .join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetPr><outlinePr summaryBelow="1" summaryRight="1"/></sheetPr><dimension ref="A1:H${rows.length}"/><sheetViews><sheetView workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews><sheetFormatPr baseColWidth="8" defaultRowHeight="15"/><sheetData>${body}</sheetData><pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/></worksheet>`;
  };
  const sheets = [spec.rawSheet ?? sheet(spec.rows)];
  if (spec.secondSheet) sheets.push(sheet(spec.secondSheet));
  const sheetEntries = sheets.map((xml, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: Buffer.from(xml), store: spec.storeSheets }));
  const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet${i + 1}.xml"/>`);
  rels.push(`<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`);
  if (spec.shared) rels.push(`<Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`);
  const names = [spec.sheetName ?? 'cs', 'Other'];
  const files = [
    { name: 'docProps/app.xml', data: Buffer.from('<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Excel</Application></Properties>') },
    { name: 'docProps/core.xml', data: Buffer.from('<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"/>') },
    { name: 'xl/theme/theme1.xml', data: Buffer.from('<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office Theme"/>') },
    ...sheetEntries,
    { name: 'xl/styles.xml', data: Buffer.from(`<styleSheet xmlns="${NS}"><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`) },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr/><bookViews><workbookView activeTab="0"/></bookViews><sheets>` +
          sheets.map((_, i) => `<sheet name="${names[i]}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
          '</sheets></workbook>',
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`) },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst xmlns="${NS}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`) },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    { name: '[Content_Types].xml', data: Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
  ];
  return buildZip(files.filter((f) => spec.shared || f.name !== 'xl/sharedStrings.xml'));
}
