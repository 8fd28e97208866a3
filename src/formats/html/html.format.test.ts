// HTML document rules: what is a segment, raw inline markup, attribute escaping, template alignment, keys, errors.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR } from '../contract/format-contract.js';
import { FormatParseError } from '../format.js';
import { htmlFormat } from './html.format.js';
import { growthRatio } from '../../../test/helpers/timing.js';

const parse = (text: string, template?: ReturnType<typeof htmlFormat.parse>) => htmlFormat.parse(Buffer.from(text, 'utf8'), template ? { template } : {});
const texts = (text: string): string[] => parse(text).units.map((u) => u.target[0]!);
const out = (store: ReturnType<typeof htmlFormat.parse>): string => store.serialize().toString('utf8');

describe('html segments', () => {
  it('keeps inline markup and entities raw inside the block text', () => {
    expect(texts('<p>Use <b>bold</b> &amp; <a href="x">links</a>&nbsp;here.</p>')).toEqual(['Use <b>bold</b> &amp; <a href="x">links</a>&nbsp;here.']);
  });

  it('splits at block elements, also when end tags are omitted', () => {
    expect(texts('<ul><li>One<li>Two</ul><p>Para one<p>Para two')).toEqual(['One', 'Two', 'Para one', 'Para two']);
    expect(texts('<table><tr><th>Head<td>Cell</table>')).toEqual(['Head', 'Cell']);
  });

  it('translates text directly inside containers and around nested blocks', () => {
    expect(texts('<div>Intro text<p>Inner</p>Outro text</div>')).toEqual(['Intro text', 'Inner', 'Outro text']);
    expect(texts('<blockquote>Quoted words</blockquote>')).toEqual(['Quoted words']);
  });

  it('leaves script, style, textarea and translate="no" blocks alone, and keeps <pre> text as it is', () => {
    const html =
      '<script>var s = "<p>x</p>";</script><style>p{}</style><pre>\n  keep  <b>me</b>\n    here\n</pre><textarea>raw</textarea>' +
      '<div translate="no">brand <p>inner</p></div><p translate=no>not this<li><code>only_code()</code></li><li>Text <span translate="no">Parla</span></li>';
    expect(texts(html)).toEqual(['keep  <b>me</b>\n    here', 'only_code()', 'Text <span translate="no">Parla</span>']);
  });

  it('extracts only translatable elements; markup wrapping a whole segment stays in the document', () => {
    expect(texts('<body>Loose text<ul><li><a href="/x"><b>Wrapped</b></a></li></ul><span>Loose too</span></body>')).toEqual(['Wrapped']);
    expect(texts('<p><a href="#a">Start</a> middle <em>end</em></p>')).toEqual(['<a href="#a">Start</a> middle <em>end</em>']);
    expect(texts('<dl><dt>Term<dd>Text <ul><li>Item</li></ul> after</dl>')).toEqual(['Term', 'Text', 'Item', 'after']);
  });

  it('collapses whitespace runs inside a segment to one space, keeping non-breaking spaces', () => {
    expect(texts('<p>\n  Two\t lines\n  joined\u00a0here&nbsp;too  </p>')).toEqual(['Two lines joined\u00a0here&nbsp;too']);
    expect(texts('<img alt="  spaced\n  alt ">')).toEqual(['spaced alt']);
  });

  it('extracts the html lang, button values, summary and abbr attributes, and social meta descriptions', () => {
    const html =
      '<html lang="en"><head><meta property="og:title" content="Shared title"><meta name="robots" content="index"></head>' +
      '<body><input type="submit" value="Send"><input type="hidden" value="token"><table summary="Prices"><tr><th abbr="Qty">Quantity</th></tr></table></body></html>';
    expect(parse(html).units.map((u) => [u.note, u.target[0]])).toEqual([
      ['<html lang>', 'en'],
      ['<meta content>', 'Shared title'],
      ['<input value>', 'Send'],
      ['<table summary>', 'Prices'],
      ['<th abbr>', 'Qty'],
      ['<th>', 'Quantity'],
    ]);
  });

  it('does not count text inside svg or math as words, nor treat their <title> as the page title', () => {
    expect(texts('<div><svg><title>icon</title><text>x</text></svg></div><p>Real text</p>')).toEqual(['Real text']);
  });

  it('trims whitespace and comments around the segment but keeps them inside it', () => {
    const store = parse('<p>\n  <!-- c1 -->Hello <!-- mid --> world  <!-- c2 -->\n</p>');
    expect(store.units[0]!.target).toEqual(['Hello <!-- mid --> world']);
  });

  it('makes alt, title, placeholder, aria-label and meta description separate units outside text segments', () => {
    const html =
      '<head><title>Page</title><meta name="description" content="About us"><meta name="viewport" content="width=device-width"></head>' +
      '<div title="Tip"><img src="a.png" alt="A cat"></div><p>See <img src="b.png" alt="inline"> here</p><input placeholder=\'Search\' aria-label="Search box">';
    const store = parse(html);
    expect(store.units.map((u) => [u.note, u.target[0]])).toEqual([
      ['<title>', 'Page'],
      ['<meta content>', 'About us'],
      ['<div title>', 'Tip'],
      ['<img alt>', 'A cat'],
      ['<p>', 'See <img src="b.png" alt="inline"> here'],
      ['<input placeholder>', 'Search'],
      ['<input aria-label>', 'Search box'],
    ]);
  });

  it('keys hash the text; edits elsewhere keep them', () => {
    const a = parse('<p>Same</p>\n<p>Other</p>');
    const b = parse('<h1>New heading</h1>\n<p>Same</p>\n<p>Changed</p>');
    expect(b.units[1]!.key).toBe(a.units[0]!.key);
    expect(b.units[0]!.location).toBe('1');
  });

  it('makes one unit of equal segments, with every location, and writes all of them', () => {
    const html = '<title>Same</title>\n<h1>Same</h1>\n<p>Other</p>\n<p>Same</p>\n<img alt="Same">\n';
    const store = parse(html);
    expect(store.units.map((u) => [u.target[0], u.location, u.note])).toEqual([
      ['Same', '1, 2, 4, 5', '<title>'],
      ['Other', '3', '<p>'],
    ]);
    store.updateUnit(0, { target: ['Stejné & "jiné"'] });
    expect(out(store)).toBe(
      '<title>Stejné &amp; "jiné"</title>\n<h1>Stejné &amp; "jiné"</h1>\n<p>Other</p>\n<p>Stejné &amp; "jiné"</p>\n<img alt="Stejné &amp; &quot;jiné&quot;">\n',
    );
    store.removeUnit(0);
    expect(out(store)).toBe('<p>Other</p>\n<img>\n');
  });
});

describe('html editing', () => {
  it('splices the new text and keeps every other byte', () => {
    const html = '<!DOCTYPE html>\n<HTML>\n<body class=x>\n  <p>First  one</p>\n  <P>Second</P>\n</body>\n</HTML>\n';
    const store = parse(html);
    store.updateUnit(1, { target: ['Druhý <em>odstavec</em>'] });
    expect(out(store)).toBe(html.replace('Second', 'Druhý <em>odstavec</em>'));
    store.updateUnit(1, { target: ['Second'] });
    expect(out(store)).toBe(html);
  });

  it('escapes the quote of an attribute value and quotes unquoted values when needed', () => {
    const store = parse('<img alt="A" title=\'B\' placeholder=C><input aria-label=D>');
    store.updateUnit(0, { target: ['Say "hi" & \'bye\' <3'] });
    store.updateUnit(1, { target: ['It\'s "ok" &amp; fine'] });
    store.updateUnit(2, { target: ['two words'] });
    store.updateUnit(3, { target: ['one'] });
    expect(out(store)).toBe(`<img alt="Say &quot;hi&quot; &amp; 'bye' &lt;3" title='It&#39;s "ok" &amp; fine' placeholder="two words"><input aria-label=one>`);
    expect(parse(out(store)).units.map((u) => u.target[0])).toEqual(['Say &quot;hi&quot; &amp; \'bye\' &lt;3', 'It&#39;s "ok" &amp; fine', 'two words', 'one']);
  });

  it('keeps the markup of an edited text and escapes a bare & or < as text', () => {
    const store = parse('<title>T</title><p>x</p>');
    const text = 'Say "hi" & <b>bye</b> a<b &copy; &#x263A; \\ {0} %s <a href="?a=1&b=2">link</a> <i>open';
    store.updateUnit(0, { target: [text] });
    store.updateUnit(1, { target: [text] });
    expect(out(store)).toBe(
      '<title>Say "hi" &amp; &lt;b>bye&lt;/b> a&lt;b &copy; &#x263A; \\ {0} %s &lt;a href="?a=1&amp;b=2">link&lt;/a> &lt;i>open</title>' +
        '<p>Say "hi" &amp; <b>bye</b> a&lt;b &copy; &#x263A; \\ {0} %s <a href="?a=1&amp;b=2">link</a> &lt;i>open</p>',
    );
  });

  it('removes a whole element line, or only an attribute', () => {
    const store = parse('<body>\n  <p>Keep</p>\n  <p>Drop me</p>\n  <img alt="Gone" src="x.png">\n</body>\n');
    store.removeUnit(1);
    store.removeUnit(1);
    expect(out(store)).toBe('<body>\n  <p>Keep</p>\n  <img src="x.png">\n</body>\n');
  });

  it('appends new paragraphs before </body> in the file\'s indentation', () => {
    const store = parse('<html>\n<body>\n  <p>One</p>\n  </body>\n</html>\n');
    store.addUnit({ source: ['Two'], target: ['Dva'] });
    expect(out(store)).toBe('<html>\n<body>\n  <p>One</p>\n  <p>Dva</p>\n  </body>\n</html>\n');
  });

  it('keeps a UTF-8 BOM and CRLF line ends', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>One</p>\r\n<p>Two</p>\r\n')]);
    const store = htmlFormat.parse(bytes);
    store.updateUnit(1, { target: ['Dva'] });
    expect(store.serialize()).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>One</p>\r\n<p>Dva</p>\r\n')]));
  });
});

describe('html translations aligned with the template', () => {
  const source = '<html><head><title>Hello</title></head><body><p>First paragraph</p><p>Second paragraph</p></body></html>';

  it('takes keys and sources from the template and reads identical text as untranslated', () => {
    const template = parse(source);
    const translation = parse('<html><head><title>Ahoj</title></head><body><p>First paragraph</p><p>Druhý odstavec</p><p>Extra</p></body></html>', template);
    expect(translation.units.map((u) => [u.key, u.source[0], u.target[0]])).toEqual([
      [template.units[0]!.key, 'Hello', 'Ahoj'],
      [template.units[1]!.key, 'First paragraph', ''],
      [template.units[2]!.key, 'Second paragraph', 'Druhý odstavec'],
      [translation.units[3]!.key, 'Extra', 'Extra'],
    ]);
  });

  it('creates a translation from the template with nothing translated, and writes targets into the template', () => {
    const template = parse(source);
    const created = htmlFormat.create({ language: 'cs', template });
    expect(created.units.map((u) => u.target)).toEqual([[''], [''], ['']]);
    expect(created.units.map((u) => u.key)).toEqual(template.units.map((u) => u.key));
    expect(out(created)).toBe(source);
    created.updateUnit(2, { target: ['Druhý odstavec'] });
    expect(out(created)).toBe(source.replace('Second paragraph', 'Druhý odstavec'));
    created.updateUnit(2, { target: [''] });
    expect(out(created)).toBe(source);
    const back = htmlFormat.parse(created.serialize(), { template });
    expect(back.units.map((u) => u.target[0])).toEqual(['', '', '']);
  });

  it('aligns the real Arabic W3C page with its English template', () => {
    const dir = path.join(REAL_WORLD_DIR, 'html/w3c-i18n-drafts/quicktips');
    if (!fs.existsSync(dir)) return;
    const template = htmlFormat.parse(fs.readFileSync(path.join(dir, 'index.en.html')));
    const ar = htmlFormat.parse(fs.readFileSync(path.join(dir, 'index.ar.html')), { template });
    expect(ar.units[0]!.target).toEqual(['ar']);
    expect(ar.units[1]!.source).toEqual(['Internationalization Quick Tips for the Web']);
    expect(ar.units[1]!.target).toEqual(['إرشادات مختصرة لتدويل الشبكة العالمية']);
    expect(ar.units[1]!.key).toBe(template.units[1]!.key);
    expect(ar.units[2]!.note).toBe('<meta content>');
  });
});

describe('html errors and limits', () => {
  const error = (text: string): FormatParseError => {
    try {
      htmlFormat.parse(Buffer.from(text), { filename: 'page.html' });
    } catch (e) {
      return e as FormatParseError;
    }
    throw new Error('no error');
  };

  it('reports the line of unterminated constructs', () => {
    expect(error('<p>a</p>\n\n<!-- open').line).toBe(3);
    expect(error('<p>a</p>\n<p class="x>b</p>').message).toMatch(/^page\.html:2: unterminated value of attribute "class"/);
    expect(error('<p>a</p>\n<style>\np{}\n').message).toBe('page.html:2: unclosed <style> element');
    expect(error('<p>a</p>\n<p').reason).toBe('unclosed <p> tag');
  });

  it('accepts a lone "<" and stray end tags as HTML does', () => {
    expect(texts('<p>a < b and </i> c</p>')).toEqual(['a < b and </i> c']);
  });

  it('parses 100,000 units in time linear in their number', () => {
    const page = (paragraphs: number) => Buffer.from(`<body>\n${Array.from({ length: paragraphs }, (_, i) => `<p title="t${i}">Paragraph <b>number</b> ${i}</p>\n`).join('')}</body>\n`);
    const small = page(5_000);
    const large = page(50_000);
    expect(htmlFormat.parse(large).units.length).toBe(100_000);
    const { ratio, smallMs, largeMs } = growthRatio((n) => htmlFormat.parse(n === 5_000 ? small : large), 5_000);
    console.log(`html: 10k units parsed in ${smallMs.toFixed(0)} ms, 100k in ${largeMs.toFixed(0)} ms`);
    expect(ratio).toBeLessThan(30); // 10 when linear (more with garbage collection), 100 when quadratic
  });
});
