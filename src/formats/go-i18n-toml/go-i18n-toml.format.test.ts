// go-i18n v2 TOML specifics: message tables, nested Hugo keys, form insertion in the file's alignment, TOML escaping.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { goI18nTomlFormat } from './go-i18n-toml.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const RU = { language: 'ru', pluralCategories: ['one', 'few', 'many', 'other'] };

const FILE = `title = 'Заголовок'

[list]
    [list.page]
        one   = "{{ .Count }} страница"
        other = "{{ .Count }} страниц"

[Cats]
description = "Cats a person has"
hash = "sha1-1"
other = "Кошки"
`;

describe('go-i18n v2 TOML', () => {
  it('reads plain keys, nested plural tables and described messages', () => {
    const store = goI18nTomlFormat.parse(Buffer.from(FILE), RU);
    expect(store.units.map((u) => [u.key, u.target, u.note])).toEqual([
      ['title', ['Заголовок'], ''],
      ['list.page', ['{{ .Count }} страница', '', '', '{{ .Count }} страниц'], ''],
      ['Cats', ['Кошки'], 'Cats a person has'],
    ]);
  });

  it('adds missing forms beside the existing ones in the same alignment, and escapes as TOML does', () => {
    const store = goI18nTomlFormat.parse(Buffer.from(FILE), RU);
    store.updateUnit(1, { target: ['{{ .Count }} страница', '{{ .Count }} страницы', '{{ .Count }} страниц', '{{ .Count }} страниц'] });
    store.updateUnit(0, { target: ["Don't \"quote\"\tme\\"] });
    store.updateUnit(2, { target: ['Кочки'] });
    expect(out(store)).toBe(
      FILE.replace("'Заголовок'", '"Don\'t \\"quote\\"\\tme\\\\"')
        .replace('страница"\n', 'страница"\n        few   = "{{ .Count }} страницы"\n        many  = "{{ .Count }} страниц"\n')
        .replace('"Кошки"', '"Кочки"'),
    );
  });

  it('keeps a literal string literal when the text allows it', () => {
    const store = goI18nTomlFormat.parse(Buffer.from(FILE), RU);
    store.updateUnit(0, { target: ['Новый "заголовок"'] });
    expect(out(store)).toContain(`title = 'Новый "заголовок"'\n`);
  });

  it('removes a message table with its header, and appends new units as tables once the file has tables', () => {
    const store = goI18nTomlFormat.parse(Buffer.from(FILE), RU);
    store.removeUnit(2);
    store.addUnit({ key: 'list.section', source: ['list.section'], target: ['Раздел'] });
    store.addUnit({ key: 'footer', source: ['footer'], target: ['Подвал'] });
    expect(out(store)).toBe(FILE.replace('\n[Cats]\ndescription = "Cats a person has"\nhash = "sha1-1"\nother = "Кошки"\n', '\n[list.section]\nother = "Раздел"\n\n[footer]\nother = "Подвал"\n'));
    expect(goI18nTomlFormat.parse(store.serialize(), RU).units.map((u) => [u.key, u.target])).toEqual([
      ['title', ['Заголовок']],
      ['list.page', ['{{ .Count }} страница', '', '', '{{ .Count }} страниц']],
      ['list.section', ['Раздел']],
      ['footer', ['Подвал']],
    ]);
  });

  it('creates an empty file and appends plural tables with every category', () => {
    const store = goI18nTomlFormat.create({ language: 'ru', pluralCategories: RU.pluralCategories });
    store.addUnit({ key: 'Hello', source: ['Hello'], target: ['Привет'] });
    store.addUnit({ key: 'Files', source: ['file', 'files'], target: ['файл', 'файла', 'файлов', 'файла'], note: 'Count' });
    expect(out(store)).toBe('Hello = "Привет"\n\n[Files]\ndescription = "Count"\none = "файл"\nfew = "файла"\nmany = "файлов"\nother = "файла"\n');
  });

  it('refuses what is not TOML with the line, and files beyond the size bound', () => {
    expect(() => goI18nTomlFormat.parse(Buffer.from('a = "x"\nb = \n'))).toThrow(FormatParseError);
    expect(() => goI18nTomlFormat.parse(Buffer.alloc(17 * 1024 * 1024, 0x20))).toThrow(/larger than/);
  });
});
