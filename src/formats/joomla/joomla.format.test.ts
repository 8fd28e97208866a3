// Tests for Joomla language files: quoting, "_QQ_" and \" quotes, \n, and keys without section prefixes.

import { describe, expect, it } from 'vitest';
import { joomlaFormat } from './joomla.format.js';

const parse = (text: string) => joomlaFormat.parse(Buffer.from(text, 'utf8'));
const pairs = (text: string) => parse(text).units.map((u) => [u.key, u.target[0]]);

describe('joomla reading', () => {
  it('strips the quotes and reads "_QQ_", \\" and \\n', () => {
    expect(pairs('[sec]\nA="Set "_QQ_"Yes"_QQ_""\nB="Say \\"hi\\""\nC="one\\ntwo"\nD=bare\n')).toEqual([
      ['A', 'Set "Yes"'],
      ['B', 'Say "hi"'],
      ['C', 'one\ntwo'],
      ['D', 'bare'],
    ]);
  });
});

describe('joomla writing', () => {
  it('writes quotes as "_QQ_" unless the file uses \\"', () => {
    const qq = parse('A="x"\n');
    qq.updateUnit(0, { target: ['Say "hi"\nnow'] });
    expect(qq.serialize().toString()).toBe('A="Say "_QQ_"hi"_QQ_"\\nnow"\n');
    const backslash = parse('A="x \\"y\\""\nB="z"\n');
    backslash.updateUnit(1, { target: ['"w"'] });
    expect(backslash.serialize().toString()).toBe('A="x \\"y\\""\nB="\\"w\\""\n');
  });

  it('appends new keys with the file\'s separator and a ; note', () => {
    const store = parse('A = "x"\n');
    store.addUnit({ key: 'COM_NEW', source: ['COM_NEW'], target: ['New'], note: 'Added' });
    expect(store.serialize().toString()).toBe('A = "x"\n; Added\nCOM_NEW = "New"\n');
    expect(pairs(store.serialize().toString())).toEqual([
      ['A', 'x'],
      ['COM_NEW', 'New'],
    ]);
  });
});

describe('joomla backslashes (fuzz regression)', () => {
  it('doubles a backslash only where it would start an escape, so it reads back', () => {
    // A backslash before a tab, a line break or a quote: those become escapes themselves.
    for (const text of ['C:\\new', 'end\\', 'a\\"b', 'plain \\ slash', '"_QQ_"', '\\\t', 'a\\\nb', '\\\r', '\\"']) {
      const store = parse('A="x"\n');
      store.updateUnit(0, { target: [text] });
      expect(parse(store.serialize().toString()).units[0]!.target, text).toEqual([text]);
    }
    const store = parse('A="x"\n');
    store.updateUnit(0, { target: ['plain \\ slash C:\\new'] });
    expect(store.serialize().toString()).toBe('A="plain \\ slash C:\\\\new"\n');
  });
});
