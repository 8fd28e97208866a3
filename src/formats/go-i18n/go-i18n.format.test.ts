// go-i18n specifics: v1 translation objects and v2 message objects with plural categories.
import { describe, expect, it } from 'vitest';
import { goI18nJsonFormat, goI18nJsonV2Format } from './go-i18n.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const CS = { language: 'cs', pluralCategories: ['one', 'few', 'other'] };

describe('go-i18n v1', () => {
  const FILE = '[\n  {\n    "id": "d_days",\n    "translation": {\n      "one": "{{.Count}} den",\n      "other": "{{.Count}} dní"\n    }\n  },\n  {\n    "id": "empty"\n  }\n]\n';

  it('maps plural translation objects by category', () => {
    const store = goI18nJsonFormat.parse(Buffer.from(FILE), CS);
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['d_days', ['{{.Count}} den', '', '{{.Count}} dní']],
      ['empty', ['']],
    ]);
    store.updateUnit(0, { target: ['{{.Count}} den', '{{.Count}} dny', '{{.Count}} dní'] });
    store.updateUnit(1, { target: ['Prázdné'] });
    expect(out(store)).toBe(
      FILE.replace('"one": "{{.Count}} den",\n', '"one": "{{.Count}} den",\n      "few": "{{.Count}} dny",\n').replace('"id": "empty"\n', '"id": "empty",\n    "translation": "Prázdné"\n'),
    );
  });

  it('creates an empty array and appends id/translation objects', () => {
    const store = goI18nJsonFormat.create({ language: 'cs' });
    store.addUnit({ key: 'hello', source: ['hello'], target: ['Ahoj'] });
    expect(out(store)).toBe('[\n    {\n        "id": "hello",\n        "translation": "Ahoj"\n    }\n]\n');
  });
});

describe('go-i18n v2', () => {
  const FILE = '{\n  "Cats": {\n    "description": "Cat count",\n    "one": "{{.Count}} kočka",\n    "other": "{{.Count}} koček"\n  },\n  "Plain": {\n    "other": "Jen jedna forma"\n  },\n  "Hello": "Ahoj"\n}\n';

  it('reads plural messages by category, "other"-only messages as singular, descriptions as notes', () => {
    const store = goI18nJsonV2Format.parse(Buffer.from(FILE), CS);
    expect(store.units.map((u) => [u.key, u.target, u.note])).toEqual([
      ['Cats', ['{{.Count}} kočka', '', '{{.Count}} koček'], 'Cat count'],
      ['Plain', ['Jen jedna forma'], ''],
      ['Hello', ['Ahoj'], ''],
    ]);
  });

  it('adds plural messages with the language\'s categories and a description', () => {
    const store = goI18nJsonV2Format.parse(Buffer.from(FILE), CS);
    store.addUnit({ key: 'Dogs', source: ['dog', 'dogs'], target: ['pes', 'psi', 'psů'], note: 'Dog count' });
    expect(out(store)).toBe(
      FILE.replace('"Hello": "Ahoj"\n', '"Hello": "Ahoj",\n  "Dogs": {\n    "description": "Dog count",\n    "one": "pes",\n    "few": "psi",\n    "other": "psů"\n  }\n'),
    );
  });
});
