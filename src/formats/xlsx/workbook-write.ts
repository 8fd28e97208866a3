// Writes a one-sheet XLSX workbook of inline strings that Excel and LibreOffice open.
import { zipSync } from '../../shared/zip-writer.js';
import { escapeXmlAttribute, escapeXmlText } from '../xml/scanner.js';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// Excel's own choice for entry times; it also makes the output reproducible.
const ZIP_TIME = new Date(1980, 0, 1);

/** Escapes what XML 1.0 cannot carry (controls, CR, U+FFFE/F, lone surrogates) as _xHHHH_, and literal _xHHHH_ as _x005F_xHHHH_. */
export function escapeOoxml(text: string): string {
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\r\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (ch) => `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    );
}

/** "A", "B", ..., "Z", "AA" for a 0-based column. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's rules for sheet names: 1–31 characters, none of []:*?/\ . */
export function sheetNameFor(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
  return clean === '' ? 'Sheet1' : clean;
}

function sheetXml(rows: readonly (readonly string[])[]): string {
  const out: string[] = [DECLARATION, `<worksheet xmlns="${MAIN_NS}"><sheetData>`];
  rows.forEach((cells, r) => {
    out.push(`<row r="${r + 1}">`);
    cells.forEach((value, c) => {
      if (value === '') return;
      out.push(`<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXmlText(escapeOoxml(value))}</t></is></c>`);
    });
    out.push('</row>');
  });
  out.push('</sheetData></worksheet>');
  return out.join('');
}

const CONTENT_TYPES =
  DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  DECLARATION +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  DECLARATION +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

// The smallest stylesheet Excel accepts without a repair prompt.
const STYLES =
  DECLARATION +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** A complete workbook with one sheet holding `rows` (every cell an inline string). */
export function writeWorkbook(rows: readonly (readonly string[])[], sheetName: string): Buffer {
  const workbook =
    DECLARATION +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
    `<sheet name="${escapeXmlAttribute(sheetNameFor(sheetName))}" sheetId="1" r:id="rId1"/>` +
    '</sheets></workbook>';
  const file = (name: string, text: string) => ({ name, data: Buffer.from(text, 'utf8'), mtime: ZIP_TIME });
  return zipSync([
    file('[Content_Types].xml', CONTENT_TYPES),
    file('_rels/.rels', ROOT_RELS),
    file('xl/workbook.xml', workbook),
    file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    file('xl/styles.xml', STYLES),
    file('xl/worksheets/sheet1.xml', sheetXml(rows)),
  ]);
}
