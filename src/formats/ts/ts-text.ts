// Qt Linguist text escaping: lupdate's entities (&apos; &quot; &gt;) and <byte value="xN"/> for control characters.

import { escapeXmlText, type XmlElement } from '../xml/scanner.js';

/** Reads a TS text element: character data decoded, <byte value="x1b"/> as the character it stands for. */
export function readTsText(text: string, el: XmlElement): string {
  const only = el.children.length === 1 ? el.children[0]! : null;
  if (only !== null && (only.kind === 'text' || only.kind === 'cdata')) return only.value;
  let out = '';
  for (const child of el.children) {
    if (child.kind === 'text' || child.kind === 'cdata') out += child.value;
    else if (child.kind === 'element' && child.name === 'byte') {
      const value = child.attributes.find((a) => a.name === 'value')?.value ?? '';
      const code = value.startsWith('x') ? parseInt(value.slice(1), 16) : parseInt(value, 10);
      if (Number.isFinite(code)) out += String.fromCharCode(code);
    } else if (child.kind === 'element') out += readTsText(text, child);
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Escapes a text the way lupdate does, so it reads back verbatim in Qt and here. */
export function escapeTsText(value: string): string {
  if (!CONTROL.test(value)) return escapeXmlText(value, { quot: true, apos: true });
  // Qt's XML reader rejects &#1;-style references; lupdate writes <byte> elements instead.
  let out = '';
  let run = '';
  for (const ch of value) {
    if (CONTROL.test(ch)) {
      out += escapeXmlText(run, { quot: true, apos: true }) + `<byte value="x${ch.charCodeAt(0).toString(16)}"/>`;
      run = '';
    } else run += ch;
  }
  return out + escapeXmlText(run, { quot: true, apos: true });
}
