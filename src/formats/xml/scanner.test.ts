// Unit tests of the XML scanner: offsets, decoding, error lines, and hostile DOCTYPEs.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { childElements, firstChild, getAttribute, getAttributeNode, innerXml, parseXml, textContent } from './scanner.js';

function errorOf(text: string): FormatParseError {
  try {
    parseXml(text, { filename: 'f.xml' });
  } catch (e) {
    if (e instanceof FormatParseError) return e;
    throw e;
  }
  throw new Error('expected a FormatParseError');
}

describe('parseXml', () => {
  it('keeps offsets of tags, content and attribute values', () => {
    const text = '<?xml version="1.0"?>\n<root a="1" b=\'x &amp; y\'>\n  <unit id="k">Tom &amp; <g id="1">Jerry</g></unit>\n  <empty/>\n</root>\n';
    const doc = parseXml(text);
    expect(doc.root.name).toBe('root');
    expect(doc.children.map((n) => n.kind)).toEqual(['pi', 'text', 'element', 'text']);
    const b = getAttributeNode(doc.root, 'b')!;
    expect(b.value).toBe('x & y');
    expect(b.quote).toBe("'");
    expect(text.slice(b.valueStart, b.valueEnd)).toBe('x &amp; y');
    expect(text.slice(b.start, b.end)).toBe("b='x &amp; y'");
    const unit = firstChild(doc.root, 'unit')!;
    expect(text.slice(unit.start, unit.startTagEnd)).toBe('<unit id="k">');
    expect(innerXml(doc, unit)).toBe('Tom &amp; <g id="1">Jerry</g>');
    expect(text.slice(unit.contentEnd, unit.end)).toBe('</unit>');
    expect(textContent(unit)).toBe('Tom & Jerry');
    const empty = firstChild(doc.root, 'empty')!;
    expect(empty.selfClosing).toBe(true);
    expect(empty.contentStart).toBe(empty.contentEnd);
    expect(text.slice(empty.start, empty.end)).toBe('<empty/>');
    expect(childElements(doc.root).map((e) => e.name)).toEqual(['unit', 'empty']);
    expect(doc.lineAt(unit.start)).toBe(3);
  });

  it('decodes predefined entities and character references, nothing else', () => {
    const doc = parseXml('<a t="&#x41;&#66;&lt;&gt;&quot;&apos;">&#x1F600; &#269;&amp;</a>');
    expect(getAttribute(doc.root, 't')).toBe('AB<>"\'');
    expect(textContent(doc.root)).toBe('😀 č&');
    expect(errorOf('<a>\n&nbsp;</a>').line).toBe(2);
    expect(errorOf('<a>\nx & y</a>').reason).toMatch(/unescaped '&'/);
  });

  it('normalises line ends in text and whitespace in attributes', () => {
    const doc = parseXml('<a v="x\ny\tz">one\r\ntwo\rthree&#13;</a>');
    expect(getAttribute(doc.root, 'v')).toBe('x y z');
    expect(textContent(doc.root)).toBe('one\ntwo\nthree\r');
  });

  it('keeps comments, CDATA, processing instructions and a DOCTYPE without entities', () => {
    const text = '<!DOCTYPE TS>\n<!-- c -->\n<TS><![CDATA[<b>x</b> & y]]><?pi data?></TS>';
    const doc = parseXml(text);
    expect(doc.doctype?.name).toBe('TS');
    expect(doc.children[2]).toMatchObject({ kind: 'comment', value: ' c ' });
    expect(textContent(doc.root)).toBe('<b>x</b> & y');
    expect(doc.root.children[1]).toMatchObject({ kind: 'pi', target: 'pi', data: 'data' });
    expect(parseXml('<!DOCTYPE martif SYSTEM "TBXcdv04.dtd">\n<martif/>').doctype?.name).toBe('martif');
    expect(parseXml('<!DOCTYPE x [<!ELEMENT x ANY>]><x/>').root.name).toBe('x');
  });

  it('reports malformed XML with the line of the problem', () => {
    expect(errorOf('<a>\n<b>\n</a>').reason).toMatch(/mismatched end tag <\/a>, expected <\/b>/);
    expect(errorOf('<a>\n<b>\n</a>').line).toBe(3);
    const unclosed = errorOf('<a>\n  <trans-unit id="x">\n<source>s</source>\n');
    expect(unclosed.reason).toBe('unclosed <trans-unit> element');
    expect(unclosed.line).toBe(2);
    expect(unclosed.message).toMatch(/^f\.xml:2: /);
    expect(errorOf('<a x="1" x="2"/>').reason).toMatch(/duplicate attribute/);
    expect(errorOf('<a x=1/>').reason).toMatch(/quoted value/);
    expect(errorOf('<a x="<"/>').reason).toMatch(/'<' in the value/);
    expect(errorOf('<a/>\n<b/>').line).toBe(2);
    expect(errorOf('text').reason).toMatch(/text before the root/);
    expect(errorOf('').reason).toBe('no root element');
    expect(errorOf('<a>\n<!-- open\n</a>').line).toBe(2);
    expect(errorOf('<a>\n\n< b/></a>').line).toBe(3);
  });
});

describe('hostile DOCTYPEs', () => {
  it('rejects billion laughs quickly, before any expansion', () => {
    let decl = '<!ENTITY lol "lol">\n';
    for (let i = 1; i < 10; i++) decl += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">\n`;
    const text = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${decl}]>\n<lolz>&lol9;</lolz>`;
    const started = performance.now();
    const error = errorOf(text);
    expect(performance.now() - started).toBeLessThan(50);
    expect(error.reason).toMatch(/entities/);
    expect(error.line).toBe(3);
  });

  it('rejects external entities (XXE) and parameter entities', () => {
    expect(errorOf('<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<foo>&xxe;</foo>').reason).toMatch(/entities/);
    expect(errorOf('<!DOCTYPE foo [ %remote; ]><foo/>').reason).toMatch(/parameter entity/);
    // Without a declaration the reference is simply undefined: nothing is fetched.
    expect(errorOf('<!DOCTYPE foo SYSTEM "http://example.invalid/x.dtd">\n<foo>&xxe;</foo>').reason).toMatch(/undefined entity &xxe;/);
  });

  it('parses a large document in linear time', () => {
    const units: string[] = [];
    for (let i = 0; i < 100000; i++) units.push(`<u id="k${i}"><s>Hello &amp; ${i}</s><t a="b">Ahoj</t></u>`);
    const text = `<root>\n${units.join('\n')}\n</root>`;
    const started = performance.now();
    const doc = parseXml(text);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(childElements(doc.root).length).toBe(100000);
  });
});
