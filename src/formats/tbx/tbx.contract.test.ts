// The shared format contract run on TBX samples and the real-world TBX glossaries.
import { describeFormatContract } from '../contract/format-contract.js';
import { TBX3_SAMPLE, TBX_SAMPLE } from './samples.js';
import { tbxFormat } from './tbx.format.js';

describeFormatContract({
  format: tbxFormat,
  samples: [
    { name: 'martif with notes, flags and a third language', units: 3, bytes: TBX_SAMPLE, options: { language: 'cs' } },
    { name: 'TBX v3 conceptEntry/langSec/termSec', units: 1, bytes: TBX3_SAMPLE },
  ],
  malformed: [
    { name: 'unclosed termEntry', bytes: '<martif>\n<text><body>\n<termEntry>\n</body></text></martif>', expectLine: true },
    { name: 'external entity', bytes: '<?xml version="1.0"?>\n<!DOCTYPE martif [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<martif>&xxe;</martif>', expectLine: true },
    { name: 'not TBX', bytes: '<?xml version="1.0"?>\n<TS/>', expectLine: true },
  ],
  fixtures: ['tbx'],
  fixtureOptions: () => ({ language: 'cs' }),
});
