// The shared format contract run on i18next v4 JSON (the real-world files use v4 suffixes) and v3.
import path from 'node:path';
import { describeFormatContract, languageOptions, PLURAL_FIXTURES_DIR } from '../contract/format-contract.js';
import type { ParseOptions } from '../format.js';
import { i18nextFormat, i18nextV4Format } from './i18next.format.js';

const CS = languageOptions(i18nextV4Format, 'cs');
const CS_V3 = languageOptions(i18nextFormat, 'cs');

/** Language and plural categories from the locale folder (frigate/<lang>/common.json). */
function optionsFromPath(file: string): ParseOptions {
  return languageOptions(i18nextV4Format, path.basename(path.dirname(file)));
}

describeFormatContract({
  format: i18nextV4Format,
  samples: [
    {
      name: 'nested keys, interpolation and v4 plurals',
      units: 5,
      options: CS,
      bytes:
        '{\n  "time": {\n    "ago": "před {{timeAgo}}",\n    "year_one": "{{count}} rok",\n    "year_few": "{{count}} roky",\n    "year_other": "{{count}} let",\n' +
        '    "day_one": "{{count}} den",\n    "day_other": "{{count}} dní"\n  },\n  "menu": {\n    "save": "Uložit \\"vše\\""\n  },\n  "5minutes": "5 minut"\n}\n',
    },
    { name: 'English plurals', units: 2, bytes: '{\n  "item_one": "One item",\n  "item_other": "{{count}} items",\n  "title": "Title text"\n}\n' },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [
    { name: 'unclosed object', bytes: '{\n  "a": {\n    "b": "x"\n  }\n', expectLine: true },
    { name: 'top level array', bytes: '[]\n', expectLine: true },
  ],
  fixtures: ['i18next'],
  fixtureOptions: optionsFromPath,
  pluralCases: [
    ...['ru', 'uk', 'pl'].map((language) => ({ name: `frigate ${language}`, language, file: path.join(PLURAL_FIXTURES_DIR, `i18next/frigate/${language}/common.json`) })),
    { name: 'frigate he', language: 'he', file: 'i18next/frigate/he/common.json' },
  ],
});

describeFormatContract({
  format: i18nextFormat,
  samples: [
    {
      name: 'v3 key/key_plural',
      units: 3,
      bytes: '{\n  "item": "One item",\n  "item_plural": "{{count}} items",\n  "nested": {\n    "step_1": "First step",\n    "title": "Title text"\n  }\n}\n',
    },
    {
      name: 'v3 numbered forms',
      units: 2,
      options: CS_V3,
      bytes: '{\n  "file_0": "{{count}} soubor",\n  "file_1": "{{count}} soubory",\n  "file_2": "{{count}} souborů",\n  "title": "Nadpis"\n}\n',
    },
  ],
  plural: { sample: 1, unit: 0 },
  malformed: [{ name: 'missing value', bytes: '{\n  "a": \n}\n', expectLine: true }],
});
