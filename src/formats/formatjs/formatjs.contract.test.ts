// The shared format contract run on FormatJS JSON: handcrafted samples and the real files in test/fixtures/formatjs.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { formatjsFormat } from './formatjs.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/formatjs');

describeFormatContract({
  format: formatjsFormat,
  samples: [
    {
      name: 'extracted descriptors with descriptions and an ICU plural',
      units: 3,
      bytes:
        '{\n  "hak27d": {\n    "defaultMessage": "Ovládací panel",\n    "description": "title of control panel section"\n  },\n' +
        '  "files": {\n    "defaultMessage": "{count, plural, one {# soubor} few {# soubory} other {# souborů}}",\n    "description": "file count"\n  },\n' +
        '  "explicit-id": {\n    "defaultMessage": "Potvrdit heslo"\n  }\n}\n',
    },
    { name: 'compiled messages', units: 2, bytes: '{\n  "greeting": "Ahoj {name}",\n  "bye": "Na shledanou a brzy nashledanou"\n}\n' },
  ],
  newUnit: { key: 'contract.new', context: 'contract.new', source: ['Brand new'], target: ['Zcela nový'], note: 'Added by the contract' },
  malformed: [
    { name: 'unterminated descriptor', bytes: '{\n  "a": {\n    "defaultMessage": "x"\n', expectLine: true },
    { name: 'array at the top level', bytes: '[\n  "a"\n]\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
