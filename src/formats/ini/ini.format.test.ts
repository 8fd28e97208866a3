// Tests for INI files: sections as key prefixes, go-ini quoting (Gitea, Gogs), notes, and where new keys go.

import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { renderIniValue } from './ini-parser.js';
import { iniFormat } from './ini.format.js';

const parse = (text: string) => iniFormat.parse(Buffer.from(text, 'utf8'));
const pairs = (text: string) => parse(text).units.map((u) => [u.key, u.target[0]]);

describe('ini reading', () => {
  it('keys entries in a section as [section]key, others (and [DEFAULT]) bare', () => {
    expect(pairs('top = 1\n[s]\na = 2\nb: 3\n[DEFAULT]\nd = 4\n')).toEqual([
      ['top', '1'],
      ['[s]a', '2'],
      ['[s]b', '3'],
      ['d', '4'],
    ]);
  });

  it('strips "…" and `…` around a value, reads """…""" over lines, and keeps = and ; inside values', () => {
    expect(pairs('a = "  padded  "\nb = ` cannot be empty.`\nc = """one\ntwo"""\nd = x = y ; not a comment\ne = "unbalanced\n')).toEqual([
      ['a', '  padded  '],
      ['b', ' cannot be empty.'],
      ['c', 'one\ntwo'],
      ['d', 'x = y ; not a comment'],
      ['e', '"unbalanced'],
    ]);
  });

  it('takes the comment lines right above an entry as its note', () => {
    expect(parse('; header\n\n; about a\n# more\na = 1\nb = 2\n').units.map((u) => u.note)).toEqual(['about a\nmore', '']);
  });

  it('reports lines it cannot read with their number', () => {
    let error: unknown;
    try {
      parse('[s]\na = 1\n\nnonsense\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatParseError);
    expect((error as FormatParseError).line).toBe(4);
  });
});

describe('ini writing', () => {
  it('quotes values only where a bare value would read differently', () => {
    expect(renderIniValue('plain; text = ok', '')).toBe('plain; text = ok');
    expect(renderIniValue(' lead', '')).toBe('" lead"');
    expect(renderIniValue('"quoted"', '')).toBe('`"quoted"`');
    expect(renderIniValue('x', '`')).toBe('`x`');
    expect(renderIniValue('a\nb', '')).toBe('"""a\nb"""');
  });

  it('rewrites only the edited value, keeping its quotes', () => {
    const store = parse('[form]\nrequire_error   =   ` cannot be empty.`\nother = x\n');
    store.updateUnit(0, { target: [' darf nicht leer sein.'] });
    expect(store.serialize().toString()).toBe('[form]\nrequire_error   =   ` darf nicht leer sein.`\nother = x\n');
  });

  it('adds keys at the end of their section, new sections at the end, and bare keys under [DEFAULT]', () => {
    const store = parse('a = 1\n\n[s]\nb = 2\n\n[t]\nc = 3\n');
    store.addUnit({ key: '[s]new', source: ['[s]new'], target: ['N'] });
    store.addUnit({ key: '[u]x', source: ['[u]x'], target: ['X'] });
    store.addUnit({ key: 'bare', source: ['bare'], target: ['B'], note: 'About bare' });
    expect(store.serialize().toString()).toBe('a = 1\n\n[s]\nb = 2\nnew = N\n\n[t]\nc = 3\n\n[u]\nx = X\n\n[DEFAULT]\n; About bare\nbare = B\n');
    expect(pairs(store.serialize().toString()).map(([k]) => k)).toEqual(['a', '[s]b', '[s]new', '[t]c', '[u]x', 'bare']);
  });

  it('removes an entry with its note', () => {
    const store = parse('; about a\na = 1\nb = 2\n');
    store.removeUnit(0);
    expect(store.serialize().toString()).toBe('b = 2\n');
  });
});

describe('ini """ values ending in quotes (fuzz regression)', () => {
  it('read the quotes before the closing """ as part of the value', () => {
    for (const text of ['"', 'a"\nb"', '""\n']) {
      const store = parse('a = """x\ny"""\nb = 2\n');
      store.updateUnit(0, { target: [text] });
      expect(pairs(store.serialize().toString()), JSON.stringify(text)).toEqual([
        ['a', text],
        ['b', '2'],
      ]);
    }
  });
});
