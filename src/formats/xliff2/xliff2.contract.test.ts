// The shared format contract run on XLIFF 2 samples and the real-world XLIFF 2 files.
import { describeFormatContract } from '../contract/format-contract.js';
import { XLIFF2_SAMPLE } from './samples.js';
import { xliff2Format } from './xliff2.format.js';

describeFormatContract({
  format: xliff2Format,
  samples: [
    { name: 'names, notes, groups, states, CDATA, segments', units: 6, bytes: XLIFF2_SAMPLE },
    {
      name: 'empty file element, CRLF',
      units: 0,
      bytes: '<?xml version="1.0"?>\r\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="de">\r\n<file id="f"/>\r\n</xliff>',
    },
  ],
  malformed: [
    { name: 'unclosed unit', bytes: '<xliff version="2.0">\n<file id="f">\n<unit id="a">\n<segment><source>x</source></segment>\n</file></xliff>', expectLine: true },
    { name: 'XLIFF 1.2 root', bytes: '<?xml version="1.0"?>\n<xliff version="1.2"/>', expectLine: true },
    { name: 'billion laughs', bytes: '<!DOCTYPE xliff [\n<!ENTITY a "aaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;">\n]>\n<xliff version="2.0">&b;</xliff>', expectLine: true },
  ],
  fixtures: ['xliff2'],
});
