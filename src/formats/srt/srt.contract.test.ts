// The shared format contract run on SubRip: handcrafted samples and the real files in test/fixtures/srt.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { srtFormat } from './srt.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/srt');

describeFormatContract({
  format: srtFormat,
  samples: [
    {
      name: 'numbered cues, two-line text, an empty cue',
      units: 3,
      bytes:
        '1\n00:00:01,000 --> 00:00:04,000\nAhoj, <i>světe</i>!\n\n2\n00:00:05,000 --> 00:00:07,500\nPrvní řádek titulku\ndruhý řádek titulku\n\n' +
        '3\n00:00:08,000 --> 00:00:09,000\n\n',
    },
    { name: 'CRLF with a byte order mark', units: 2, bytes: '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nJedna věta\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nDruhá věta tady\r\n' },
  ],
  newUnit: { key: '00:01:00,000 --> 00:01:02,000', context: '00:01:00,000 --> 00:01:02,000', source: ['Brand new'], target: ['Zcela nový'] },
  malformed: [
    { name: 'text before any cue', bytes: 'Hello\nworld\n', expectLine: true },
    { name: 'a broken timing', bytes: '1\n00:00:01,000 -> 00:00:02,000\nText\n', expectLine: true },
    { name: 'not UTF-8', bytes: new Uint8Array([0x31, 0x0a, 0xff, 0xfe, 0x0a]) },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
