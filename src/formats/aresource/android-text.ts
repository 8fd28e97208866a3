// Android string resource text: aapt2's reading rules (escapes, quotes, whitespace) and the inverse for writing.

import type { XmlElement } from '../xml/dom.js';
import { cdataSection, escapeXmlText } from '../xml/entities.js';

/** Inline markup Android keeps in a string (styled text, placeholders); other tags in a value are escaped. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'g', 'b', 'i', 'u', 'em', 'strong', 'big', 'small', 'strike', 's', 'sup', 'sub', 'tt', 'font', 'annotation',
  'a', 'span', 'br', 'p', 'li', 'ul', 'ol',
]);

/**
 * Builds the text aapt2 compiles from a value: `\n \t \' \" \\ \@ \? \uXXXX` escapes, unescaped
 * double quotes switch whitespace preservation on and off (and vanish), other whitespace runs
 * collapse to one space, leading and trailing unquoted whitespace is dropped. Inline tags are
 * kept verbatim, the quote and whitespace state runs on across them as in aapt2.
 */
class AndroidTextBuilder {
  private out = '';
  private quoted = false;
  private pendingSpace = false;
  private started = false;

  private emit(s: string): void {
    if (this.pendingSpace) this.out += ' ';
    this.pendingSpace = false;
    this.out += s;
    this.started = true;
  }

  text(s: string): void {
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (c === '\\' && i + 1 < s.length) {
        const next = s[++i]!;
        if (next === 'n') this.emit('\n');
        else if (next === 't') this.emit('\t');
        else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 1, i + 5))) {
          this.emit(String.fromCharCode(parseInt(s.slice(i + 1, i + 5), 16)));
          i += 4;
        } else this.emit(next);
      } else if (c === '"') {
        this.quoted = !this.quoted;
      } else if (!this.quoted && (c === ' ' || c === '\n' || c === '\t' || c === '\r')) {
        if (this.started) this.pendingSpace = true;
      } else this.emit(c);
    }
  }

  markup(tag: string): void {
    this.emit(tag);
  }

  result(): string {
    return this.out;
  }
}

function walk(text: string, el: XmlElement, builder: AndroidTextBuilder): void {
  for (const child of el.children) {
    if (child.kind === 'text' || child.kind === 'cdata') builder.text(child.value);
    else if (child.kind === 'element') {
      if (child.selfClosing) builder.markup(text.slice(child.start, child.end));
      else {
        builder.markup(text.slice(child.start, child.startTagEnd));
        walk(text, child, builder);
        builder.markup(text.slice(child.contentEnd, child.end));
      }
    }
    // Comments and processing instructions inside a value are not part of the string (aapt2 drops them).
  }
}

/** The string an element's content stands for (see AndroidTextBuilder). */
export function readAndroidText(text: string, el: XmlElement): string {
  const builder = new AndroidTextBuilder();
  walk(text, el, builder);
  return builder.result();
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;

interface TagToken {
  start: number;
  end: number;
  name: string;
  markup: boolean;
}

/** Splits a value into text and balanced inline tags (the tags Android keeps as markup). */
function splitMarkup(value: string): { markup: boolean; text: string }[] {
  if (!value.includes('<')) return [{ markup: false, text: value }];
  const tokens: TagToken[] = [];
  const open: TagToken[] = [];
  for (const m of value.matchAll(TAG)) {
    const name = m[2]!;
    const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
    if (!INLINE_TAGS.has(local)) continue;
    const closing = m[1] === '/';
    if (closing && (m[3] !== '' || m[4] === '/')) continue;
    const token: TagToken = { start: m.index, end: m.index + m[0].length, name, markup: !closing && m[4] === '/' };
    tokens.push(token);
    if (closing) {
      const top = open[open.length - 1];
      if (top !== undefined && top.name === name) {
        top.markup = token.markup = true;
        open.pop();
      }
    } else if (!token.markup) open.push(token);
  }
  const parts: { markup: boolean; text: string }[] = [];
  let at = 0;
  for (const token of tokens) {
    if (!token.markup) continue;
    parts.push({ markup: false, text: value.slice(at, token.start) }, { markup: true, text: value.slice(token.start, token.end) });
    at = token.end;
  }
  parts.push({ markup: false, text: value.slice(at) });
  return parts;
}

export interface AndroidWriteStyle {
  /** The value was written as "..." (AOSP style): keep it so, apostrophes need no escape then. */
  quoted: boolean;
  /** The value was a CDATA section: keep it so. */
  cdata: boolean;
}

/** The style of an element's current value, to write an edit the same way. */
export function writeStyleOf(text: string, el: XmlElement): AndroidWriteStyle {
  const raw = text.slice(el.contentStart, el.contentEnd).trim();
  const cdata = el.children.length > 0 && el.children.every((c) => c.kind === 'cdata' || (c.kind === 'text' && c.value.trim() === ''));
  return { quoted: raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') && !raw.endsWith('\\"'), cdata: cdata && raw.startsWith('<![CDATA[') };
}

function escapeAndroid(s: string, quoted: boolean): string {
  let out = '';
  for (const c of s) {
    if (c === '\\') out += '\\\\';
    else if (c === '"') out += '\\"';
    else if (c === "'" && !quoted) out += "\\'";
    else if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else out += c;
  }
  return out;
}

/**
 * XML content that reads back as `value`: Android escapes in the text parts, inline tags kept,
 * double quotes around the whole value when spaces would otherwise collapse (or when the
 * original was quoted), a leading @ or ? escaped so that it is no resource reference.
 */
export function writeAndroidText(value: string, style: AndroidWriteStyle = { quoted: false, cdata: false }): string {
  if (style.cdata) {
    const needsQuotes = style.quoted || /^ | $| {2}/.test(value);
    const body = escapeAndroid(value, needsQuotes);
    return cdataSection(needsQuotes ? `"${body}"` : /^[@?]/.test(body) ? `\\${body}` : body);
  }
  const parts = splitMarkup(value);
  const quoted = style.quoted || /^ | $| {2}/.test(value);
  let out = parts.map((p) => (p.markup ? p.text : escapeXmlText(escapeAndroid(p.text, quoted)))).join('');
  if (quoted) out = `"${out}"`;
  else if (/^[@?]/.test(out)) out = `\\${out}`;
  return out;
}
