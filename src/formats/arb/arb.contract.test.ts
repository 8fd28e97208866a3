// The shared format contract run on Flutter ARB files and the real-world ones.
import { describeFormatContract } from '../contract/format-contract.js';
import { arbFormat } from './arb.format.js';

describeFormatContract({
  format: arbFormat,
  samples: [
    {
      name: 'locale, metadata, placeholders and an ICU plural',
      units: 3,
      bytes:
        '{\n    "@@locale": "cs",\n    "@@last_modified": "2021-08-14 12:41:10.156221",\n    "hugContent": "{senderName} tě objímá",\n' +
        '    "@hugContent": {\n        "description": "Hug notification",\n        "type": "String",\n        "placeholders": {\n            "senderName": {\n                "type": "String"\n            }\n        }\n    },\n' +
        '    "countFiles": "{count, plural, =0{žádný soubor} one{{count} soubor} few{{count} soubory} other{{count} souborů}}",\n' +
        '    "@countFiles": {\n        "type": "String",\n        "placeholders": {\n            "count": {\n                "type": "int"\n            }\n        }\n    },\n' +
        '    "darkTheme": "Tmavý"\n}',
    },
  ],
  newUnit: { key: 'contractNewKey', context: 'contractNewKey', source: ['Brand new'], target: ['Zcela nový'], note: 'Added by the contract' },
  malformed: [
    { name: 'unterminated metadata object', bytes: '{\n    "a": "x",\n    "@a": {\n        "description": "d"\n', expectLine: true },
    { name: 'bad literal', bytes: '{\n    "a": nul\n}\n', expectLine: true },
  ],
  fixtures: ['arb'],
});
