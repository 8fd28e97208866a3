// The shared format contract run on String Catalogs, once per language view: handcrafted samples and the real files in test/fixtures/xcstrings.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import type { ParseOptions } from '../format.js';
import { xcstringsFormat } from './xcstrings.format.js';
import { CATALOG } from './samples.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/xcstrings');
const CS: ParseOptions = { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] };
const EN: ParseOptions = { language: 'en', pluralCategories: ['one', 'other'] };
/** A language each real catalogue has besides its source language. */
const OTHER_LANGUAGE: Record<string, string> = { 'cse.xcstrings': 'de', 'cubetime.xcstrings': 'zh-Hans', 'locize-example.xcstrings': 'de' };

describeFormatContract({
  format: xcstringsFormat,
  samples: [
    { name: 'Czech view: states, plural, device and device-plural variations, substitutions', units: 6, options: CS, bytes: CATALOG },
    { name: 'English (source) view: keys without a source localization read as their key', units: 6, options: EN, bytes: CATALOG },
  ],
  plural: { sample: 0, unit: 0 },
  newUnit: { key: 'contract.new', context: 'contract.new', source: ['Brand new'], target: ['Zcela nový'], note: 'Added by the contract' },
  malformed: [
    { name: 'no strings object', bytes: '{\n  "sourceLanguage" : "en",\n  "version" : "1.0"\n}\n' },
    { name: 'unterminated', bytes: '{\n  "sourceLanguage" : "en",\n  "strings" : {\n', expectLine: true },
    { name: 'an array', bytes: '[\n]\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureOptions: (file) => ({ language: OTHER_LANGUAGE[path.basename(file)] ?? 'de', pluralCategories: ['one', 'other'] }),
});

describeFormatContract({
  format: xcstringsFormat,
  samples: [],
  malformed: [],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureOptions: () => EN,
});
