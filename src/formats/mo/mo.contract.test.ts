// The shared format contract run on gettext MO: files Parla compiled, and real catalogues in test/fixtures/mo.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { moFormat } from './mo.format.js';
import { CS_MO, moOf } from './samples.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/mo');

describeFormatContract({
  format: moFormat,
  samples: [
    { name: 'Czech catalogue compiled by Parla: context and a plural', units: 4, bytes: CS_MO },
    { name: 'one string, header with the charset only', units: 1, bytes: moOf('Content-Type: text/plain; charset=UTF-8\n', [['Hello', 'Ahoj světe, jak se máš']]) },
  ],
  // Strings are sorted by their original: "%d file" comes first.
  plural: { sample: 0, unit: 0 },
  // MO keeps its strings sorted: a new source that sorts after the others is also read back last.
  newUnit: { key: '', context: '', source: ['~ brand new'], target: ['Zcela nový'] },
  malformed: [
    { name: 'too short', bytes: new Uint8Array([0xde, 0x12, 0x04]) },
    { name: 'bad magic', bytes: Buffer.alloc(40, 1) },
    { name: 'a table past the end', bytes: (() => { const b = Buffer.from(CS_MO); b.writeUInt32LE(0xfffff0, 16); return b; })() },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  // msgfmt's files carry a hash table and msgfmt's order of strings; Parla rewrites them in its own layout.
  rewriteFilter: () => false,
  regenerates: true,
});
