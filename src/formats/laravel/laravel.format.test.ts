// Tests for Laravel language files: `|` plurals (with range prefixes) shown as the language's forms and written back.

import { describe, expect, it } from 'vitest';
import { laravelFormat } from './laravel.format.js';

const RU = { language: 'ru', pluralCategories: ['one', 'few', 'many'] };
const parse = (text: string, options = RU) => laravelFormat.parse(Buffer.from(text, 'utf8'), options);

describe('laravel plurals', () => {
  it('reads `|` pieces as forms, filling the forms a language has beyond them', () => {
    const store = parse("<?php\nreturn ['x' => ':count книга|:count книг', 'y' => 'no plural', 'r' => '{0} none|[1,*] :count'];\n");
    expect(store.units.map((u) => u.target)).toEqual([[':count книга', ':count книг', ''], ['no plural'], ['{0} none', '[1,*] :count', '']]);
  });

  it('keeps every piece when a value has more than the language has forms', () => {
    const store = parse("<?php\nreturn ['r' => '{0} none|{1} one|[2,*] many'];\n", { language: 'en', pluralCategories: ['one', 'other'] });
    expect(store.units[0]!.target).toEqual(['{0} none', '{1} one', '[2,*] many']);
  });

  it('writes the forms joined by `|`, leaving out empty forms at the end', () => {
    const store = parse("<?php\nreturn [\n    'x' => 'a|b',\n];\n");
    store.updateUnit(0, { target: ['одна', 'две', 'много'] });
    expect(store.serialize().toString()).toBe("<?php\nreturn [\n    'x' => 'одна|две|много',\n];\n");
    store.updateUnit(0, { target: ['одна', 'две', ''] });
    expect(store.serialize().toString()).toBe("<?php\nreturn [\n    'x' => 'одна|две',\n];\n");
  });

  it('adds a plural unit with all its forms', () => {
    const store = laravelFormat.create({ language: 'ru', pluralCategories: RU.pluralCategories });
    store.addUnit({ key: 'items.count', source: ['items.count'], target: [':count штука', ':count штуки', ':count штук'] });
    expect(store.serialize().toString()).toBe("<?php\n\nreturn [\n    'items' => ['count' => ':count штука|:count штуки|:count штук'],\n];\n");
    expect(parse(store.serialize().toString()).units[0]!.target).toEqual([':count штука', ':count штуки', ':count штук']);
  });
});
