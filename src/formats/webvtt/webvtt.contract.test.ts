// The shared format contract run on WebVTT: handcrafted samples and the real files in test/fixtures/webvtt.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { webvttFormat } from './webvtt.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/webvtt');

describeFormatContract({
  format: webvttFormat,
  samples: [
    {
      name: 'header, style, notes, identifiers and settings',
      units: 3,
      bytes:
        'WEBVTT - Czech subtitles\n\nSTYLE\n::cue { color: yellow }\n\nNOTE the greeting\n\nintro\n00:01.000 --> 00:04.000 align:start line:0\n<v Roger>Ahoj, světe!\n\n' +
        '00:05.000 --> 00:07.500\nPrvní řádek titulku\ndruhý řádek titulku\n\n01:00:08.000 --> 01:00:09.000\n',
    },
    { name: 'CRLF with a byte order mark', units: 1, bytes: '\uFEFFWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nJedna věta tady\r\n' },
  ],
  newUnit: { key: '00:01:00.000 --> 00:01:02.000', context: '00:01:00.000 --> 00:01:02.000', source: ['Brand new'], target: ['Zcela nový'] },
  malformed: [
    { name: 'no signature', bytes: '00:01.000 --> 00:02.000\nText\n', expectLine: true },
    { name: 'a broken timing', bytes: 'WEBVTT\n\n00:01.000 --> 2 seconds\nText\n', expectLine: true },
    { name: 'a block that is no cue', bytes: 'WEBVTT\n\njust text\nmore text\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
