// Translators' text written into HTML and XHTML: bare & and < become text, kept markup stays, and xmllint still accepts XHTML.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeFragment, HTML_RULES, markupRulesFor } from './html-escape.js';
import { htmlFormat } from './html.format.js';

const XHTML = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<title>Fish &amp; chips</title>
</head>
<body>
<h1 title="Menu &amp; prices">Our <em>menu</em></h1>
<p>Call us at <a href="tel:123">123</a> before 5&#160;pm.</p>
<img src="fish.png" alt="A fish" />
<p>Line one<br />line two</p>
</body>
</html>
`;

function hasXmllint(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** xmllint's verdict on the document, or null when xmllint is not installed. */
function xmllintErrors(bytes: Uint8Array): string | null {
  if (!hasXmllint()) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-xhtml-'));
  const file = path.join(dir, 'page.xhtml');
  fs.writeFileSync(file, bytes);
  try {
    execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('escaping a segment as an HTML fragment', () => {
  it('keeps balanced tags, comments and references, and escapes the rest', () => {
    expect(escapeFragment('Tom & Jerry &amp; &nbsp; &#x2022; &#0; &#xZZ;', HTML_RULES)).toBe('Tom &amp; Jerry &amp; &nbsp; &#x2022; &amp;#0; &amp;#xZZ;');
    expect(escapeFragment('a < b, <b>bold</b>, <i>open, </u>stray, <br> <!-- note --> <3', HTML_RULES)).toBe(
      'a &lt; b, <b>bold</b>, &lt;i>open, &lt;/u>stray, <br> <!-- note --> &lt;3',
    );
    expect(escapeFragment('<a href="?x=1&y=2" title=\'it\'>go</a>', HTML_RULES)).toBe('<a href="?x=1&amp;y=2" title=\'it\'>go</a>');
  });

  it('applies XML rules to XHTML: self-closed void elements, quoted attributes, known entities, no ]]>', () => {
    const rules = markupRulesFor(XHTML);
    expect(rules.xml).toBe(true);
    expect(escapeFragment('<br/> <br> <a href=x>u</a> &amp; &nbsp; &copy; ]]>', rules)).toBe('<br/> &lt;br> &lt;a href=x>u&lt;/a> &amp; &amp;nbsp; &amp;copy; ]]&gt;');
    const withDtd = markupRulesFor('<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n<html/>');
    expect(escapeFragment('&nbsp;', withDtd)).toBe('&nbsp;');
    expect(markupRulesFor('<!DOCTYPE html>\n<html lang="en">').xml).toBe(false);
  });
});

describe('translated XHTML stays well-formed', () => {
  const translate = (targets: Record<number, string>): Buffer => {
    const store = htmlFormat.parse(Buffer.from(XHTML), { filename: 'page.xhtml' });
    for (const [i, text] of Object.entries(targets)) store.updateUnit(Number(i), { target: [text] });
    return store.serialize();
  };

  it('units of the sample', () => {
    const store = htmlFormat.parse(Buffer.from(XHTML), { filename: 'page.xhtml' });
    expect(store.units.map((u) => u.target[0])).toEqual([
      'en',
      'Fish &amp; chips',
      'Menu &amp; prices',
      'Our <em>menu</em>',
      'Call us at <a href="tel:123">123</a> before 5&#160;pm.',
      'A fish',
      'Line one<br />line two',
    ]);
  });

  it('writes bare & and < of texts and attributes as references', () => {
    const out = translate({
      1: 'Ryba & hranolky <3',
      2: 'Menu & "ceny" <tady>',
      3: 'Naše <em>menu</em> & <b>víc',
      4: 'Volejte <a href="tel:123">123</a> před 17&#160;h & ne po <i>17</i> &nbsp; ]]>',
      5: "Ryba 'a' & \"b\" < c",
      6: 'Řádek jedna<br />řádek & dva<br>',
    }).toString('utf8');
    expect(out).toContain('<title>Ryba &amp; hranolky &lt;3</title>');
    expect(out).toContain('<h1 title="Menu &amp; &quot;ceny&quot; &lt;tady>">Naše <em>menu</em> &amp; &lt;b>víc</h1>');
    expect(out).toContain('<p>Volejte <a href="tel:123">123</a> před 17&#160;h &amp; ne po <i>17</i> &amp;nbsp; ]]&gt;</p>');
    expect(out).toContain('alt="Ryba \'a\' &amp; &quot;b&quot; &lt; c"');
    expect(out).toContain('<p>Řádek jedna<br />řádek &amp; dva&lt;br></p>');
    const errors = xmllintErrors(Buffer.from(out));
    if (errors !== null) expect(errors).toBe('');
  });

  it('xmllint accepts the original sample', () => {
    const errors = xmllintErrors(Buffer.from(XHTML));
    if (errors !== null) expect(errors).toBe('');
  });
});
