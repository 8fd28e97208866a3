// Stringsdict rules: a format string unit per key and a unit per key:variable, plural categories, edits, removals and additions in place.
import { describe, expect, it } from 'vitest';
import type { ParseOptions } from '../format.js';
import { stringsdictFormat } from './stringsdict.format.js';

const plist = (body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}</dict>\n</plist>\n`;
const variable = (name: string, forms: Record<string, string>, indent = '\t\t'): string =>
  `${indent}<key>${name}</key>\n${indent}<dict>\n${indent}\t<key>NSStringFormatSpecTypeKey</key>\n${indent}\t<string>NSStringPluralRuleType</string>\n` +
  `${indent}\t<key>NSStringFormatValueTypeKey</key>\n${indent}\t<string>d</string>\n` +
  Object.entries(forms)
    .map(([k, v]) => `${indent}\t<key>${k}</key>\n${indent}\t<string>${v}</string>\n`)
    .join('') +
  `${indent}</dict>\n`;
const entry = (key: string, format: string, vars: string): string =>
  `\t<key>${key}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>${format}</string>\n${vars}\t</dict>\n`;
const parse = (body: string, options?: ParseOptions) => stringsdictFormat.parse(Buffer.from(plist(body)), options);

describe('stringsdict', () => {
  it('has a unit for every format string, keyed by the entry, and one per variable, keyed key:variable', () => {
    const store = parse(
      entry('one.var', '%#@n@', variable('n', { one: '%d file', other: '%d files' })) +
        entry('two.vars', 'Has %#@a@ and %#@b@', variable('a', { one: 'a1', other: 'aN' }) + variable('b', { other: 'bN' })) +
        '\t<key>plain</key>\n\t<string>Plain</string>\n',
      { pluralCategories: ['one', 'few', 'other'] },
    );
    expect(store.units.map((u) => [u.key, u.context, u.source, u.target])).toEqual([
      ['one.var', 'one.var', ['one.var'], ['%#@n@']],
      ['one.var:n', 'one.var:n', ['one.var:n'], ['%d file', '', '%d files']],
      ['two.vars', 'two.vars', ['two.vars'], ['Has %#@a@ and %#@b@']],
      ['two.vars:a', 'two.vars:a', ['two.vars:a'], ['a1', '', 'aN']],
      ['two.vars:b', 'two.vars:b', ['two.vars:b'], ['', '', 'bN']],
      ['plain', 'plain', ['plain'], ['Plain']],
    ]);
  });

  it('reads the reference tool\'s own example as it does', () => {
    // translate-toolkit's test file: a format string around two variables, and an entry that is only a format string.
    const store = parse(
      entry('shopping-list', '%1$#@apple@ and %2$#@orange@.', variable('apple', { one: 'One apple', other: '%d apples' }) + variable('orange', { zero: 'no oranges', one: 'one orange', other: '%d oranges' })) +
        '\t<key>other-string</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>Other string</string>\n\t</dict>\n',
      { pluralCategories: ['zero', 'one', 'other'] },
    );
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['shopping-list', ['%1$#@apple@ and %2$#@orange@.']],
      ['shopping-list:apple', ['', 'One apple', '%d apples']],
      ['shopping-list:orange', ['no oranges', 'one orange', '%d oranges']],
      ['other-string', ['Other string']],
    ]);
  });

  it('makes the text around a lone variable translatable', () => {
    const body = entry('k', '%#@n@', variable('n', { one: 'one', other: 'many' }));
    const store = parse(body);
    store.updateUnit(0, { target: ['Limit exceeded by %#@n@ & more'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(plist(body.replace('<string>%#@n@</string>', '<string>Limit exceeded by %#@n@ &amp; more</string>')));
    expect(stringsdictFormat.parse(Buffer.from(out)).units.map((u) => u.target)).toEqual([['Limit exceeded by %#@n@ & more'], ['one', 'many']]);
  });

  it('inserts a missing category at its CLDR position, in the file\'s indentation', () => {
    const body = entry('k', '%#@n@', variable('n', { one: '%d soubor', other: '%d souborů' }));
    const store = parse(body, { pluralCategories: ['one', 'few', 'other'] });
    store.updateUnit(1, { target: ['%d soubor', '%d soubory', '%d souborů'] });
    expect(store.serialize().toString('utf8')).toBe(
      plist(body.replace('<string>%d soubor</string>\n', '<string>%d soubor</string>\n\t\t\t<key>few</key>\n\t\t\t<string>%d soubory</string>\n')),
    );
  });

  it('escapes markup characters and keeps the rest of the file', () => {
    const body = entry('k', 'Total: %#@n@', variable('n', { one: 'one', other: 'many' }));
    const store = parse(body);
    store.updateUnit(0, { target: ['Celkem <b> & %#@n@'] });
    expect(store.serialize().toString('utf8')).toBe(plist(body.replace('Total: %#@n@', 'Celkem &lt;b&gt; &amp; %#@n@')));
  });

  it('removes each unit alone, and an entry with its last unit', () => {
    const body = entry('a', 'A %#@n@', variable('n', { other: 'x' })) + entry('b', '%#@p@%#@q@', variable('p', { other: 'p' }) + variable('q', { other: 'q' }));
    const store = parse(body);
    expect(store.units.map((u) => u.key)).toEqual(['a', 'a:n', 'b', 'b:p', 'b:q']);
    store.removeUnit(0);
    store.removeUnit(3);
    expect(store.serialize().toString('utf8')).toBe(
      plist('\t<key>a</key>\n\t<dict>\n' + variable('n', { other: 'x' }) + '\t</dict>\n' + entry('b', '%#@p@%#@q@', variable('p', { other: 'p' }))),
    );
    store.removeUnit(0);
    expect(store.units.map((u) => u.key)).toEqual(['b', 'b:p']);
    expect(store.serialize().toString('utf8')).toBe(plist(entry('b', '%#@p@%#@q@', variable('p', { other: 'p' }))));
  });

  it('adds a key:variable unit into the dictionary of its key, even one whose other units are removed', () => {
    const body = entry('a', '%#@n@', variable('n', { one: '%d x', other: '%d xs' }));
    const store = parse(body);
    store.removeUnit(1);
    store.addUnit({ key: 'a:m', source: ['a:m'], target: ['%ld y', '%ld ys'] });
    const m = variable('m', { one: '%ld y', other: '%ld ys' }).replace('<string>d</string>', '<string>ld</string>');
    const out = store.serialize().toString('utf8');
    expect(out).toBe(plist(entry('a', '%#@n@', m)));
    expect(stringsdictFormat.parse(Buffer.from(out)).units.map((u) => [u.key, u.target])).toEqual([
      ['a', ['%#@n@']],
      ['a:m', ['%ld y', '%ld ys']],
    ]);
    store.removeUnit(0);
    expect(store.serialize().toString('utf8')).toBe(plist('\t<key>a</key>\n\t<dict>\n' + m + '\t</dict>\n'));
  });

  it('writes units added as the reference reads them back: a format string and its variables make one dictionary, a lone text one too', () => {
    const store = parse('\t<key>x</key>\n\t<string>X</string>\n', { pluralCategories: ['one', 'few', 'other'] });
    store.addUnit({ key: 'files', source: ['files'], target: ['%#@n@ in folder'] });
    store.addUnit({ key: 'files:n', source: ['files:n'], target: ['%d file', '', '%d files'] });
    store.addUnit({ key: 'q', source: ['q'], target: ['Q'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(
      plist(
        '\t<key>x</key>\n\t<string>X</string>\n' +
          entry('files', '%#@n@ in folder', variable('n', { one: '%d file', other: '%d files' })) +
          entry('q', 'Q', ''),
      ),
    );
    expect(stringsdictFormat.parse(Buffer.from(out), { pluralCategories: ['one', 'few', 'other'] }).units.map((u) => [u.key, u.target])).toEqual([
      ['x', ['X']],
      ['files', ['%#@n@ in folder']],
      ['files:n', ['%d file', '', '%d files']],
      ['q', ['Q']],
    ]);
  });

  it('gives a plural unit added without a variable name the variable "value"', () => {
    const store = parse('\t<key>x</key>\n\t<string>X</string>\n', { pluralCategories: ['one', 'other'] });
    store.addUnit({ key: 'p', source: ['p'], target: ['%d item', '%d items'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(plist('\t<key>x</key>\n\t<string>X</string>\n' + entry('p', '%#@value@', variable('value', { one: '%d item', other: '%d items' }))));
    expect(stringsdictFormat.parse(Buffer.from(out)).units.map((u) => [u.key, u.target])).toEqual([
      ['x', ['X']],
      ['p', ['%#@value@']],
      ['p:value', ['%d item', '%d items']],
    ]);
  });

  it('creates an empty dictionary that takes new units', () => {
    const created = stringsdictFormat.create({ language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] });
    created.addUnit({ key: 'k', source: ['k'], target: ['%#@n@'] });
    created.addUnit({ key: 'k:n', source: ['k:n'], target: ['1', '2', '3', '4'] });
    const back = stringsdictFormat.parse(created.serialize(), { pluralCategories: ['one', 'few', 'many', 'other'] });
    expect(back.units.map((u) => [u.key, u.target])).toEqual([
      ['k', ['%#@n@']],
      ['k:n', ['1', '2', '3', '4']],
    ]);
  });
});
