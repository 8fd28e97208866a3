// gotext specifics: plural selects by CLDR case, translator comments, positions, ids given as lists.
import { describe, expect, it } from 'vitest';
import { gotextFormat } from './gotext.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const CS = { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] };

const FILE = `{
    "language": "cs",
    "messages": [
        {
            "id": "{N} day(s)",
            "message": "{N} day(s)",
            "translation": {
                "select": {
                    "feature": "plural",
                    "arg": "N",
                    "cases": {
                        "one": {
                            "msg": "{N} den"
                        },
                        "other": {
                            "msg": "{N} dní"
                        }
                    }
                }
            },
            "translatorComment": "Days left",
            "position": "main.go:12:3"
        },
        {
            "id": ["Quit", "Exit"],
            "message": "Quit",
            "fuzzy": true
        }
    ]
}
`;

describe('gotext JSON', () => {
  it('reads plural cases by category, comments, positions, id lists and fuzzy', () => {
    const store = gotextFormat.parse(Buffer.from(FILE), CS);
    expect(store.units.map((u) => [u.key, u.target, u.note, u.location, u.fuzzy])).toEqual([
      ['{N} day(s)', ['{N} den', '', '', '{N} dní'], 'Days left', 'main.go:12:3', false],
      ['Quit', [''], '', '', true],
    ]);
  });

  it('adds a missing case in category order and a missing translation after the message', () => {
    const store = gotextFormat.parse(Buffer.from(FILE), CS);
    store.updateUnit(0, { target: ['{N} den', '{N} dny', '', '{N} dní'] });
    store.updateUnit(1, { target: ['Ukončit'] });
    expect(out(store)).toBe(
      FILE.replace('"msg": "{N} den"\n                        },\n', '"msg": "{N} den"\n                        },\n                        "few": {\n                            "msg": "{N} dny"\n                        },\n').replace(
        '"message": "Quit",\n',
        '"message": "Quit",\n            "translation": "Ukončit",\n',
      ),
    );
  });

  it('creates a file naming its language and appends messages with a plural select', () => {
    const store = gotextFormat.create({ language: 'pt_BR' });
    store.addUnit({ key: 'Hello', source: ['Hello'], target: ['Olá'] });
    store.addUnit({ key: '{Count} files', source: ['{Count} file', '{Count} files'], target: ['{Count} arquivo', '{Count} arquivos'] });
    const back = gotextFormat.parse(store.serialize());
    expect(JSON.parse(out(store))).toEqual({
      language: 'pt-BR',
      messages: [
        { id: 'Hello', message: 'Hello', translation: 'Olá' },
        { id: '{Count} files', message: '{Count} files', translation: { select: { feature: 'plural', arg: 'Count', cases: { one: { msg: '{Count} arquivo' }, other: { msg: '{Count} arquivos' } } } } },
      ],
    });
    expect(back.units.map((u) => u.target)).toEqual([['Olá'], ['{Count} arquivo', '{Count} arquivos']]);
  });
});
