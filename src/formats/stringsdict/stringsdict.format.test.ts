// Stringsdict rules: units per key or key:variable, format text units, plural categories, edits and additions in place.
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
  it('maps the single variable\'s forms to the categories and names several variables key:variable', () => {
    const store = parse(
      entry('one.var', '%#@n@', variable('n', { one: '%d file', other: '%d files' })) +
        entry('two.vars', 'Has %#@a@ and %#@b@', variable('a', { one: 'a1', other: 'aN' }) + variable('b', { other: 'bN' })),
      { pluralCategories: ['one', 'few', 'other'] },
    );
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['one.var', ['%d file', '', '%d files']],
      ['two.vars:NSStringLocalizedFormatKey', ['Has %#@a@ and %#@b@']],
      ['two.vars:a', ['a1', '', 'aN']],
      ['two.vars:b', ['', '', 'bN']],
    ]);
  });

  it('inserts a missing category at its CLDR position, in the file\'s indentation', () => {
    const body = entry('k', '%#@n@', variable('n', { one: '%d soubor', other: '%d souborů' }));
    const store = parse(body, { pluralCategories: ['one', 'few', 'other'] });
    store.updateUnit(0, { target: ['%d soubor', '%d soubory', '%d souborů'] });
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

  it('removes a variable alone, or a whole entry with its format unit', () => {
    const body = entry('a', 'A %#@n@', variable('n', { other: 'x' })) + entry('b', '%#@p@%#@q@', variable('p', { other: 'p' }) + variable('q', { other: 'q' }));
    const store = parse(body);
    expect(store.units.map((u) => u.key)).toEqual(['a:NSStringLocalizedFormatKey', 'a', 'b:p', 'b:q']);
    store.removeUnit(1);
    expect(store.units.map((u) => u.key)).toEqual(['b:p', 'b:q']);
    store.removeUnit(1);
    const out = store.serialize().toString('utf8');
    expect(out).toBe(plist(entry('b', '%#@p@%#@q@', variable('p', { other: 'p' }))));
  });

  it('adds plain and plural units as new entries', () => {
    const store = parse('\t<key>x</key>\n\t<string>X</string>\n', { pluralCategories: ['one', 'other'] });
    store.addUnit({ key: 'p', source: ['p'], target: ['%d item', '%d items'] });
    store.addUnit({ key: 'q', source: ['q'], target: ['Q'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe(
      plist(
        '\t<key>x</key>\n\t<string>X</string>\n\t<key>p</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@value@</string>\n' +
          variable('value', { one: '%d item', other: '%d items' }) +
          '\t</dict>\n\t<key>q</key>\n\t<string>Q</string>\n',
      ),
    );
    expect(stringsdictFormat.parse(Buffer.from(out)).units.map((u) => [u.key, u.target])).toEqual([
      ['x', ['X']],
      ['p', ['%d item', '%d items']],
      ['q', ['Q']],
    ]);
  });

  it('creates an empty dictionary that takes new units', () => {
    const created = stringsdictFormat.create({ language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] });
    created.addUnit({ key: 'k', source: ['k'], target: ['1', '2', '3', '4'] });
    const back = stringsdictFormat.parse(created.serialize(), { pluralCategories: ['one', 'few', 'many', 'other'] });
    expect(back.units.map((u) => u.target)).toEqual([['1', '2', '3', '4']]);
  });
});
