// The shared format contract run on Mozilla DTD files: handcrafted samples and the real files in test/fixtures/dtd.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { dtdFormat } from './dtd.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/dtd');

const SAMPLE =
  '<!-- This Source Code Form is subject to the terms of the Mozilla Public License. -->\n\n' +
  '<!ENTITY % brandDTD SYSTEM "chrome://branding/locale/brand.dtd">\n%brandDTD;\n\n' +
  '<!-- LOCALIZATION NOTE (window.title): &brandShortName; is the product name. -->\n' +
  '<!ENTITY window.title "&brandShortName; – Nastavení">\n' +
  "<!ENTITY quote.label 'Řekl \"ahoj\" a odešel'>\n" +
  '<!ENTITY percent.label "100&#037; hotovo &quot;teď&quot;">\n' +
  '<!ENTITY multi.label    "První řádek\n  druhý řádek">\n';

describeFormatContract({
  format: dtdFormat,
  samples: [
    { name: 'comments, parameter entities, both quotes, references', bytes: SAMPLE, units: 4 },
    { name: 'CRLF without final newline', bytes: '<!ENTITY a "Alpha">\r\n<!ENTITY b "Beta">', units: 2 },
  ],
  malformed: [
    { name: 'unterminated value', bytes: '<!ENTITY a "ok">\n<!ENTITY b "broken>\n', expectLine: true },
    { name: 'unclosed comment', bytes: '<!ENTITY a "ok">\n<!-- never closed\n', expectLine: true },
    { name: 'stray text', bytes: '<!ENTITY a "ok">\nhello\n', expectLine: true },
    { name: 'duplicate entity', bytes: '<!ENTITY a "one">\n<!ENTITY a "two">\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
