// Tests for Java .properties: Properties.load() reading rules, escaping per flavour, encodings and layout kept on edit.

import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { escapeKey, escapeValue } from './escape.js';
import { propertiesFormat, propertiesUtf8Format } from './properties.format.js';

const parse = (text: string | Buffer) => propertiesFormat.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
const parseUtf8 = (text: string) => propertiesUtf8Format.parse(Buffer.from(text, 'utf8'));
const pairs = (store: { units: readonly { key: string; target: string[] }[] }) => store.units.map((u) => [u.key, u.target[0]]);

describe('properties reading', () => {
  it('reads the three separator styles and keys with escapes', () => {
    const store = parse('a=1\nb: 2\nc 3\nd   =   4\ne\\ f\\=g\\:h = 5\nonly.key\n  indented = 6\n');
    expect(pairs(store)).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
      ['e f=g:h', '5'],
      ['only.key', ''],
      ['indented', '6'],
    ]);
  });

  it('decodes escapes and joins continuation lines without their indentation', () => {
    const store = parse('a = \\u010Ce\\u0161tina\\t\\n\\r\\f\\\\ \\q\nb = first \\\n     second \\\n\tthird\nc = \\  two leading spaces\n');
    expect(pairs(store)).toEqual([
      ['a', 'Čeština\t\n\r\f\\ q'],
      ['b', 'first second third'],
      ['c', '  two leading spaces'],
    ]);
  });

  it('keeps a backslash pair at the end of a line as a backslash, not a continuation', () => {
    expect(pairs(parse('a = C:\\\\\nb = 2\n'))).toEqual([
      ['a', 'C:\\'],
      ['b', '2'],
    ]);
  });

  it('takes the comment lines right above a key as its note', () => {
    const store = parse('## Header\n\n# About the key\n! more\nkey=value\nnext=value\n');
    expect(store.units.map((u) => u.note)).toEqual(['About the key\nmore', '']);
  });

  it('does not treat # inside a continuation as a comment', () => {
    expect(pairs(parse('a = x \\\n  # not a comment\n'))).toEqual([['a', 'x # not a comment']]);
  });

  it('reads ISO-8859-1 bytes that are not UTF-8 and UTF-8 otherwise', () => {
    expect(pairs(parse(Buffer.from('a=caf\xe9\n', 'latin1')))).toEqual([['a', 'café']]);
    expect(pairs(parse('a=café\n'))).toEqual([['a', 'café']]);
  });

  it('reports malformed escapes with their line', () => {
    let error: unknown;
    try {
      parse('a=1\nb = \\\n  \\uZZZZ\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatParseError);
    expect((error as FormatParseError).line).toBe(3);
  });
});

describe('properties escaping', () => {
  const iso = { asciiOnly: true, lowerHex: false, latin1: true };
  const utf8 = { asciiOnly: false, lowerHex: false, latin1: false };

  it('escapes non-ASCII for the ISO-8859-1 flavour only', () => {
    expect(escapeValue('Příliš žluťoučký', iso)).toBe('P\\u0159\\u00EDli\\u0161 \\u017Elu\\u0165ou\\u010Dk\\u00FD');
    expect(escapeValue('Příliš žluťoučký', utf8)).toBe('Příliš žluťoučký');
    expect(escapeValue('日本', { ...utf8, latin1: true })).toBe('\\u65E5\\u672C');
  });

  it('escapes leading spaces, backslashes and line breaks but not = or : in values', () => {
    expect(escapeValue('  a = b: c\\d\ne\tf', utf8)).toBe('\\ \\ a = b: c\\\\d\\ne\\tf');
    expect(escapeKey('#a b=c:d', utf8)).toBe('\\#a\\ b\\=c\\:d');
  });
});

describe('properties editing', () => {
  it('rewrites a value given on continuation lines on one line, keeping key and separator', () => {
    const store = parse('first   =   one\nlong   :   part one \\\n    part two\nlast = end\n');
    store.updateUnit(1, { target: ['jeden řádek'] });
    expect(store.serialize().toString()).toBe('first   =   one\nlong   :   jeden \\u0159\\u00E1dek\nlast = end\n');
  });

  it('keeps the hex case of the file and writes raw UTF-8 for properties-utf8', () => {
    const store = parse('a = \\u064a\nb = x\n');
    store.updateUnit(1, { target: ['ř'] });
    expect(store.serialize().toString()).toBe('a = \\u064a\nb = \\u0159\n');
    const raw = parseUtf8('a = \\u064a\nb = x\n');
    raw.updateUnit(1, { target: ['ř'] });
    expect(raw.serialize().toString()).toBe('a = \\u064a\nb = ř\n');
  });

  it('keeps an ISO-8859-1 file in ISO-8859-1', () => {
    const bytes = Buffer.from('a=caf\xe9\nb=x\n', 'latin1');
    const store = propertiesUtf8Format.parse(bytes);
    store.updateUnit(1, { target: ['thé ř'] });
    expect(store.serialize()).toEqual(Buffer.from('a=caf\xe9\nb=th\xe9 \\u0159\n', 'latin1'));
  });

  it('writes back the original raw text when a value is set back', () => {
    const text = 'a = x \\\n   y\n';
    const store = parse(text);
    store.updateUnit(0, { target: ['z'] });
    store.updateUnit(0, { target: ['x y'] });
    expect(store.serialize().toString()).toBe(text);
  });

  it('gives a bare key a separator when it gets a value', () => {
    const store = parse('a = 1\nbare\n');
    store.updateUnit(1, { target: ['2'] });
    expect(store.serialize().toString()).toBe('a = 1\nbare = 2\n');
  });

  it('appends new keys with the file separator style and notes, and removes keys with their comments', () => {
    const store = parse('# note of a\na     = 1\nbb    = 2\nccc   = 3');
    store.addUnit({ key: 'new key', source: ['new key'], target: ['Nový'], note: 'Added' });
    store.removeUnit(0);
    expect(store.serialize().toString()).toBe('bb    = 2\nccc   = 3\n# Added\nnew\\ key = Nov\\u00FD\n');
    expect(pairs(parse(store.serialize()))).toEqual([
      ['bb', '2'],
      ['ccc', '3'],
      ['new key', 'Nový'],
    ]);
  });

  it('creates empty files', () => {
    for (const format of [propertiesFormat, propertiesUtf8Format]) {
      const store = format.create({ language: 'cs' });
      expect(store.units).toEqual([]);
      expect(store.serialize().length).toBe(0);
      store.addUnit({ key: 'k', source: ['k'], target: ['č'] });
      expect(store.serialize().toString()).toBe(format === propertiesFormat ? 'k=\\u010D\n' : 'k=č\n');
    }
  });
});

describe('properties notes of added units (fuzz regressions)', () => {
  it('a note with characters ISO-8859-1 cannot hold stays a comment ("č" used to be written as a CR byte)', () => {
    const store = propertiesFormat.create({ language: 'cs' });
    store.addUnit({ key: 'a', source: ['a'], target: ['x'], note: 'č"' });
    store.addUnit({ key: 'b', source: ['b'], target: ['y'] });
    const bytes = store.serialize();
    expect(bytes.toString('latin1')).toBe('# \\u010D"\na=x\nb=y\n');
    expect(propertiesFormat.parse(bytes).units.map((u) => [u.key, u.note, u.target])).toEqual([
      ['a', '\\u010D"', ['x']],
      ['b', '', ['y']],
    ]);
  });

  it('a CR in a note does not start an entry', () => {
    for (const format of [propertiesFormat, propertiesUtf8Format]) {
      const store = format.create({ language: 'cs' });
      store.addUnit({ key: 'a', source: ['a'], target: ['x'], note: 'one\rtwo=three' });
      expect(format.parse(store.serialize()).units.map((u) => [u.key, u.note])).toEqual([['a', 'one\ntwo=three']]);
    }
  });
});

describe('properties values after a whitespace separator (fuzz regression)', () => {
  it('escape a leading "=" or ":", which the reader would take as the separator', () => {
    for (const value of [':', '= x', ': y']) {
      const store = propertiesFormat.parse(Buffer.from('key value\nother value\n'));
      store.updateUnit(0, { target: [value] });
      store.addUnit({ key: 'added', source: ['added'], target: [value] });
      const bytes = store.serialize();
      expect(bytes.toString('latin1').split('\n')[0]).toBe(`key \\${value}`);
      expect(propertiesFormat.parse(bytes).units.map((u) => u.target[0])).toEqual([value, 'value', value]);
    }
  });

  it('leave them alone after an "=" separator', () => {
    const store = propertiesFormat.parse(Buffer.from('key=value\n'));
    store.updateUnit(0, { target: [': y'] });
    expect(store.serialize().toString('latin1')).toBe('key=: y\n');
  });
});

describe('properties value after a continuation at the end of the file (fuzz regression)', () => {
  it('goes on the continued line instead of being escaped by the dangling backslash', () => {
    const store = propertiesFormat.parse(Buffer.from('a = \\'));
    expect(store.units[0]!.target).toEqual(['']);
    store.updateUnit(0, { target: [' "'] });
    const bytes = store.serialize();
    expect(bytes.toString('latin1')).toBe('a = \\\n\\ "');
    expect(propertiesFormat.parse(bytes).units[0]!.target).toEqual([' "']);
  });

  it('also after a continuation that ends the key, but not after an escaped backslash', () => {
    for (const [text, written] of [
      ['\\', '\\\n=!'],
      ['x=1\nabc\\', 'x=1\nabc\\\n=!'],
      ['k\\\\', 'k\\\\=!'],
    ]) {
      const store = propertiesFormat.parse(Buffer.from(text!));
      const last = store.units.length - 1;
      store.updateUnit(last, { target: ['!'] });
      expect(store.serialize().toString('latin1'), text).toBe(written);
      expect(propertiesFormat.parse(store.serialize()).units[last]!.target).toEqual(['!']);
    }
  });
});
