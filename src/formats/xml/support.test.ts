// Unit tests of the XML layer's helpers: byte decoding, escaping, inline markup, text patching.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { decodeXmlBytes, encodeXml, escapeXmlAttribute, escapeXmlText, cdataSection, parseXml, readInline, TextPatcher, applyPatches, writeInline, getAttribute, textContent, indentationAt } from './scanner.js';

describe('decodeXmlBytes / encodeXml', () => {
  it('reads UTF-8 with and without BOM and writes the BOM back', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>č</a>')]);
    const decoded = decodeXmlBytes(withBom);
    expect(decoded).toEqual({ text: '<a>č</a>', encoding: 'utf-8', bom: true });
    expect(encodeXml(decoded.text, decoded.encoding, decoded.bom).equals(withBom)).toBe(true);
  });

  it('reads UTF-16 LE and BE with BOM and sniffs them without', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><a>日本</a>';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const [bytes, encoding] of [[le, 'utf-16le'], [be, 'utf-16be']] as const) {
      const d = decodeXmlBytes(bytes);
      expect(d).toEqual({ text, encoding, bom: true });
      expect(encodeXml(d.text, d.encoding, d.bom).equals(bytes)).toBe(true);
    }
    expect(decodeXmlBytes(Buffer.from(text, 'utf16le')).encoding).toBe('utf-16le');
    expect(decodeXmlBytes(Buffer.from(text, 'utf16le').swap16()).text).toBe(text);
  });

  it('rejects UTF-16 with an odd number of bytes (fuzz regression: a RangeError from swap16)', () => {
    for (const bytes of [[0xfe, 0xff, 0x00], [0xff, 0xfe, 0x3c], [0x00, 0x3c, 0x00, 0x3f, 0x00], [0x3c, 0x00, 0x3f, 0x00, 0x3c]]) {
      expect(() => decodeXmlBytes(Buffer.from(bytes)), String(bytes)).toThrow(FormatParseError);
    }
  });

  it('honours an ISO-8859-1 declaration and references characters it cannot hold', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>caf\xe9</a>', 'latin1');
    const d = decodeXmlBytes(bytes);
    expect(d.text.endsWith('<a>café</a>')).toBe(true);
    expect(encodeXml(d.text + 'č', d.encoding).toString('latin1').endsWith('café</a>&#x10D;')).toBe(true);
  });

  it('rejects invalid UTF-8 and unknown encodings with a line', () => {
    const bad = Buffer.concat([Buffer.from('<a>\n\n'), Buffer.from([0xc3, 0x28]), Buffer.from('</a>')]);
    expect(() => decodeXmlBytes(bad)).toThrow(FormatParseError);
    try {
      decodeXmlBytes(bad);
    } catch (e) {
      expect((e as FormatParseError).line).toBe(3);
    }
    expect(() => decodeXmlBytes(Buffer.from('<?xml version="1.0" encoding="EBCDIC"?><a/>'))).toThrow(/unsupported encoding/);
  });
});

describe('escaping', () => {
  const tricky = 'Say "hi" & <b>bye</b> \'now\'\nnext ]]> čeština \r {0} %s \u0001';
  it('escapes text and attributes so they read back verbatim', () => {
    const doc = parseXml(`<a v="${escapeXmlAttribute(tricky)}" w='${escapeXmlAttribute(tricky, "'")}'>${escapeXmlText(tricky)}</a>`);
    expect(getAttribute(doc.root, 'v')).toBe(tricky);
    expect(getAttribute(doc.root, 'w')).toBe(tricky);
    expect(textContent(doc.root)).toBe(tricky);
    expect(textContent(parseXml(`<a>${escapeXmlText(tricky, { gt: false, quot: true, apos: true })}</a>`).root)).toBe(tricky);
    expect(escapeXmlText(`a"b'c>`, { quot: true, apos: true })).toBe('a&quot;b&apos;c&gt;');
  });

  it('splits "]]>" across CDATA sections', () => {
    const value = 'a ]]> <b>&</b>';
    expect(textContent(parseXml(`<a>${cdataSection(value)}</a>`).root)).toBe(value);
  });
});

describe('inline markup', () => {
  const names = new Set(['g', 'x', 'ph']);
  it('reads mixed content with inline tags verbatim and writes it back', () => {
    const raw = 'Tom &amp; <g id="1" ctype="x-b">Jerry &lt;3</g> <x id="INTERPOLATION" equiv-text="{{ a &amp;&amp; b }}"/>';
    const doc = parseXml(`<t>${raw}</t>`);
    const value = readInline(doc.text, doc.root);
    expect(value).toBe('Tom & <g id="1" ctype="x-b">Jerry <3</g> <x id="INTERPOLATION" equiv-text="{{ a &amp;&amp; b }}"/>');
    expect(writeInline(value, names)).toBe(raw.replace('&lt;3', '&lt;3'));
  });

  it('escapes tags that are not inline elements or are unbalanced', () => {
    for (const value of ['<b>bold</b>', '<g id="1">open', 'close</g>', '<x id="&"/>', '1 < 2 > 0']) {
      const written = writeInline(value, names);
      expect(readInline(written, parseXml(`<t>${written}</t>`).root), value).toBe(value);
      expect(written).not.toContain('<g');
    }
  });
});

describe('TextPatcher', () => {
  it('splices replacements and insertions, later sets of a range win', () => {
    const p = new TextPatcher('0123456789');
    p.set(2, 4, 'ab');
    p.set(2, 4, 'AB');
    p.insert(6, '+');
    p.insert(6, '-');
    p.set(6, 7, 'X');
    expect(p.apply()).toBe('01AB45+-X789');
    p.unset(2, 4);
    expect(p.apply()).toBe('012345+-X789');
    expect(applyPatches('abc', [[0, 1, 'A'], [3, 3, '!']])).toBe('Abc!');
    expect(() => applyPatches('abc', [[0, 2, 'x'], [1, 3, 'y']])).toThrow(/overlapping/);
  });

  it('finds the indentation of a node on its own line', () => {
    const text = '<a>\n\t  <b/> <c/></a>';
    expect(indentationAt(text, text.indexOf('<b'))).toBe('\t  ');
    expect(indentationAt(text, text.indexOf('<c'))).toBeNull();
  });
});

describe('encoding quirks', () => {
  it('reads a UTF-8 file that declares UTF-16 (as .NET tools write) as UTF-8', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="utf-16"?>\n<root>č</root>', 'utf8');
    expect(decodeXmlBytes(bytes)).toMatchObject({ encoding: 'utf-8', bom: false });
    expect(decodeXmlBytes(bytes).text.endsWith('<root>č</root>')).toBe(true);
  });
});
