// The shared format contract run on Laravel PHP language files and on real ones from BookStack.
import path from 'node:path';
import { describeFormatContract, languageOptions, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { laravelFormat } from './laravel.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/laravel');
const RU = languageOptions(laravelFormat, 'ru');

const NESTED = `<?php

/*
 * Validation lines
 */
return [
    // Shown when a field is missing
    'required' => 'The :attribute field is required.',
    'between' => [
        'numeric' => "The :attribute must be between :min and :max.",
        'string' => 'The :attribute must be between :min and :max characters.',
    ],
    'apples' => 'There is one apple|There are many apples',
    'ranges' => '{0} No comments|{1} One comment|[2,*] :count comments',
    'it' => 'It\\'s ' . 'joined',
];
`;

const ARRAY_SYNTAX = "<?php\nreturn array(\n  'title' => 'Titre',\n  'count' => ':count élément|:count éléments'\n);\n";

describeFormatContract({
  format: laravelFormat,
  samples: [
    { name: 'nested keys, comments, plurals and concatenation', bytes: NESTED, units: 6 },
    { name: 'array() without trailing comma', bytes: ARRAY_SYNTAX, units: 2 },
    { name: 'CRLF one-line array', bytes: "<?php\r\nreturn ['a' => 'Alpha text', 'b' => 'Beta text'];\r\n", units: 2 },
  ],
  plural: { sample: 0, unit: 3 },
  malformed: [
    { name: 'syntax error', bytes: "<?php\nreturn [\n  'a' => 'x'\n  'b' => 'y',\n];\n", expectLine: true },
    { name: 'unterminated string', bytes: "<?php\nreturn ['a' => 'x];\n" },
    { name: 'not PHP', bytes: 'just some text\n' },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureOptions: (file) => (file.includes('/ru/') ? RU : languageOptions(laravelFormat, 'en')),
  pluralCases: [
    { name: 'BookStack ru/settings.php (two forms of three)', language: 'ru', file: path.join(FIXTURES, 'bookstack/ru/settings.php') },
    { name: 'BookStack ru/entities.php', language: 'ru', file: path.join(FIXTURES, 'bookstack/ru/entities.php') },
  ],
  createOptions: { language: 'ru' },
});
