// The shared format contract run on XLSX translation tables (shared-string and inline-string workbooks).
import { zipSync } from '../../shared/zip-writer.js';
import { describeFormatContract } from '../contract/format-contract.js';
import { buildWorkbook } from './test-workbooks.js';
import { xlsxFormat } from './xlsx.format.js';

const TTK_COLUMNS = ['location', 'source', 'target', 'id', 'fuzzy', 'context', 'translator_comments', 'developer_comments'];

describeFormatContract({
  format: xlsxFormat,
  samples: [
    {
      name: 'Weblate columns in shared strings (openpyxl layout)',
      units: 3,
      bytes: buildWorkbook({
        shared: true,
        rows: [
          TTK_COLUMNS,
          ['src/main.c:10', 'Open %s', 'Otevřít %s', null, 'False', 'menu', 'Check the accelerator', 'Shown in the File menu'],
          ['src/main.c:20', 'Say "hi", then\nleave', 'Řekni „ahoj“, pak\nodejdi', null, 'False', null, null, null],
          [null, 'Close the window now', 'Zavřít okno hned teď', 'close', 'True', null, null, null],
        ],
      }),
    },
    {
      name: 'source/target inline strings with a second sheet',
      units: 2,
      bytes: buildWorkbook({
        rows: [['source', 'target', 'context'], ['Hello, world', 'Ahoj, světe', 'greeting'], ['Count: 3', 'Počet: 3', 'count']],
        secondSheet: [['not', 'read'], ['this sheet', 'is ignored']],
      }),
    },
  ],
  malformed: [
    { name: 'not a ZIP archive', bytes: 'source,target\nA,B\n' },
    { name: 'a ZIP without a workbook', bytes: zipSync([{ name: 'readme.txt', data: Buffer.from('hello') }]) },
    {
      name: 'broken worksheet XML',
      bytes: buildWorkbook({ rows: [], rawSheet: '<?xml version="1.0"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\n<sheetData>\n<row r="1"><c r="A1" t="inlineStr"><is><t>source</t></is></c>\n</sheetData></worksheet>' }),
      expectLine: true,
    },
  ],
});
