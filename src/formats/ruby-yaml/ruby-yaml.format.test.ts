// Tests for Rails i18n YAML: the language root key, CLDR plural maps by category, new files, a real Rails locale.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedBlock, describeWithFiles, REAL_WORLD_DIR } from '../contract/format-contract.js';
import type { ParsedStore } from '../format.js';
import { rubyYamlFormat } from './ruby-yaml.format.js';

const CS = { language: 'cs', pluralCategories: ['one', 'few', 'other'] };
const parse = (text: string, options: object = CS): ParsedStore => rubyYamlFormat.parse(Buffer.from(text, 'utf8'), options);
const out = (store: ParsedStore): string => store.serialize().toString('utf8');

const FILE =
  'cs:\n' +
  '  x_days:\n' +
  '    one: 1 den\n' +
  '    few: "%{count} dny"\n' +
  '    many: "%{count} dne"\n' +
  '    other: "%{count} dní"\n' +
  '  x_hours:\n' +
  '    one: hodina\n' +
  '    other: "%{count} hodin"\n' +
  '  units:\n' +
  '    one: jednotka\n' +
  '    label: Popisek\n';

describe('ruby-yaml reading', () => {
  it('leaves the language key out of unit keys and reads CLDR maps as plural units', () => {
    const store = parse(FILE);
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['x_days', ['1 den', '%{count} dny', '%{count} dní']],
      ['x_hours', ['hodina', '', '%{count} hodin']],
      ['units.one', ['jednotka']],
      ['units.label', ['Popisek']],
    ]);
  });

  it('assumes one/other without plural categories', () => {
    expect(parse('en:\n  hours:\n    one: an hour\n    other: "%{count} hours"\n', {}).units[0]!.target).toEqual(['an hour', '%{count} hours']);
  });

  it('keeps full keys when the file has several top-level keys', () => {
    expect(parse('en:\n  a: A\nen-GB:\n  a: A\n').units.map((u) => u.key)).toEqual(['en.a', 'en-GB.a']);
  });
});

describe('ruby-yaml plural editing', () => {
  it('edits the forms in place and leaves categories the language does not use alone', () => {
    const store = parse(FILE);
    store.updateUnit(0, { target: ['jeden den', '%{count} dny', 'mnoho dní'] });
    expect(out(store)).toBe(FILE.replace('one: 1 den', 'one: jeden den').replace('other: "%{count} dní"', 'other: "mnoho dní"'));
  });

  it('inserts a missing category in CLDR order at the indentation of its siblings', () => {
    const store = parse(FILE);
    store.updateUnit(1, { target: ['hodina', '%{count} hodiny', '%{count} hodin'] });
    expect(out(store)).toBe(FILE.replace('    one: hodina\n', '    one: hodina\n    few: "%{count} hodiny"\n'));
    const zeroFirst = parse('en:\n  n:\n    other: many\n', { pluralCategories: ['zero', 'one', 'other'] });
    zeroFirst.updateUnit(0, { target: ['none', 'one', 'many'] });
    expect(out(zeroFirst)).toBe('en:\n  n:\n    zero: none\n    one: one\n    other: many\n');
  });

  it('adds plural units as category maps and removes them whole', () => {
    const store = parse(FILE);
    store.addUnit({ key: 'x_weeks', source: ['%{count} week', '%{count} weeks'], target: ['týden', '%{count} týdny', '%{count} týdnů'] });
    store.removeUnit(0);
    const text = out(store);
    expect(text).toContain('  x_weeks:\n    one: týden\n    few: "%{count} týdny"\n    other: "%{count} týdnů"\n');
    expect(text).not.toContain('x_days');
    expect(parse(text).units.map((u) => u.key)).toEqual(['x_hours', 'units.one', 'units.label', 'x_weeks']);
  });
});

describe('ruby-yaml new files', () => {
  it('creates the language key, with Rails locale spelling, and adds units below it', () => {
    const store = rubyYamlFormat.create({ language: 'pt_BR' });
    expect(out(store)).toBe('pt-BR:\n');
    store.addUnit({ key: 'activerecord.errors.blank', source: ['blank'], target: ['não pode ficar em branco'] });
    store.addUnit({ key: 'activerecord.errors.taken', source: ['taken'], target: ['já está em uso'] });
    expect(out(store)).toBe('pt-BR:\n  activerecord:\n    errors:\n      blank: não pode ficar em branco\n      taken: já está em uso\n');
    expect(parse(out(store)).units.map((u) => u.key)).toEqual(['activerecord.errors.blank', 'activerecord.errors.taken']);
  });

  it('quotes a language code that YAML would read as a boolean', () => {
    expect(out(rubyYamlFormat.create({ language: 'no' }))).toBe('"no":\n');
  });

  it('adds the language key to an empty file when the language is known', () => {
    const store = parse('# only a comment\n', { language: 'de' });
    store.addUnit({ key: 'hello', source: ['hello'], target: ['Hallo'] });
    expect(out(store)).toBe('# only a comment\nde:\n  hello: Hallo\n');
  });
});

// rails-i18n/en.yml is left out of the contract suite (its first unit shares its text with a later
// one, which the suite's confined-edit check misreads); the same checks run here.
const EN = path.join(REAL_WORLD_DIR, 'ruby-yaml', 'rails-i18n', 'en.yml');
describeWithFiles(EN, 'ruby-yaml real file rails-i18n/en.yml', () => {
  const options = { language: 'en', pluralCategories: ['one', 'other'] };
  const load = (): Buffer => fs.readFileSync(EN);

  it('round-trips byte for byte, also after every unit is rewritten and set back', () => {
    const bytes = load();
    const store = rubyYamlFormat.parse(bytes, options);
    expect(store.serialize().equals(bytes)).toBe(true);
    const originals = store.units.map((u) => [...u.target]);
    originals.forEach((target, i) => store.updateUnit(i, { target: target.map((t) => (t === '' ? '' : `${t} (changed)`)) }));
    expect(out(store)).not.toBe(bytes.toString('utf8'));
    originals.forEach((target, i) => store.updateUnit(i, { target }));
    expect(store.serialize().equals(bytes)).toBe(true);
  });

  it('an edit changes only the lines of that unit', () => {
    const bytes = load();
    for (const index of [0, 5, 40]) {
      const store = rubyYamlFormat.parse(bytes, options);
      const before = store.units.map((u) => ({ key: u.key, target: u.target }));
      if (before[index]!.target.length !== 1) continue;
      store.updateUnit(index, { target: ['Edited "text": ünïcode\nline'] });
      const after = rubyYamlFormat.parse(store.serialize(), options).units.map((u) => ({ key: u.key, target: u.target }));
      expect(after[index]!.target).toEqual(['Edited "text": ünïcode\nline']);
      expect(after.filter((_, i) => i !== index)).toEqual(before.filter((_, i) => i !== index));
      expect(changedBlock(bytes.toString('utf8'), out(store))).toHaveLength(1);
    }
  });
});

describe('ruby-yaml empty plural form at the end of the file (fuzz regression)', () => {
  it('an edit of the empty form stays on its own line when a missing form is added after it', () => {
    const options = { language: 'cs', pluralCategories: ['one', 'few', 'other'] };
    const store = rubyYamlFormat.parse(Buffer.from('cs:\n  files:\n    one: "%d soubor"\n    few:'), options);
    expect(store.units[0]!.target).toEqual(['%d soubor', '', '']);
    store.updateUnit(0, { target: ['a', 'b', 'c'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe('cs:\n  files:\n    one: "a"\n    few: b\n    other: c');
    expect(rubyYamlFormat.parse(Buffer.from(out), options).units[0]!.target).toEqual(['a', 'b', 'c']);
  });
});

const FOUR = ['one', 'few', 'many', 'other'];
const ARABIC = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Rails locale shapes of plural maps (the categories as rails-i18n and app locales write them). */
const PLURAL_FILES: { language: string; categories: string[]; text: string }[] = [
  {
    language: 'ru',
    categories: FOUR,
    text:
      'ru:\n  title: Заголовок\n  datetime:\n    distance_in_words:\n      x_days:\n' +
      '        one: "%{count} день"\n        few: "%{count} дня"\n        many: "%{count} дней"\n        other: "%{count} дня"\n  footer: Подвал\n',
  },
  {
    language: 'uk',
    categories: FOUR,
    text: 'uk:\n  number:\n    human:\n      units:\n        thousand:\n          one: тисяча\n          few: тисячі\n          many: тисяч\n          other: тисячі\n        unit: ""\n',
  },
  {
    language: 'pl',
    categories: FOUR,
    text:
      'pl:\n  errors:\n    messages:\n      too_long:\n        one: jest za długie (maksymalnie jeden znak)\n' +
      '        few: jest za długie (maksymalnie %{count} znaki)\n        many: jest za długie (maksymalnie %{count} znaków)\n' +
      '        other: jest za długie (maksymalnie %{count} znaku)\n      blank: nie może być puste\n',
  },
  {
    language: 'cs',
    categories: FOUR,
    text: "cs:\n  x_minutes:\n    one: minuta\n    few: '%{count} minuty'\n    many: '%{count} minuty'\n    other: '%{count} minut'\n  hello: Ahoj\n",
  },
  {
    language: 'ar',
    categories: ARABIC,
    text:
      'ar:\n  x_seconds:\n    zero: لا ثوان\n    one: ثانية واحدة\n    two: ثانيتان\n    few: "%{count} ثوان"\n' +
      '    many: "%{count} ثانية"\n    other: "%{count} ثانية"\n  ok: حسنا\n',
  },
];

/** Lines of `after` that differ from `before`, for edits that keep the number of lines. */
function differingLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

describe('ruby-yaml plural forms of ru, uk, pl, cs, ar', () => {
  for (const { language, categories, text } of PLURAL_FILES) {
    it(`${language}: every form is read, written, and read back as set; no other line changes`, () => {
      const options = { language, pluralCategories: categories };
      const store = parse(text, options);
      const index = store.units.findIndex((u) => u.target.length > 1);
      expect(store.units[index]!.target).toHaveLength(categories.length);
      expect(store.units[index]!.target.every((t) => t !== '')).toBe(true);
      const others = store.units.filter((_, i) => i !== index).map((u) => [u.key, u.target]);
      const forms = categories.map((c, i) => `${c}: %{count} form ${i} "x" #${i}`);
      store.updateUnit(index, { target: forms });
      const written = out(store);
      expect(differingLines(text, written)).toHaveLength(categories.length);
      const back = parse(written, options);
      expect(back.units[index]!.target).toEqual(forms);
      expect(back.units.filter((_, i) => i !== index).map((u) => [u.key, u.target])).toEqual(others);
      // Setting them again leaves none stale, also when a form is emptied.
      const again = categories.map((_, i) => (i === 1 ? '' : `again ${i}`));
      back.updateUnit(index, { target: again });
      expect(parse(out(back), options).units[index]!.target).toEqual(again);
    });
  }

  it('a Russian map without "many" has four forms, "many" empty; filling it adds the line in the layout of its siblings', () => {
    const options = { language: 'ru', pluralCategories: FOUR };
    const text = 'ru:\n  posts:\n      one: "%{count} запись"\n      few: "%{count} записи"\n      other: "%{count} записей"\n  title: Заголовок\n';
    const store = parse(text, options);
    expect(store.units[0]!.target).toEqual(['%{count} запись', '%{count} записи', '', '%{count} записей']);
    store.updateUnit(0, { target: ['%{count} запись', '%{count} записи', 'записей', '%{count} записей'] });
    expect(out(store)).toBe(text.replace('few: "%{count} записи"\n', 'few: "%{count} записи"\n      many: "записей"\n'));
    expect(parse(out(store), options).units[0]!.target).toEqual(['%{count} запись', '%{count} записи', 'записей', '%{count} записей']);
    // An empty form stays out of the file.
    const untouched = parse(text, options);
    untouched.updateUnit(0, { target: ['%{count} запись', '%{count} записи', '', '%{count} записей'] });
    expect(out(untouched)).toBe(text);
  });

  it('a missing form takes the quoting of its siblings: single quotes, or plain when the text allows it', () => {
    const options = { language: 'pl', pluralCategories: FOUR };
    const single = parse("pl:\n  n:\n    one: 'plik'\n    other: 'plików'\n", options);
    single.updateUnit(0, { target: ['plik', "pliki 'x'", 'plików', 'plików'] });
    expect(out(single)).toBe("pl:\n  n:\n    one: 'plik'\n    few: 'pliki ''x'''\n    many: 'plików'\n    other: 'plików'\n");
    const plain = parse('pl:\n  n:\n    one: plik\n    other: plików\n', options);
    plain.updateUnit(0, { target: ['plik', 'pliki', '%{count} plików', 'plików'] });
    expect(out(plain)).toBe('pl:\n  n:\n    one: plik\n    few: pliki\n    many: "%{count} plików"\n    other: plików\n');
  });

  it('keeps a category the language does not use untouched (zero in English)', () => {
    const options = { language: 'en', pluralCategories: ['one', 'other'] };
    const text = 'en:\n  messages:\n    zero: No messages\n    one: One message\n    other: "%{count} messages"\n';
    const store = parse(text, options);
    expect(store.units[0]!.target).toEqual(['One message', '%{count} messages']);
    store.updateUnit(0, { target: ['A message', '%{count} notes'] });
    expect(out(store)).toBe('en:\n  messages:\n    zero: No messages\n    one: A message\n    other: "%{count} notes"\n');
  });
});
