// Stringsdict plural forms per language: every CLDR category read and written, missing ones added in the file's own layout.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR, describeWithFiles } from '../contract/format-contract.js';
import type { ParsedStore } from '../format.js';
import { stringsdictFormat } from './stringsdict.format.js';

const RU = ['one', 'few', 'many', 'other'];
const AR = ['zero', 'one', 'two', 'few', 'many', 'other'];
const EN = ['one', 'other'];
const HE = ['one', 'two', 'other'];

/** A plist laid out as the Mastodon iOS files are (two-space indentation, `ld` values). */
const mastodon = (entries: string): string =>
  `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n` +
  `<plist version="1.0">\n  <dict>\n${entries}  </dict>\n</plist>\n`;
const mastodonEntry = (key: string, format: string, variable: string, forms: [string, string][]): string =>
  `    <key>${key}</key>\n    <dict>\n      <key>NSStringLocalizedFormatKey</key>\n      <string>${format}</string>\n` +
  `      <key>${variable}</key>\n      <dict>\n        <key>NSStringFormatSpecTypeKey</key>\n        <string>NSStringPluralRuleType</string>\n` +
  `        <key>NSStringFormatValueTypeKey</key>\n        <string>ld</string>\n` +
  forms.map(([c, v]) => `        <key>${c}</key>\n        <string>${v}</string>\n`).join('') +
  `      </dict>\n    </dict>\n`;

/** The same in Xcode's layout: tabs, one level less. */
const xcode = (entries: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n` +
  `<plist version="1.0">\n<dict>\n${entries}</dict>\n</plist>\n`;
const xcodeEntry = (key: string, format: string, variable: string, forms: [string, string][]): string =>
  mastodonEntry(key, format, variable, forms)
    .split('\n')
    .map((line) => line.replace(/^ {4}/, '').replace(/ {2}/g, '\t'))
    .join('\n');

interface Language {
  code: string;
  categories: readonly string[];
  /** A complete entry in the language, forms in CLDR order. */
  forms: [string, string][];
}

const LANGUAGES: Language[] = [
  { code: 'ru', categories: RU, forms: [['one', '%ld подписчик'], ['few', '%ld подписчика'], ['many', '%ld подписчиков'], ['other', '%ld подписчика']] },
  { code: 'uk', categories: RU, forms: [['one', '%ld допис'], ['few', '%ld дописи'], ['many', '%ld дописів'], ['other', '%ld допису']] },
  { code: 'pl', categories: RU, forms: [['one', '%ld wpis'], ['few', '%ld wpisy'], ['many', '%ld wpisów'], ['other', '%ld wpisu']] },
  { code: 'cs', categories: RU, forms: [['one', '%ld příspěvek'], ['few', '%ld příspěvky'], ['many', '%ld příspěvku'], ['other', '%ld příspěvků']] },
  {
    code: 'ar',
    categories: AR,
    forms: [['zero', 'لا منشورات'], ['one', 'منشور واحد'], ['two', 'منشوران'], ['few', '%ld منشورات'], ['many', '%ld منشورًا'], ['other', '%ld منشور']],
  },
];

/** The plural unit of an entry (its only variable in these files). */
function pluralIndex(store: ParsedStore, entryKey: string): number {
  const i = store.units.findIndex((u) => u.key.startsWith(`${entryKey}:`));
  expect(i, `plural unit of ${entryKey}`).toBeGreaterThanOrEqual(0);
  return i;
}

/** Line numbers [first, last] of the variable dictionary `<key>variable</key><dict>…</dict>` inside entry `entryKey`. */
function variableLines(text: string, entryKey: string, variable: string): [number, number] {
  const lines = text.split('\n');
  const entry = lines.findIndex((l) => l.trim() === `<key>${entryKey}</key>`);
  const first = lines.findIndex((l, i) => i > entry && l.trim() === `<key>${variable}</key>`);
  const indent = lines[first]!.match(/^\s*/)![0];
  const last = lines.findIndex((l, i) => i > first + 1 && l === `${indent}</dict>`);
  return [first, last];
}

/** Asserts that `after` differs from `before` only inside the variable's lines (which may grow). */
function expectOnlyVariableChanged(before: string, after: string, entryKey: string, variable: string): void {
  const [first, last] = variableLines(before, entryKey, variable);
  const a = before.split('\n');
  const b = after.split('\n');
  const grown = b.length - a.length;
  expect(b.slice(0, first)).toEqual(a.slice(0, first));
  expect(b.slice(last + 1 + grown)).toEqual(a.slice(last + 1));
}

const newForms = (categories: readonly string[]): string[] => categories.map((c) => `%ld new ${c} form`);

describe.each(LANGUAGES)('stringsdict plurals in $code', ({ code, categories, forms }) => {
  const layouts = [
    { name: 'Mastodon layout', shape: mastodon, entryOf: mastodonEntry },
    { name: 'Xcode layout', shape: xcode, entryOf: xcodeEntry },
  ].map((l) => ({ ...l, file: l.shape(l.entryOf('plural.count.post', '%#@post_count@', 'post_count', forms) + l.entryOf('a11y.title', 'Title %#@count@', 'count', [['one', 'x'], ['other', 'y']])) }));

  it.each(layouts)('reads every form in category order and writes every form ($name)', ({ file }) => {
    const store = stringsdictFormat.parse(Buffer.from(file), { pluralCategories: categories, language: code });
    const i = pluralIndex(store, 'plural.count.post');
    expect(store.units[i]!.target).toEqual(forms.map(([, v]) => v));
    const set = newForms(categories);
    store.updateUnit(i, { target: set });
    const out = store.serialize().toString('utf8');
    const back = stringsdictFormat.parse(Buffer.from(out), { pluralCategories: categories });
    expect(back.units[pluralIndex(back, 'plural.count.post')]!.target).toEqual(set);
    expect(back.units.filter((_, j) => j !== i).map((u) => u.target)).toEqual(store.units.filter((_, j) => j !== i).map((u) => u.target));
    expect(out.split('\n').length).toBe(file.split('\n').length);
    expectOnlyVariableChanged(file, out, 'plural.count.post', 'post_count');
  });

  it.each(layouts)('shows missing categories as empty and adds a filled one in CLDR position ($name)', ({ file, shape, entryOf }) => {
    // Only "one" and "other", as tools that start from an English file write them.
    const oneOther = forms.filter(([c]) => c === 'one' || c === 'other');
    const tail = entryOf('a11y.title', 'Title %#@count@', 'count', [['one', 'x'], ['other', 'y']]);
    const input = shape(entryOf('plural.count.post', '%#@post_count@', 'post_count', oneOther) + tail);
    const store = stringsdictFormat.parse(Buffer.from(input), { pluralCategories: categories });
    const i = pluralIndex(store, 'plural.count.post');
    expect(store.units[i]!.target).toEqual(categories.map((c) => (c === 'one' || c === 'other' ? forms.find(([k]) => k === c)![1] : '')));

    // Filling one missing category adds exactly its pair, among its siblings in CLDR order.
    const missing = categories.filter((c) => c !== 'one' && c !== 'other');
    const filled = missing[missing.length - 1]!;
    const target = store.units[i]!.target.map((t, k) => (categories[k] === filled ? '%ld filled' : t));
    store.updateUnit(i, { target });
    const out = store.serialize().toString('utf8');
    const withOne = entryOf(
      'plural.count.post',
      '%#@post_count@',
      'post_count',
      forms.filter(([c]) => c === 'one' || c === 'other' || c === filled).map(([c, v]) => [c, c === filled ? '%ld filled' : v]),
    );
    expect(out).toBe(shape(withOne + tail));

    // Filling all of them gives the complete entry, in CLDR order.
    const again = stringsdictFormat.parse(Buffer.from(input), { pluralCategories: categories });
    again.updateUnit(i, { target: forms.map(([, v]) => v) });
    expect(again.serialize().toString('utf8')).toBe(file);
  });
});

describe('stringsdict plural categories outside the language', () => {
  const english = mastodon(
    mastodonEntry('plural.count.reblog', '%#@reblog_count@', 'reblog_count', [
      ['zero', 'no reblogs'],
      ['one', '1 reblog'],
      ['few', '%ld reblogs'],
      ['other', '%ld reblogs'],
    ]),
  );

  it('keeps a zero (or few) key of an English file untouched through edits', () => {
    const store = stringsdictFormat.parse(Buffer.from(english), { pluralCategories: EN });
    const i = pluralIndex(store, 'plural.count.reblog');
    expect(store.units[i]!.target).toEqual(['1 reblog', '%ld reblogs']);
    store.updateUnit(i, { target: ['one reblog', '%ld boosts'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(english.replace('<string>1 reblog</string>', '<string>one reblog</string>').replace('<string>%ld reblogs</string>\n      </dict>', '<string>%ld boosts</string>\n      </dict>'));
  });

  it('inserts a Hebrew "two" after a "one" and before "other", also with a foreign "few" between them', () => {
    const store = stringsdictFormat.parse(Buffer.from(english), { pluralCategories: HE });
    const i = pluralIndex(store, 'plural.count.reblog');
    expect(store.units[i]!.target).toEqual(['1 reblog', '', '%ld reblogs']);
    store.updateUnit(i, { target: ['1 reblog', 'two reblogs', '%ld reblogs'] });
    expect(store.serialize().toString('utf8')).toBe(
      english.replace('<string>1 reblog</string>\n', '<string>1 reblog</string>\n        <key>two</key>\n        <string>two reblogs</string>\n'),
    );
  });

  it('inserts before the first form when no lower category is present', () => {
    const file = xcode(xcodeEntry('k', '%#@n@', 'n', [['other', '%ld items']]));
    const store = stringsdictFormat.parse(Buffer.from(file), { pluralCategories: AR });
    const i = pluralIndex(store, 'k');
    store.updateUnit(i, { target: ['none', '', '', '', 'many', '%ld items'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(xcode(xcodeEntry('k', '%#@n@', 'n', [['zero', 'none'], ['many', 'many'], ['other', '%ld items']])));
  });

  it('keeps CRLF line ends when it inserts a form', () => {
    const file = xcode(xcodeEntry('k', '%#@n@', 'n', [['one', 'a'], ['other', 'b']])).replace(/\n/g, '\r\n');
    const store = stringsdictFormat.parse(Buffer.from(file), { pluralCategories: RU });
    store.updateUnit(pluralIndex(store, 'k'), { target: ['a', 'c', '', 'b'] });
    expect(store.serialize().toString('utf8')).toBe(xcode(xcodeEntry('k', '%#@n@', 'n', [['one', 'a'], ['few', 'c'], ['other', 'b']])).replace(/\n/g, '\r\n'));
  });

  it('reads and writes the single form of a language with only "other"', () => {
    const file = xcode(xcodeEntry('k', '%#@n@', 'n', [['other', '%ld件']]));
    const store = stringsdictFormat.parse(Buffer.from(file), { pluralCategories: ['other'] });
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['k', ['%#@n@']],
      ['k:n', ['%ld件']],
    ]);
    store.updateUnit(1, { target: ['%ld 件'] });
    expect(store.serialize().toString('utf8')).toBe(file.replace('%ld件', '%ld 件'));
  });

  it('writes an emptied form as an empty string and does not add empty missing ones', () => {
    const file = xcode(xcodeEntry('k', '%#@n@', 'n', [['one', 'a'], ['other', 'b']]));
    const store = stringsdictFormat.parse(Buffer.from(file), { pluralCategories: RU });
    const i = pluralIndex(store, 'k');
    store.updateUnit(i, { target: ['', '', '', 'b'] });
    expect(store.serialize().toString('utf8')).toBe(file.replace('<string>a</string>', '<string></string>'));
  });
});

const FIXTURES = path.join(REAL_WORLD_DIR, 'stringsdict/mastodon-ios');
const REAL = [
  { file: 'cs.lproj/Localizable.stringsdict', categories: RU },
  { file: 'ar.lproj/Localizable.stringsdict', categories: AR },
  { file: 'Base.lproj/Localizable.stringsdict', categories: EN },
];

describeWithFiles(FIXTURES, 'Mastodon iOS dictionaries', () => describe.each(REAL)('$file', ({ file, categories }) => {
  it('every plural unit takes a new text in every form, and only its own lines change', () => {
    const bytes = fs.readFileSync(path.join(FIXTURES, file));
    const text = bytes.toString('utf8');
    const store = stringsdictFormat.parse(bytes, { pluralCategories: categories });
    const plural = store.units.map((u, i) => ({ u, i })).filter(({ u }) => u.target.length > 1);
    expect(plural.length).toBeGreaterThan(20);
    for (const { u, i } of plural) {
      const one = stringsdictFormat.parse(bytes, { pluralCategories: categories });
      const set = newForms(categories).map((t) => `${t} of ${u.key}`);
      one.updateUnit(i, { target: set });
      const out = one.serialize().toString('utf8');
      const back = stringsdictFormat.parse(Buffer.from(out), { pluralCategories: categories });
      expect(back.units[i]!.target).toEqual(set);
      expect(back.units.map((b) => b.key)).toEqual(store.units.map((s) => s.key));
      const [entryKey, variable] = u.key.split(':');
      expectOnlyVariableChanged(text, out, entryKey!, variable!);
    }
  });
}));
