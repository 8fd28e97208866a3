// The shared format contract run on HTML documents and the real-world W3C pages.
import { describeFormatContract } from '../contract/format-contract.js';
import { htmlFormat } from './html.format.js';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Release notes for the spring edition</title>
<meta name="description" content="What changed in this release, and why it matters.">
<style>p { color: red; }</style>
<script>var label = "<p>not text</p>";</script>
</head>
<body>
<!-- Translators: keep the product name in English. -->
<h1>Welcome to <em>Parla</em> &amp; friends</h1>
<p>Parla translates <a href="/docs" title="Read the manual first">documents</a> and apps.
  Lines wrap inside a paragraph.</p>
<img src="logo.png" alt="The Parla logo, a speech bubble">
<ul>
  <li>First item of the list</li>
  <li>Second item, with <code>code()</code> inside</li>
  <li><code>only_code()</code></li>
</ul>
<pre>
  preformatted text is never translated
</pre>
<div translate="no">Brand name block stays as it is</div>
<table>
  <tr><th>Column heading one</th><td>A cell of the table</td></tr>
</table>
<input type="search" placeholder="Search the documentation">
</body>
</html>
`;

const FRAGMENT = `<h2>Fragment heading here</h2>
<p>A fragment without html or body elements.</p>
<dl><dt>Term to define</dt><dd>Its definition, in a dd element</dd></dl>
`;

describeFormatContract({
  format: htmlFormat,
  samples: [
    { name: 'page with head, inline markup, attributes and untranslated blocks', units: 13, bytes: PAGE },
    { name: 'fragment', units: 4, bytes: FRAGMENT },
  ],
  malformed: [
    { name: 'unclosed comment', bytes: '<p>Text</p>\n<!-- never closed\n<p>More</p>\n', expectLine: true },
    { name: 'unterminated attribute value', bytes: '<p>Text</p>\n<img alt="broken>\n', expectLine: true },
    { name: 'unclosed script', bytes: '<p>Text</p>\n<script>var a = 1;\n', expectLine: true },
    { name: 'invalid UTF-8', bytes: Buffer.from([0x3c, 0x70, 0x3e, 0x0a, 0xc3, 0x28, 0x3c]), expectLine: true },
  ],
  fixtures: ['html'],
  // Segments are HTML with whitespace collapsed: a newline reads back as a space and a bare & as &amp;.
  skipTricky: true,
});
