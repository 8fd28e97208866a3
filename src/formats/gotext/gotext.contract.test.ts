// The shared format contract run on gotext JSON: handcrafted samples and WireGuard for Windows' catalogs.
import path from 'node:path';
import { describeFormatContract, languageOptions, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { gotextFormat } from './gotext.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/gotext');
const file = (lang: string) => path.join(FIXTURES, `wireguard-windows/${lang}/messages.gotext.json`);

/** A Czech catalog whose plural lacks "few" and "many". */
const CS_PARTIAL = JSON.stringify(
  {
    language: 'cs',
    messages: [
      {
        id: '{N} file(s)',
        message: '{N} file(s)',
        translation: { select: { feature: 'plural', arg: 'N', cases: { one: { msg: '{N} soubor' }, other: { msg: '{N} souborů' } } } },
        placeholders: [{ id: 'N', string: '%[1]d', type: 'int', underlyingType: 'int', argNum: 1, expr: 'n' }],
      },
      { id: 'Close', message: 'Close', translation: 'Zavřít' },
    ],
  },
  null,
  '    ',
) + '\n';

describeFormatContract({
  format: gotextFormat,
  samples: [
    {
      name: 'singular, plural, comment and untranslated messages',
      units: 3,
      options: languageOptions(gotextFormat, 'cs'),
      bytes: CS_PARTIAL.replace(
        '"translation": "Zavřít"\n        }',
        '"translation": "Zavřít",\n            "translatorComment": "Button label"\n        },\n        {\n            "id": "Open",\n            "message": "Open",\n            "translation": ""\n        }',
      ),
    },
    { name: 'id list and Go escapes', units: 1, bytes: '{\n    "language": "de",\n    "messages": [\n        {\n            "id": ["Hello \\u003cb\\u003e", "Hello"],\n            "message": "Hello \\u003cb\\u003e",\n            "translation": "Hallo \\u003cb\\u003e \\u0026 mehr"\n        }\n    ]\n}' },
  ],
  plural: { sample: 0, unit: 0 },
  malformed: [
    { name: 'messages is not an array', bytes: '{\n  "language": "de",\n  "messages": {}\n}\n', expectLine: true },
    { name: 'unterminated string', bytes: '{\n  "language": "de",\n  "messages": [{"id": "x\n]}\n', expectLine: true },
    { name: 'array at the top level', bytes: '[]\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, path.join(FIXTURES, 'wireguard-windows'))],
  fixtureOptions: (f) => languageOptions(gotextFormat, path.basename(path.dirname(f))),
  pluralCases: [
    { name: 'Czech catalog without few and many', language: 'cs', bytes: CS_PARTIAL },
    { name: 'WireGuard ru', language: 'ru', file: file('ru') },
    { name: 'WireGuard de', language: 'de', file: file('de') },
  ],
});
