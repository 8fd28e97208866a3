// Helpers to compute replacement text for edited elements: start-tag attributes, removal ranges, indentation.

import type { XmlElement } from './dom.js';
import { detectEol, indentationAt } from './dom.js';
import { escapeXmlAttribute } from './entities.js';
import type { TextPatcher } from './patcher.js';

/**
 * The element's start tag with attributes changed: a string value sets (or appends) the
 * attribute, null removes it. Untouched attributes and spacing stay as written; appended
 * attributes use the quote character of the tag's last attribute.
 */
export function rewriteStartTag(text: string, el: XmlElement, changes: Readonly<Record<string, string | null>>): string {
  let out = '';
  let at = el.start;
  const lastQuote = el.attributes.length > 0 ? el.attributes[el.attributes.length - 1]!.quote : '"';
  const pending = new Map(Object.entries(changes));
  for (const attr of el.attributes) {
    if (!pending.has(attr.name)) continue;
    const value = pending.get(attr.name)!;
    pending.delete(attr.name);
    if (value === null) {
      // Drop the attribute with the whitespace before it.
      let from = attr.start;
      while (from > el.start && /\s/.test(text[from - 1]!)) from--;
      out += text.slice(at, from);
      at = attr.end;
    } else {
      out += text.slice(at, attr.valueStart) + escapeXmlAttribute(value, attr.quote);
      at = attr.valueEnd;
    }
  }
  const insertAt = el.attributes.length > 0 ? el.attributes[el.attributes.length - 1]!.end : el.start + 1 + el.name.length;
  if (at > insertAt) throw new Error('unreachable: attributes out of order');
  out += text.slice(at, insertAt);
  for (const [name, value] of pending) {
    if (value !== null) out += ` ${name}=${lastQuote}${escapeXmlAttribute(value, lastQuote)}${lastQuote}`;
  }
  return out + text.slice(insertAt, el.startTagEnd);
}

/** The start tag of a self-closing element as an opening tag: `<a x="1"/>` → `<a x="1">`. */
export function openingTag(startTag: string): string {
  return startTag.endsWith('/>') ? startTag.slice(0, -2).replace(/\s+$/, '') + '>' : startTag;
}

/**
 * Range to delete to remove `el`: when the element sits on its own line, the line break and
 * indentation before it go too, so no blank line is left behind.
 */
export function removalRange(text: string, el: XmlElement): [number, number] {
  const indent = indentationAt(text, el.start);
  if (indent === null) return [el.start, el.end];
  let from = el.start - indent.length;
  if (from > 0 && text[from - 1] === '\n') from--;
  if (from > 0 && text[from - 1] === '\r') from--;
  return [from, el.end];
}

/**
 * One indentation step of the file: the difference between a child's indentation and its
 * parent's, found on the first element that has an indented child; `fallback` otherwise.
 */
export function indentStep(text: string, root: XmlElement, fallback = '  '): string {
  const queue: XmlElement[] = [root];
  for (let n = 0; n < queue.length && n < 200; n++) {
    const el = queue[n]!;
    const own = indentationAt(text, el.start) ?? (el.parent === null ? '' : null);
    for (const child of el.children) {
      if (child.kind !== 'element') continue;
      const inner = indentationAt(text, child.start);
      if (own !== null && inner !== null && inner.length > own.length && inner.startsWith(own)) return inner.slice(own.length);
      queue.push(child);
    }
  }
  return fallback;
}

/** The last child element of `el`, optionally of one of the given names. */
export function lastChildElement(el: XmlElement, names?: readonly string[]): XmlElement | undefined {
  for (let i = el.children.length - 1; i >= 0; i--) {
    const child = el.children[i]!;
    if (child.kind === 'element' && (names === undefined || names.includes(child.name))) return child;
  }
  return undefined;
}

/** Layout of a container's children: their indentation, one indentation step, the file's EOL. */
export interface ChildLayout {
  indent: string;
  step: string;
  eol: '\n' | '\r\n';
}

/**
 * Appends elements after the last child element of `container` (or into it when it has none),
 * each on its own line in the children's indentation. `render` gets that layout and returns the
 * elements' texts (multi-line ones indented from `layout.indent`).
 */
export function appendChildren(
  patcher: TextPatcher,
  text: string,
  root: XmlElement,
  container: XmlElement,
  render: (layout: ChildLayout) => string[],
  after?: XmlElement,
): void {
  const eol = detectEol(text);
  const step = indentStep(text, root);
  const last = after ?? lastChildElement(container);
  const ownIndent = indentationAt(text, container.start) ?? '';
  const indent = last ? (indentationAt(text, last.start) ?? ownIndent + step) : ownIndent + step;
  const items = render({ indent, step, eol });
  if (items.length === 0) return;
  const rendered = items.map((item) => eol + indent + item).join('');
  if (last) {
    patcher.insert(last.end, rendered);
  } else if (container.selfClosing) {
    patcher.set(container.start, container.end, `${openingTag(text.slice(container.start, container.end))}${rendered}${eol}${ownIndent}</${container.name}>`);
  } else {
    // An empty "<body></body>" gets its end tag onto a line of its own.
    const endOnOwnLine = text.slice(container.contentStart, container.contentEnd).includes('\n');
    patcher.insert(container.contentStart, rendered + (endOnOwnLine ? '' : eol + ownIndent));
  }
}
