// The shared format contract run on plain PHP translation files and on real ones (Roundcube, DokuWiki).
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { phpFormat } from './php.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/php');

const ASSIGNMENTS = `<?php
/**
 * Language file
 */
$lang['encoding'] = 'utf-8';
// Button label
$lang['btn_edit']  = 'Edit this page';
$lang['js']['willexpire'] = "Your lock expires in a minute.\\nPress \\"preview\\".";
define('GREETING', 'Hello there');
`;

const ARRAYS = "<?php\n$LANG = array(\n    'title' => 'Titre',\n    'menu' => array('open' => 'Ouvrir'),\n);\n";

describeFormatContract({
  format: phpFormat,
  samples: [
    { name: 'assignments, nested offsets, define()', bytes: ASSIGNMENTS, units: 4 },
    { name: 'assigned array()', bytes: ARRAYS, units: 2 },
    { name: 'returned array', bytes: "<?php\n\nreturn [\n    'a' => 'Alpha text',\n    'b' => 'Beta text',\n];\n", units: 2 },
  ],
  malformed: [
    { name: 'syntax error', bytes: "<?php\n$lang['a'] = 'x'\n$lang['b'] = 'y';\n", expectLine: true },
    { name: 'unterminated string', bytes: "<?php\n$lang['a'] = \"x;\n" },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureFilter: (file) => /\.(php|inc)$/.test(file),
});
