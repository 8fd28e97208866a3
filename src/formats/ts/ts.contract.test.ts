// The shared format contract run on Qt Linguist samples and the real-world .ts files.
import path from 'node:path';
import { describeFormatContract } from '../contract/format-contract.js';
import type { ParseOptions } from '../format.js';
import { CS, TS_SAMPLE, TS_TRANSIFEX } from './samples.js';
import { tsFormat } from './ts.format.js';

const PLURALS: Record<string, string[]> = {
  cs: ['one', 'few', 'many', 'other'], // Transifex/Qt give Czech four forms
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
  he: ['one', 'other'],
};

function optionsFromPath(file: string): ParseOptions {
  const lang = /_([a-z]{2})\.ts$/.exec(path.basename(file))?.[1];
  return lang && PLURALS[lang] ? { language: lang, pluralCategories: PLURALS[lang] } : {};
}

describeFormatContract({
  format: tsFormat,
  samples: [
    { name: 'contexts, comments, numerus, unfinished, vanished', units: 4, bytes: TS_SAMPLE, options: CS },
    { name: 'Transifex layout', units: 3, bytes: TS_TRANSIFEX, options: CS },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [
    { name: 'mismatched tag', bytes: '<TS>\n<context>\n<name>x</name>\n<message><source>a</translation></message>\n</context>\n</TS>', expectLine: true },
    { name: 'context without name', bytes: '<TS>\n<context>\n<message><source>a</source></message>\n</context>\n</TS>', expectLine: true },
    { name: 'not a TS file', bytes: '<?xml version="1.0"?>\n<resources/>', expectLine: true },
  ],
  fixtures: ['ts'],
  fixtureOptions: optionsFromPath,
  pluralCases: [
    { name: 'KeePassXC cs (four forms, as Transifex writes Czech)', language: 'cs', file: 'ts/keepassxc/keepassxc_cs.ts' },
    { name: 'KeePassXC ar (six forms)', language: 'ar', file: 'ts/keepassxc/keepassxc_ar.ts' },
    { name: 'PCManFM-Qt he', language: 'he', file: 'ts/pcmanfm-qt/pcmanfm-qt_he.ts' },
    {
      name: 'a numerus message with fewer forms than the language has',
      language: 'ru',
      bytes:
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="ru">\n<context>\n    <name>Main</name>\n' +
        '    <message numerus="yes">\n        <source>%n file(s)</source>\n        <translation>\n            <numerusform>%n файл</numerusform>\n            <numerusform>%n файла</numerusform>\n        </translation>\n    </message>\n' +
        '    <message>\n        <source>Close</source>\n        <translation>Закрыть</translation>\n    </message>\n</context>\n</TS>\n',
    },
  ],
});
