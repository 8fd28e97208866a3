// Mixed content as one string: text decoded, inline markup (XLIFF <g>, <x/>, <ph>...) kept verbatim.

import type { XmlElement } from './dom.js';
import { localName } from './dom.js';
import { cdataSection, decodeEntities, escapeXmlText, type EscapeTextOptions } from './entities.js';

/**
 * The element's content as a unit text: character data and CDATA decoded, child elements
 * written as their original tags (verbatim, attributes included) around their decoded content,
 * comments and processing instructions verbatim. writeInline() turns such a string back into
 * XML, so reading and writing are inverse for the inline element names given to it.
 */
export function readInline(text: string, el: XmlElement): string {
  const only = el.children.length === 1 ? el.children[0]! : null;
  if (only !== null && (only.kind === 'text' || only.kind === 'cdata')) return only.value;
  let out = '';
  for (const child of el.children) {
    switch (child.kind) {
      case 'text':
      case 'cdata':
        out += child.value;
        break;
      case 'element':
        if (child.selfClosing) out += text.slice(child.start, child.end);
        else out += text.slice(child.start, child.startTagEnd) + readInline(text, child) + text.slice(child.contentEnd, child.end);
        break;
      default:
        out += text.slice(child.start, child.end);
    }
  }
  return out;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;

interface TagToken {
  start: number;
  end: number;
  name: string;
  kind: 'open' | 'close' | 'empty';
  markup: boolean;
}

function attributesAreWellFormed(attrs: string): boolean {
  try {
    decodeEntities(attrs);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a unit text as XML content: tags of `inlineNames` (local names, e.g. "g", "x") that
 * are well formed and balanced are emitted verbatim, everything else is escaped as text, so
 * that readInline() of the result returns `value` again.
 */
export function writeInline(value: string, inlineNames: ReadonlySet<string>, options: EscapeTextOptions = {}): string {
  if (!value.includes('<')) return escapeXmlText(value, options);
  const tokens: TagToken[] = [];
  const open: TagToken[] = [];
  for (const m of value.matchAll(TAG)) {
    const name = m[2]!;
    if (!inlineNames.has(localName(name))) continue;
    const closing = m[1] === '/';
    const empty = m[4] === '/';
    if ((closing && (empty || m[3] !== '')) || !attributesAreWellFormed(m[3] ?? '')) continue;
    const token: TagToken = { start: m.index, end: m.index + m[0].length, name, kind: closing ? 'close' : empty ? 'empty' : 'open', markup: empty };
    tokens.push(token);
    if (token.kind === 'open') open.push(token);
    else if (token.kind === 'close') {
      const top = open[open.length - 1];
      if (top !== undefined && top.name === name) {
        top.markup = token.markup = true;
        open.pop();
      }
    }
  }
  let out = '';
  let at = 0;
  for (const token of tokens) {
    if (!token.markup) continue;
    out += escapeXmlText(value.slice(at, token.start), options) + value.slice(token.start, token.end);
    at = token.end;
  }
  return out + escapeXmlText(value.slice(at), options);
}

/** writeInline() in the style of the element whose content `value` replaces: a CDATA section if that was all it held. */
export function writeContent(value: string, inlineNames: ReadonlySet<string>, el?: XmlElement): string {
  if (value === '') return '';
  const only = el && el.children.length === 1 ? el.children[0]! : null;
  return only?.kind === 'cdata' ? cdataSection(value) : writeInline(value, inlineNames);
}
