// ARB specifics: "@key" metadata as note, "@@" globals as header, ICU plurals kept as one string.
import { describe, expect, it } from 'vitest';
import { arbFormat } from './arb.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const FILE =
  '{\n    "@@locale": "lv",\n    "countParticipants": "{count, plural, zero{{count} dalībnieku} one{{count} dalībnieks} other{{count} dalībnieki}}",\n' +
  '    "@countParticipants": {\n        "description": "Participant count",\n        "type": "String",\n        "placeholders": {\n            "count": {\n                "type": "int"\n            }\n        }\n    },\n' +
  '    "darkTheme": "Tumšs"\n}\n';

describe('ARB', () => {
  it('keeps ICU plural messages as one unit and reads descriptions as notes', () => {
    const store = arbFormat.parse(Buffer.from(FILE));
    expect(store.units.map((u) => [u.key, u.target.length, u.note])).toEqual([
      ['countParticipants', 1, 'Participant count'],
      ['darkTheme', 1, ''],
    ]);
    expect(store.header).toEqual({ '@@locale': 'lv' });
  });

  it('removes a unit together with its metadata and adds one with a description', () => {
    const store = arbFormat.parse(Buffer.from(FILE));
    store.removeUnit(0);
    store.addUnit({ key: 'lightTheme', source: ['lightTheme'], target: ['Gaišs'], note: 'Theme name' });
    expect(out(store)).toBe(
      '{\n    "@@locale": "lv",\n    "darkTheme": "Tumšs",\n    "lightTheme": "Gaišs",\n    "@lightTheme": {\n        "description": "Theme name"\n    }\n}\n',
    );
  });

  it('sets header entries in place or next to the other globals', () => {
    const store = arbFormat.parse(Buffer.from(FILE));
    store.setHeader('@@locale', 'lv_LV');
    store.setHeader('last_modified', '2024-01-01');
    expect(out(store)).toBe(FILE.replace('"@@locale": "lv",', '"@@locale": "lv_LV",\n    "@@last_modified": "2024-01-01",'));
  });

  it('creates a file holding only @@locale', () => {
    const store = arbFormat.create({ language: 'pt_BR' });
    expect(out(store)).toBe('{\n    "@@locale": "pt_BR"\n}\n');
    expect(store.units).toHaveLength(0);
  });
});
