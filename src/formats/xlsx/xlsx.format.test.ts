// XLSX specifics: shared/rich/inline strings, _xHHHH_ escapes, booleans and numbers, the first sheet, rewritten workbooks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipSync } from '../../shared/zip-writer.js';
import { buildZip } from '../../../test/helpers/zip.js';
import { FormatParseError } from '../format.js';
import { buildWorkbook } from './test-workbooks.js';
import { MAX_CELLS, MAX_HELD_ELEMENTS, readFirstSheet } from './workbook-read.js';
import { escapeOoxml, sheetNameFor } from './workbook-write.js';
import { xlsxFormat } from './xlsx.format.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

function entryNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function withTemp<T>(run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-xlsx-'));
  try {
    return run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('xlsx reading', () => {
  it('reads shared strings, booleans, numbers and gaps from the first sheet', () => {
    const bytes = buildWorkbook({
      shared: true,
      sheetName: 'Překlady',
      rows: [
        ['source', 'target', 'fuzzy', 'id'],
        ['Apple', 'Jablko', false, 1],
        ['Pear', null, true, 2],
      ],
      secondSheet: [['source', 'target'], ['x', 'y']],
    });
    const store = xlsxFormat.parse(bytes);
    expect(store.units.map((u) => [u.source[0], u.target[0], u.fuzzy, u.key])).toEqual([
      ['Apple', 'Jablko', false, '1'],
      ['Pear', '', true, '2'],
    ]);
    expect(readFirstSheet(bytes).sheetName).toBe('Překlady');
  });

  it('reads rich text runs without phonetic runs, and decodes _xHHHH_', () => {
    const sheet =
      `<worksheet xmlns="${NS}"><sheetData>` +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>source</t></is></c><c r="B1" t="inlineStr"><is><t>target</t></is></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> text</t></r><rPh sb="0" eb="1"><t>ボ</t></rPh></is></c>' +
      '<c r="B3" t="inlineStr"><is><t>line_x000D_\nnext _x005F_x0041_</t></is></c></row>' +
      '</sheetData></worksheet>';
    const store = xlsxFormat.parse(buildWorkbook({ rows: [], rawSheet: sheet }));
    expect(store.units).toHaveLength(1);
    expect(store.units[0]!.source).toEqual(['Bold text']);
    expect(store.units[0]!.target).toEqual(['line\r\nnext _x0041_']);
  });

  it('rejects what is not a workbook', () => {
    expect(() => xlsxFormat.parse(Buffer.from('PK but not really'))).toThrow(FormatParseError);
    expect(() => xlsxFormat.parse(zipSync([{ name: 'xl/workbook.xml', data: Buffer.from('<nope/>') }]))).toThrow(/expected a <workbook> root element/);
    const missing = buildWorkbook({ rows: [], rawSheet: `<worksheet xmlns="${NS}"><sheetData><row><c t="s"><v>7</v></c></row></sheetData></worksheet>` });
    expect(() => xlsxFormat.parse(missing)).toThrow(/missing shared string/);
  });

  it('rejects archives with more parts than a workbook could need', () => {
    const crowded = buildZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `xl/media/image${i}.bin`, data: 'x', store: true })));
    expect(() => xlsxFormat.parse(crowded)).toThrow(/too many entries/);
  });

  it('refuses a sheet that inflates a thousandfold before inflating it', () => {
    const bomb = buildWorkbook({ rows: [], rawSheet: `<worksheet xmlns="${NS}"><sheetData>${`<row>${'<c s="1"/>'.repeat(1000)}</row>`.repeat(3000)}</sheetData></worksheet>` });
    const started = performance.now();
    expect(() => xlsxFormat.parse(bomb)).toThrow(/xl\/worksheets\/sheet1\.xml: The ZIP file entry xl\/worksheets\/sheet1\.xml inflates to 28\.6 MB from \d+ KB, .*likely ZIP bomb/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a sheet of more cells than the cap while scanning it, with the line', () => {
    const rows = `<row>${'<c/>'.repeat(1000)}</row>\n`.repeat(MAX_CELLS / 1000);
    const sheet = (extra: string) => `<worksheet xmlns="${NS}"><sheetData>\n${rows}${extra}</sheetData></worksheet>`;
    expect(xlsxFormat.parse(buildWorkbook({ rows: [], rawSheet: sheet(''), storeSheets: true })).units).toEqual([]);
    const error = (() => {
      try {
        xlsxFormat.parse(buildWorkbook({ rows: [], rawSheet: sheet('<row><c/></row>'), storeSheets: true }), { filename: 'cs.xlsx' });
      } catch (e) {
        return e as FormatParseError;
      }
      throw new Error('expected a FormatParseError');
    })();
    expect(error).toBeInstanceOf(FormatParseError);
    expect(error.message).toBe(`cs.xlsx:${MAX_CELLS / 1000 + 2}: xl/worksheets/sheet1.xml: more than 1,000,000 cells`);
  });

  it('refuses a row or shared string of more elements than the cap, and drops whatever is not a row', () => {
    const junk = '<x/>'.repeat(MAX_HELD_ELEMENTS);
    const row = buildWorkbook({ rows: [], rawSheet: `<worksheet xmlns="${NS}"><sheetData><row><c t="inlineStr"><is><t>a</t></is></c>${junk}</row></sheetData></worksheet>`, storeSheets: true });
    expect(() => xlsxFormat.parse(row)).toThrow(/sheet1\.xml: more than 100,000 elements in one row or string/);
    const between = `<worksheet xmlns="${NS}"><sheetData>${`<row><c t="inlineStr"><is><t>a</t></is></c></row><x/><y/>`.repeat(MAX_HELD_ELEMENTS)}</sheetData>${junk}</worksheet>`;
    expect(readFirstSheet(buildWorkbook({ rows: [], rawSheet: between, storeSheets: true })).rows).toHaveLength(MAX_HELD_ELEMENTS);
  });

  it('reads only the first sheetData of the worksheet', () => {
    const sheet = `<worksheet xmlns="${NS}"><sheetData><row><c t="inlineStr"><is><t>one</t></is></c></row></sheetData><sheetData><row><c t="inlineStr"><is><t>two</t></is></c></row></sheetData></worksheet>`;
    expect(readFirstSheet(buildWorkbook({ rows: [], rawSheet: sheet })).rows).toEqual([{ number: 1, cells: ['one'] }]);
  });

  it('rejects DOCTYPE entity declarations in parts', () => {
    const evil = buildWorkbook({ rows: [], rawSheet: `<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet xmlns="${NS}"><sheetData/></worksheet>` });
    expect(() => xlsxFormat.parse(evil)).toThrow(FormatParseError);
  });
});

describe('xlsx writing', () => {
  const source = () => buildWorkbook({ shared: true, rows: [['source', 'target', 'notes'], ['Apple', 'Jablko', 'fruit'], ['Pear', 'Hruška', null]] });

  it('returns the original bytes while unchanged, also after edits are undone', () => {
    const bytes = source();
    const store = xlsxFormat.parse(bytes);
    expect(store.serialize().equals(bytes)).toBe(true);
    store.updateUnit(0, { target: ['Jabko'] });
    expect(store.serialize().equals(bytes)).toBe(false);
    store.updateUnit(0, { target: ['Jablko'] });
    expect(store.serialize().equals(bytes)).toBe(true);
  });

  it('rewrites an edited workbook as one sheet of inline strings that yauzl and unzip read', async () => {
    const store = xlsxFormat.parse(source());
    const tricky = 'Say "hi" & <b>bye</b>\r\nctrl\u0001 _x0041_ 日本語 ';
    store.updateUnit(1, { target: [tricky] });
    const out = store.serialize();
    expect(await entryNames(out)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    const back = xlsxFormat.parse(out);
    expect(back.units.map((u) => u.target[0])).toEqual(['Jablko', tricky]);
    expect(back.units[0]!.comment).toBe('fruit');
    expect(readFirstSheet(out).sheetName).toBe('cs');
    if (has('unzip')) {
      withTemp((dir) => {
        fs.writeFileSync(path.join(dir, 'out.xlsx'), out);
        expect(execFileSync('unzip', ['-t', path.join(dir, 'out.xlsx')], { encoding: 'utf8' })).toMatch(/No errors detected/);
      });
    }
  });

  it('writes workbooks that LibreOffice opens', { timeout: 120_000 }, (context) => {
    if (!has('soffice')) {
      console.warn('xlsx.format.test: LibreOffice (soffice) is not installed, skipping the check');
      return context.skip();
    }
    const store = xlsxFormat.parse(source());
    store.updateUnit(1, { target: ['Say "hi" & <b>bye</b>, 日本語'] });
    store.addUnit({ source: ['Plum'], target: ['Švestka'] });
    withTemp((dir) => {
      fs.writeFileSync(path.join(dir, 'out.xlsx'), store.serialize());
      execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, path.join(dir, 'out.xlsx')], { stdio: 'ignore', timeout: 110_000 });
      expect(fs.readFileSync(path.join(dir, 'out.csv'), 'utf8').trim().split(/\r?\n/)).toEqual(['source,target,notes', 'Apple,Jablko,fruit', 'Pear,"Say ""hi"" & <b>bye</b>, 日本語",', 'Plum,Švestka,']);
    });
  });

  it('escapes what XML cannot hold the OOXML way', () => {
    expect(escapeOoxml('a\rb\u0001c\uffff')).toBe('a_x000D_b_x0001_c_xFFFF_');
    expect(escapeOoxml('keep _x0041_ literal')).toBe('keep _x005F_x0041_ literal');
    expect(escapeOoxml('tab\tand\nnewline')).toBe('tab\tand\nnewline');
    expect(sheetNameFor('a/b:c [x]? and a very long name beyond')).toBe('a_b_c _x__ and a very long name');
  });

  it('creates a workbook with the translate-toolkit header row and the template units', () => {
    const template = xlsxFormat.parse(source());
    const created = xlsxFormat.create({ language: 'de', template });
    const back = xlsxFormat.parse(created.serialize());
    expect(back.units.map((u) => [u.source[0], u.target[0], u.comment])).toEqual([
      ['Apple', '', 'fruit'],
      ['Pear', '', ''],
    ]);
    const grid = readFirstSheet(created.serialize());
    expect(grid.sheetName).toBe('de');
    expect(grid.rows[0]!.cells).toEqual(['location', 'source', 'target', 'id', 'fuzzy', 'context', 'translator_comments', 'developer_comments']);
  });
});
