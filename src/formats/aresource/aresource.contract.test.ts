// The shared format contract run on Android strings.xml and the real Etar and NewPipe resources.
import path from 'node:path';
import { describeFormatContract, languageOptions, PLURAL_FIXTURES_DIR } from '../contract/format-contract.js';
import { aresourceFormat } from './aresource.format.js';

/** The language of a values-xx folder. */
function languageOf(file: string): string {
  const folder = path.basename(path.dirname(file));
  return folder === 'values' ? 'en' : folder.slice('values-'.length).replace(/-r/, '_');
}

const STRINGS = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <!-- Title of the main screen [CHAR LIMIT=30] -->
    <string name="app_title">Calendar</string>
    <string name="version" translatable="false">1.0</string>
    <string name="greeting">"Hello, <xliff:g id="name">%1$s</xliff:g>!"</string>
    <string name="escapes">Don\\'t say \\"no\\"\\nNew line &amp; more</string>
    <plurals name="minutes">
        <item quantity="one">1 minute</item>
        <item quantity="few"><xliff:g id="count">%d</xliff:g> minuty</item>
        <item quantity="other"><xliff:g id="count">%d</xliff:g> minut</item>
    </plurals>
    <string-array name="colors">
        <item>Red colour</item>
        <item>@string/app_title</item>
    </string-array>
    <string name="empty"/>
</resources>
`;

describeFormatContract({
  format: aresourceFormat,
  samples: [
    { name: 'strings, plurals, arrays, comments, escapes', units: 7, bytes: STRINGS, options: { pluralCategories: ['one', 'few', 'other'] } },
    { name: 'empty resources', units: 0, bytes: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n</resources>\n' },
  ],
  plural: { sample: 0, unit: 3 },
  malformed: [
    { name: 'unclosed string', bytes: '<resources>\n  <string name="a">text\n</resources>\n', expectLine: true },
    { name: 'undefined entity', bytes: '<resources>\n  <string name="a">&nbsp;</string>\n</resources>\n', expectLine: true },
    { name: 'not a resources file', bytes: '<?xml version="1.0"?>\n<manifest package="x"/>\n', expectLine: true },
    { name: 'entity declaration', bytes: '<?xml version="1.0"?>\n<!DOCTYPE resources [<!ENTITY a "aaaa">]>\n<resources/>\n', expectLine: true },
  ],
  fixtures: ['aresource'],
  fixtureOptions: (file) => languageOptions(aresourceFormat, languageOf(file)),
  pluralCases: [
    ...['ru', 'uk', 'pl'].map((language) => ({ name: `Etar values-${language}`, language, file: path.join(PLURAL_FIXTURES_DIR, `aresource/etar-calendar/values-${language}/strings.xml`) })),
    { name: 'Etar values-cs', language: 'cs', file: 'aresource/etar-calendar/values-cs/strings.xml' },
    { name: 'Etar values-ar (six forms)', language: 'ar', file: 'aresource/etar-calendar/values-ar/strings.xml' },
    { name: 'NewPipe values-he', language: 'he', file: 'aresource/newpipe/values-he/strings.xml' },
  ],
});
