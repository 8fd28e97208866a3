// Unit tests of the XML scanner: offsets, decoding, error lines, and hostile DOCTYPEs.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { childElements, firstChild, getAttribute, getAttributeNode, innerXml, MAX_ATTRIBUTES, MAX_DEPTH, MAX_ELEMENTS, parseXml, readInline, textContent } from './scanner.js';
import { growthRatio } from '../../../test/helpers/timing.js';

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
    const documentOf = (n: number) => `<root>\n${Array.from({ length: n }, (_, i) => `<u id="k${i}"><s>Hello &amp; ${i}</s><t a="b">Ahoj</t></u>`).join('\n')}\n</root>`;
    const sizes = new Map([10_000, 100_000].map((n) => [n, documentOf(n)]));
    expect(growthRatio((n) => parseXml(sizes.get(n)!), 10_000).ratio).toBeLessThan(30);
    const text = sizes.get(100_000)!;
    const started = performance.now();
    const doc = parseXml(text);
    // Generous for machines shared with other work: a quadratic scan of this takes minutes.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(childElements(doc.root).length).toBe(100000);
  });
});

describe('bounds on hostile elements', () => {
  const attributes = (count: number, name = (i: number) => `a${i}`) => Array.from({ length: count }, (_, i) => `${name(i)}="v"`).join(' ');

  it('takes attributes up to the cap and checks duplicates among many', () => {
    const doc = parseXml(`<a ${attributes(MAX_ATTRIBUTES)}/>`);
    expect(doc.root.attributes).toHaveLength(MAX_ATTRIBUTES);
    expect(getAttribute(doc.root, `a${MAX_ATTRIBUTES - 1}`)).toBe('v');
    const dup = errorOf(`<a\n${attributes(500)} a250="w"/>`);
    expect(dup.reason).toBe('duplicate attribute a250 in <a>');
    expect(dup.line).toBe(2);
    expect(errorOf('<a b="1" c="2" b="3"/>').reason).toMatch(/duplicate attribute b/);
  });

  it('refuses an element with 100,000 attributes at once, with its line', () => {
    const text = `<root>\n<unit ${attributes(100_000)}>${'x'.repeat(100_000)}</unit></root>`;
    const started = performance.now();
    const error = errorOf(text);
    expect(performance.now() - started).toBeLessThan(500);
    expect(error.reason).toBe(`too many attributes in <unit> (at most ${MAX_ATTRIBUTES})`);
    expect(error.line).toBe(2);
  });

  it('scans elements of as many attributes as allowed, each followed by long text, in linear time', () => {
    // The text after each element has no '<' for a long way, which a search for '<' per attribute crossed.
    const units = Array.from({ length: 20 }, (_, u) => `<u${u} ${attributes(MAX_ATTRIBUTES)}/>${'x'.repeat(250_000)}`).join('');
    const started = performance.now();
    const doc = parseXml(`<root>${units}</root>`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(childElements(doc.root)).toHaveLength(20);
  });

  it('refuses nesting deeper than the cap, and reads nesting up to it', () => {
    const nested = (depth: number) => '<g>'.repeat(depth) + 'x' + '</g>'.repeat(depth);
    const deep = parseXml(nested(MAX_DEPTH));
    expect(textContent(deep.root)).toBe('x');
    expect(readInline(deep.text, deep.root)).toBe('<g>'.repeat(MAX_DEPTH - 1) + 'x' + '</g>'.repeat(MAX_DEPTH - 1));
    const error = errorOf(`<r>\n${nested(200_000)}</r>`);
    expect(error.reason).toBe(`elements nested deeper than ${MAX_DEPTH} levels`);
    expect(error.line).toBe(2);
  });

  it('refuses more elements than the cap, unless the caller drops records and allows more', () => {
    const text = `<r>\n${'<x/>'.repeat(MAX_ELEMENTS)}</r>`;
    const started = performance.now();
    const error = errorOf(text);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(error.reason).toBe('more than 2,000,000 elements');
    expect(error.line).toBe(2);
    let ended = 0;
    const doc = parseXml(text, { maxElements: MAX_ELEMENTS + 1, onElementEnd: (el) => {
        ended++;
        if (el.parent) el.parent.children.length = 0;
      },
    });
    expect(ended).toBe(MAX_ELEMENTS + 1);
    expect(doc.root.children).toEqual([]);
  });

  it('keeps comments, CDATA and entities linear', () => {
    const started = performance.now();
    parseXml(`<r>${'<!-- c -->'.repeat(100_000)}${'<![CDATA[x]]>'.repeat(100_000)}${'&amp;&#65;'.repeat(100_000)}</r>`);
    expect(errorOf(`<r>${'&amp;'.repeat(100_000)}&${'x'.repeat(1_000_000)};</r>`).reason).toMatch(/unescaped '&'/);
    expect(errorOf(`<r a="${'&lt;'.repeat(100_000)}&${'x'.repeat(1_000_000)}"/>`).reason).toMatch(/unescaped '&'/);
    expect(errorOf(`<r>${'<!-- c -->'.repeat(100_000)}<!-- ${'x'.repeat(1_000_000)}</r>`).reason).toBe('unclosed comment');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('lets onElementEnd consume each record and drop it from the tree', () => {
    const names: string[] = [];
    const doc = parseXml('<r>\n<row n="1"><c/></row>\n<row n="2"/><keep/></r>', {
      onElementEnd: (el) => {
        names.push(el.name);
        if (el.name === 'row') el.parent!.children.length = 0;
      },
    });
    expect(names).toEqual(['c', 'row', 'row', 'keep', 'r']);
    expect(doc.root.children.map((n) => n.kind === 'element' ? n.name : n.kind)).toEqual(['keep']);
  });
});
