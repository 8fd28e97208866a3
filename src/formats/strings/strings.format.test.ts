// Tests for Apple .strings: escapes, notes from comments, encodings kept on write, key-only entries.

import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { escapeStrings, unescapeStrings } from './escape.js';
import { stringsFormat, stringsUtf8Format } from './strings.format.js';

const parse = (text: string | Buffer) => stringsFormat.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

describe('strings escapes', () => {
  it('decodes the escapes Xcode and genstrings write', () => {
    expect(unescapeStrings('a\\"b\\\\c\\nd\\te\\rf')).toBe('a"b\\c\nd\te\rf');
    expect(unescapeStrings('\\U00e9\\u00E9\\UD83D\\UDE00')).toBe('éé😀');
    expect(unescapeStrings("\\'\\101\\q")).toBe("'Aq");
  });

  it('round-trips any text through escape and unescape', () => {
    for (const text of ['Say "hi" \\ bye', 'line\nnext\ttab\r', '\u0001\u001f', 'čeština 日本語 %@ %1$@ {0}', '']) {
      expect(unescapeStrings(escapeStrings(text))).toBe(text);
    }
    expect(escapeStrings('a"b\nc')).toBe('a\\"b\\nc');
    expect(escapeStrings('\u0007')).toBe('\\U0007');
  });
});

describe('strings parsing', () => {
  it('reads keys, values and the comments right above an entry as notes', () => {
    const store = parse(
      '/* File header */\n\n// Section\n"a" = "A";\n"b" = "B"; // trailing comment of b\n"c" = "C";\n\n/* Lost comment */\n\n"d" = "D";\n',
    );
    expect(store.units.map((u) => [u.key, u.target[0], u.note])).toEqual([
      ['a', 'A', 'Section'],
      ['b', 'B', ''],
      ['c', 'C', ''],
      ['d', 'D', ''],
    ]);
    expect(store.units[0]).toMatchObject({ context: 'a', source: ['a'], fuzzy: false, approved: false });
  });

  it('reads ibtool comments as notes', () => {
    const store = parse('/* Class = "NSMenuItem"; title = "Open…"; ObjectID = "0m7"; */\n"0m7.title" = "Open…";\n');
    expect(store.units[0]!.note).toBe('Class = "NSMenuItem"; title = "Open…"; ObjectID = "0m7";');
  });

  it('accepts unquoted keys and values and comments between the tokens', () => {
    const store = parse('key_1 = value.2;\n"k" /* why */ = /* how */ "v" ;\n');
    expect(store.units.map((u) => [u.key, u.target[0]])).toEqual([
      ['key_1', 'value.2'],
      ['k', 'v'],
    ]);
  });

  it('treats a key without value as its own value and gives it one when edited', () => {
    const store = parse('"Cancel";\n"OK" = "Dobře";\n');
    expect(store.units[0]!.target).toEqual(['Cancel']);
    store.updateUnit(0, { target: ['Zrušit'] });
    expect(store.serialize().toString()).toBe('"Cancel" = "Zrušit";\n"OK" = "Dobře";\n');
  });

  it('reports the line of malformed input', () => {
    let error: unknown;
    try {
      parse('"a" = "b";\n\n"c" = "d"\n"e" = "f";\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatParseError);
    expect((error as FormatParseError).line).toBe(4);
    expect((error as FormatParseError).reason).toContain("expected ';'");
  });

  it('rejects bytes that are neither UTF-8 nor UTF-16', () => {
    expect(() => parse(Buffer.from([0x22, 0x61, 0xe9, 0x22, 0x3d, 0x22, 0x62, 0x22, 0x3b]))).toThrow(FormatParseError);
  });
});

describe('strings editing', () => {
  it('splices only the value and escapes it', () => {
    const text = '// c\n"a" = "A";\n  unquoted   =   "B"  ;\n';
    const store = parse(text);
    store.updateUnit(1, { target: ['Řekni "ahoj"\n\\'] });
    expect(store.serialize().toString()).toBe('// c\n"a" = "A";\n  unquoted   =   "Řekni \\"ahoj\\"\\n\\\\"  ;\n');
    store.updateUnit(1, { target: ['B'] });
    expect(store.serialize().toString()).toBe(text);
  });

  it('removes an entry with its comment and appends new entries with notes', () => {
    const store = parse('/* Note a */\n"a" = "A";\n\n/* Note b */\n"b" = "B";');
    store.removeUnit(0);
    store.addUnit({ key: 'new', source: ['new'], target: ['Nový "text"'], note: 'Added' });
    expect(store.serialize().toString()).toBe('\n/* Note b */\n"b" = "B";\n/* Added */\n"new" = "Nový \\"text\\"";\n');
  });

  it('keeps UTF-16LE, UTF-16BE and BOM-less UTF-16 on write', () => {
    const text = '"a" = "A";\n';
    const le = Buffer.from('\ufeff' + text, 'utf16le');
    const be = Buffer.from('\ufeff' + text, 'utf16le').swap16();
    const bare = Buffer.from(text, 'utf16le');
    for (const bytes of [le, be, bare]) {
      const store = parse(bytes);
      expect(store.units[0]!.target).toEqual(['A']);
      store.updateUnit(0, { target: ['Ä'] });
      const out = store.serialize();
      expect(out.subarray(0, 2).equals(bytes.subarray(0, 2)) || bytes === bare).toBe(true);
      expect(out.length).toBe(bytes.length);
      expect(parse(out).units[0]!.target).toEqual(['Ä']);
    }
  });

  it('keeps a UTF-8 BOM', () => {
    const bytes = Buffer.from('\ufeff"a" = "A";\n', 'utf8');
    const store = parse(bytes);
    store.updateUnit(0, { target: ['B'] });
    expect(store.serialize()).toEqual(Buffer.from('\ufeff"a" = "B";\n', 'utf8'));
  });

  it('creates UTF-16 files for "strings" and UTF-8 files for "strings-utf8"', () => {
    const utf16 = stringsFormat.create({ language: 'cs' });
    utf16.addUnit({ key: 'k', source: ['k'], target: ['v'] });
    expect(utf16.serialize()).toEqual(Buffer.from('\ufeff"k" = "v";\n', 'utf16le'));
    const utf8 = stringsUtf8Format.create({ language: 'cs' });
    expect(utf8.serialize().length).toBe(0);
    utf8.addUnit({ key: 'k', source: ['k'], target: ['v'] });
    expect(utf8.serialize().toString()).toBe('"k" = "v";\n');
    expect(stringsUtf8Format.id).toBe('strings-utf8');
  });

  it('refuses duplicate keys and plural targets', () => {
    const store = parse('"a" = "A";\n');
    expect(() => store.addUnit({ key: 'a', source: ['a'], target: ['x'] })).toThrow(RangeError);
    expect(() => store.updateUnit(0, { target: ['x', 'y'] })).toThrow(RangeError);
  });
});
