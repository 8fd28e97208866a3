// Fluent specifics: attribute and term ids, plural selects by category, other patterns as source, refused syntax.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { fluentFormat } from './fluent.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const RU = { language: 'ru', pluralCategories: ['one', 'few', 'many', 'other'] };

const FILE = `# Files left
files =
    { $num ->
        [one] { $num } файл
       *[other] { $num } файлов
    }
-brand = Send
dialog = Открыть { -brand }
    .title = Заголовок
gender = { $g ->
    [female] Она
   *[other] Он
}
`;

describe('Fluent', () => {
  it('reads values, attributes as msg.attr, terms as -term, comments, plural selects and other selects as source', () => {
    const store = fluentFormat.parse(Buffer.from(FILE), RU);
    expect(store.units.map((u) => [u.key, u.target, u.note])).toEqual([
      ['files', ['{ $num } файл', '', '', '{ $num } файлов'], 'Files left'],
      ['-brand', ['Send'], ''],
      ['dialog', ['Открыть { -brand }'], ''],
      ['dialog.title', ['Заголовок'], ''],
      ['gender', ['{ $g ->\n    [female] Она\n   *[other] Он\n}'], ''],
    ]);
  });

  it('adds missing variants after the closest earlier one and re-indents multi-line texts', () => {
    const store = fluentFormat.parse(Buffer.from(FILE), RU);
    store.updateUnit(0, { target: ['{ $num } файл', '{ $num } файла', '{ $num } файлов', '{ $num } файлов'] });
    store.updateUnit(3, { target: ['Первая строка\nвторая'] });
    expect(out(store)).toBe(
      FILE.replace('файл\n', 'файл\n        [few] { $num } файла\n        [many] { $num } файлов\n').replace('.title = Заголовок', '.title = Первая строка\n        вторая'),
    );
  });

  it('refuses a text that is no valid pattern and keeps the file', () => {
    const store = fluentFormat.parse(Buffer.from(FILE), RU);
    expect(() => store.updateUnit(1, { target: ['Broken { $x'] })).toThrow(FormatParseError);
    expect(out(store)).toBe(FILE);
  });

  it('writes an empty text as an empty string literal and reads it back as empty', () => {
    const store = fluentFormat.parse(Buffer.from(FILE), RU);
    store.updateUnit(2, { target: [''] });
    expect(out(store)).toContain('dialog = { "" }\n    .title');
    expect(fluentFormat.parse(store.serialize(), RU).units[2]!.target).toEqual(['']);
  });

  it('removes a value but keeps its attributes, adds attributes to an existing message and new messages at the end', () => {
    const store = fluentFormat.parse(Buffer.from(FILE), RU);
    store.removeUnit(2);
    store.addUnit({ key: 'dialog.label', source: ['dialog.label'], target: ['Метка'] });
    store.addUnit({ key: 'bye', source: ['bye'], target: ['Пока'], note: 'Farewell' });
    expect(out(store)).toBe(FILE.replace('dialog = Открыть { -brand }\n    .title = Заголовок\n', 'dialog =\n    .title = Заголовок\n    .label = Метка\n') + '# Farewell\nbye = Пока\n');
    expect(fluentFormat.parse(store.serialize(), RU).units.map((u) => u.key)).toEqual(['files', '-brand', 'dialog.title', 'dialog.label', 'gender', 'bye']);
  });

  it('creates an empty file and appends a plural message as a select on $count', () => {
    const store = fluentFormat.create({ language: 'ru', pluralCategories: RU.pluralCategories });
    store.addUnit({ key: 'files', source: ['file', 'files'], target: ['файл', 'файла', 'файлов', 'файла'] });
    expect(out(store)).toBe('files =\n    { $count ->\n        [one] файл\n        [few] файла\n        [many] файлов\n       *[other] файла\n    }\n');
    expect(fluentFormat.parse(store.serialize(), RU).units[0]!.target).toEqual(['файл', 'файла', 'файлов', 'файла']);
  });
});

describe('Fluent additions after a standalone comment', () => {
  it('keep the comment standalone', () => {
    const store = fluentFormat.parse(Buffer.from('a = A\n\n# Standalone\n'));
    store.addUnit({ key: 'b', source: ['b'], target: ['B'] });
    expect(out(store)).toBe('a = A\n\n# Standalone\n\nb = B\n');
    expect(fluentFormat.parse(store.serialize()).units.map((u) => [u.key, u.note])).toEqual([
      ['a', ''],
      ['b', ''],
    ]);
  });
});

describe('Fluent attributes', () => {
  const LOGIN = '# Sign-in form\nlogin-input = Přihlásit se\n    .placeholder = e-mail@example.com\n    .title =\n        Přihlášení\n        do účtu\nonly-attrs =\n    .label = Jen atribut\n-brand = Parla\n    .gender = feminine\n';

  it('are strings of their own, keyed and in context message.attribute, with the message comment as note', () => {
    const store = fluentFormat.parse(Buffer.from(LOGIN));
    expect(store.units.map((u) => [u.key, u.context, u.target[0], u.note])).toEqual([
      ['login-input', 'login-input', 'Přihlásit se', 'Sign-in form'],
      ['login-input.placeholder', 'login-input.placeholder', 'e-mail@example.com', 'Sign-in form'],
      ['login-input.title', 'login-input.title', 'Přihlášení\ndo účtu', 'Sign-in form'],
      ['only-attrs.label', 'only-attrs.label', 'Jen atribut', ''],
      ['-brand', '-brand', 'Parla', ''],
      ['-brand.gender', '-brand.gender', 'feminine', ''],
    ]);
    expect(out(store)).toBe(LOGIN);
  });

  it('round-trip byte for byte when each is rewritten with its own text; an edit changes only its lines, in their layout', () => {
    const store = fluentFormat.parse(Buffer.from(LOGIN));
    store.units.forEach((u, i) => store.updateUnit(i, { target: [...u.target] }));
    expect(out(store)).toBe(LOGIN);
    const placeholder = store.units.findIndex((u) => u.key === 'login-input.placeholder');
    store.updateUnit(placeholder, { target: ['jmeno@example.com'] });
    const title = store.units.findIndex((u) => u.key === 'login-input.title');
    store.updateUnit(title, { target: ['Přihlášení'] });
    expect(out(store)).toBe(LOGIN.replace('e-mail@example.com', 'jmeno@example.com').replace('        Přihlášení\n        do účtu\n', '        Přihlášení\n'));
    expect(fluentFormat.parse(store.serialize()).units.map((u) => u.target[0])).toEqual(['Přihlásit se', 'jmeno@example.com', 'Přihlášení', 'Jen atribut', 'Parla', 'feminine']);
  });
});
