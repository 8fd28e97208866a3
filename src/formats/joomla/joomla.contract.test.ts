// The shared format contract run on Joomla language files and on real ones from the Web Links extension.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { joomlaFormat } from './joomla.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/joomla');

const SAMPLE = `; Joomla! Project
; Note : All ini files need to be saved as UTF-8

; The component name
COM_EXAMPLE="Example"
COM_EXAMPLE_QUOTED="Set to "_QQ_"Yes"_QQ_" to count clicks."
COM_EXAMPLE_N_ITEMS="%d items"
`;

describeFormatContract({
  format: joomlaFormat,
  samples: [
    { name: 'comments and "_QQ_" quotes', bytes: SAMPLE, units: 3 },
    { name: 'backslash-escaped quotes', bytes: 'A="Say \\"hi\\""\nB="Beta text"\n', units: 2 },
    { name: 'CRLF and no final newline', bytes: 'A="Alpha text"\r\nB="Beta text"', units: 2 },
  ],
  malformed: [
    { name: 'line without =', bytes: 'A="x"\nB\n', expectLine: true },
    { name: 'entry without a key', bytes: 'A="x"\n="y"\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
