// i18next specifics: v4 CLDR plural suffixes mapped by the language's categories, v3 key_plural and key_N forms.
import { describe, expect, it } from 'vitest';
import { i18nextFormat, i18nextV4Format } from './i18next.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const RU = { language: 'ru', pluralCategories: ['one', 'few', 'many'] };
const CS = { language: 'cs', pluralCategories: ['one', 'few', 'other'] };

describe('i18next v4', () => {
  const FILE = '{\n  "time": {\n    "yr": "{{time}} л",\n    "year_one": "{{time}} год",\n    "year_few": "{{time}} года",\n    "year_many": "{{time}} лет",\n    "5minutes": "5 минут"\n  }\n}\n';

  it('groups key_<category> members into one plural unit in the language\'s category order', () => {
    const store = i18nextV4Format.parse(Buffer.from(FILE), RU);
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['time.yr', ['{{time}} л']],
      ['time.year', ['{{time}} год', '{{time}} года', '{{time}} лет']],
      ['time.5minutes', ['5 минут']],
    ]);
  });

  it('reads missing categories as empty and adds them before later forms when written', () => {
    const store = i18nextV4Format.parse(Buffer.from('{\n  "item_other": "{{count}} položek",\n  "x": "y"\n}\n'), CS);
    expect(store.units[0]!.target).toEqual(['', '', '{{count}} položek']);
    store.updateUnit(0, { target: ['{{count}} položka', '', '{{count}} položek'] });
    expect(out(store)).toBe('{\n  "item_one": "{{count}} položka",\n  "item_other": "{{count}} položek",\n  "x": "y"\n}\n');
  });

  it('writes only the language\'s categories and keeps the others', () => {
    const file = '{\n  "day_one": "{{count}} день",\n  "day_other": "{{count}} дня"\n}\n';
    const store = i18nextV4Format.parse(Buffer.from(file), RU);
    expect(store.units[0]!.target).toEqual(['{{count}} день', '', '']);
    store.updateUnit(0, { target: ['{{count}} день', '{{count}} дня', '{{count}} дней'] });
    expect(out(store)).toBe('{\n  "day_one": "{{count}} день",\n  "day_few": "{{count}} дня",\n  "day_many": "{{count}} дней",\n  "day_other": "{{count}} дня"\n}\n');
    store.removeUnit(0);
    expect(out(store)).toBe('{}\n');
  });

  it('adds a plural unit with every form of the language in nested objects', () => {
    const store = i18nextV4Format.parse(Buffer.from('{\n  "time": {\n    "ago": "před {{timeAgo}}"\n  }\n}\n'), CS);
    store.addUnit({ key: 'time.hour', source: ['{{count}} hour', '{{count}} hours'], target: ['{{count}} hodina', '{{count}} hodiny', '{{count}} hodin'] });
    expect(out(store)).toBe(
      '{\n  "time": {\n    "ago": "před {{timeAgo}}",\n    "hour_one": "{{count}} hodina",\n    "hour_few": "{{count}} hodiny",\n    "hour_other": "{{count}} hodin"\n  }\n}\n',
    );
  });
});

describe('i18next v3', () => {
  it('reads key and key_plural as the two forms of a two-form language', () => {
    const store = i18nextFormat.parse(Buffer.from('{\n  "key": "item",\n  "key_plural": "items",\n  "step_1": "First"\n}\n'));
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['key', ['item', 'items']],
      ['step_1', ['First']],
    ]);
  });

  it('uses key_0, key_1, ... for other languages', () => {
    const store = i18nextFormat.parse(Buffer.from('{\n  "file_0": "soubor",\n  "file_2": "souborů"\n}\n'), CS);
    expect(store.units[0]!.target).toEqual(['soubor', '', 'souborů']);
    store.updateUnit(0, { target: ['soubor', 'soubory', 'souborů'] });
    expect(out(store)).toBe('{\n  "file_0": "soubor",\n  "file_1": "soubory",\n  "file_2": "souborů"\n}\n');
  });
});
