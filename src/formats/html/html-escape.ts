// Writes a translator's text into an HTML or XHTML document so that the document's parser accepts it.

import { VOID_ELEMENTS } from './html-tags.js';

/** What the document's parser accepts beyond plain text. */
export interface MarkupRules {
  /** XHTML: an XML parser reads the document, so tags must balance and attributes be quoted. */
  xml: boolean;
  /** Whether `&name;` is a reference the parser resolves. */
  namedEntity(name: string): boolean;
}

export const HTML_RULES: MarkupRules = { xml: false, namedEntity: () => true };

const XML_PREDEFINED = new Set(['amp', 'apos', 'gt', 'lt', 'quot']);

/**
 * The rules of a whole document. XHTML is recognised by its XML declaration, the XHTML namespace or
 * the file name; it resolves only XML's five entities, those the document already uses (so they are
 * declared for it) and, with an external DTD (the XHTML DTDs declare HTML's entities), any name.
 */
export function markupRulesFor(text: string, filename?: string): MarkupRules {
  const head = text.slice(0, 4096);
  const xml =
    /^\uFEFF?\s*<\?xml[\s?]/.test(head) ||
    /\.xhtml$/i.test(filename ?? '') ||
    /<html\b[^>]*\sxmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/i.test(head);
  if (!xml) return HTML_RULES;
  if (/<!DOCTYPE\s+html\s+(?:PUBLIC|SYSTEM)\b/i.test(head)) return { xml, namedEntity: () => true };
  const used = new Set(XML_PREDEFINED);
  for (const m of text.matchAll(/&([A-Za-z][A-Za-z0-9]*);/g)) used.add(m[1]!);
  return { xml, namedEntity: (name) => used.has(name) };
}

const REFERENCE = /&(?:#([0-9]{1,8})|#[xX]([0-9A-Fa-f]{1,8})|([A-Za-z][A-Za-z0-9]*));/y;

function validCodePoint(cp: number, xml: boolean): boolean {
  if (cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  if (!xml) return true;
  return (cp >= 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d) && cp !== 0xfffe && cp !== 0xffff;
}

/** Length of the character reference at `text[at]` ('&'), or 0 when the parser would not resolve it. */
function referenceLength(text: string, at: number, rules: MarkupRules): number {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(text);
  if (!m) return 0;
  const ok = m[3] !== undefined ? rules.namedEntity(m[3]) : validCodePoint(m[1] !== undefined ? Number(m[1]) : parseInt(m[2]!, 16), rules.xml);
  return ok ? m[0].length : 0;
}

/** `&` that does not start a resolvable reference becomes `&amp;`. */
export function escapeAmpersands(text: string, rules: MarkupRules): string {
  if (!text.includes('&')) return text;
  let out = '';
  let from = 0;
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    if (referenceLength(text, i, rules) > 0) continue;
    out += `${text.slice(from, i)}&amp;`;
    from = i + 1;
  }
  return out + text.slice(from);
}

const HTML_TAG = /<(\/?)([A-Za-z][A-Za-z0-9:._-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const XML_TAG = /<(\/?)([A-Za-z_][A-Za-z0-9:._-]*)((?:\s+[A-Za-z_:][A-Za-z0-9:._-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const XML_ATTRIBUTE_NAME = /\s([A-Za-z_:][A-Za-z0-9:._-]*)\s*=/g;

interface Token {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  /** Needs no partner: self-closed, or an HTML void element. */
  single: boolean;
  kept: boolean;
}

function tagAt(text: string, at: number, rules: MarkupRules): Token | null {
  const re = rules.xml ? XML_TAG : HTML_TAG;
  re.lastIndex = at;
  const m = re.exec(text);
  if (!m) return null;
  const closing = m[1] === '/';
  if (closing && (m[3] !== '' || m[4] !== '')) return null;
  if (rules.xml && m[3]) {
    const names = [...m[3].matchAll(XML_ATTRIBUTE_NAME)].map((a) => a[1]!);
    if (new Set(names).size !== names.length) return null; // a repeated attribute is fatal to XML
  }
  const name = m[2]!.toLowerCase();
  const single = !closing && (m[4] === '/' || (!rules.xml && VOID_ELEMENTS.has(name)));
  return { start: at, end: at + m[0].length, name: rules.xml ? m[2]! : name, closing, single, kept: single };
}

/** Tags of the text that stay markup: well-formed, and each start tag closed by its end tag within the text. */
function balancedTags(text: string, rules: MarkupRules): Token[] {
  const tokens: Token[] = [];
  const open: Token[] = [];
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const token = tagAt(text, i, rules);
    if (!token) continue;
    tokens.push(token);
    i = token.end - 1;
    if (token.single) continue;
    if (!token.closing) {
      open.push(token);
      continue;
    }
    let k = open.length - 1;
    while (k >= 0 && open[k]!.name !== token.name) k--;
    if (k < 0) continue; // an end tag without its start tag
    open[k]!.kept = true;
    token.kept = true;
    open.length = k; // start tags left open inside it stay unmatched
  }
  return tokens.filter((t) => t.kept);
}

/** End of a comment starting at `at`, or -1 when it is not one the parser accepts. */
function commentEnd(text: string, at: number, rules: MarkupRules): number {
  if (!text.startsWith('<!--', at)) return -1;
  const close = text.indexOf('-->', at + 4);
  if (close < 0) return -1;
  const body = text.slice(at + 4, close);
  if (rules.xml && (body.includes('--') || body.endsWith('-'))) return -1;
  if (body.startsWith('>') || body.startsWith('->')) return -1;
  return close + 3;
}

/**
 * A segment's text as document markup: the segment is an HTML fragment, so its balanced tags,
 * comments and resolvable references stay as they are, while a `<` starting none of them becomes
 * `&lt;` and a `&` starting no reference `&amp;` (in XHTML also `]]>` becomes `]]&gt;`).
 */
export function escapeFragment(text: string, rules: MarkupRules): string {
  const tags = text.includes('<') ? balancedTags(text, rules) : [];
  let out = '';
  let from = 0;
  let t = 0;
  const plain = (a: number, b: number): string => {
    const s = escapeAmpersands(text.slice(a, b), rules);
    return rules.xml ? s.replace(/]]>/g, ']]&gt;') : s;
  };
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i)) {
    while (t < tags.length && tags[t]!.start < i) t++;
    const tag = tags[t]?.start === i ? tags[t]! : null;
    const end = tag ? tag.end : commentEnd(text, i, rules);
    out += plain(from, i);
    if (end < 0) {
      out += '&lt;';
      from = i + 1;
      i++;
      continue;
    }
    out += tag ? escapeAmpersands(text.slice(i, end), rules) : text.slice(i, end);
    from = i = end;
  }
  return out + plain(from, text.length);
}

/** Text of an element whose content the parser reads as text only (<title>): no markup at all. */
export function escapeText(text: string, rules: MarkupRules): string {
  const s = escapeAmpersands(text, rules).replace(/</g, '&lt;');
  return rules.xml ? s.replace(/]]>/g, ']]&gt;') : s;
}

/** An attribute value written within its original quotes; an unquoted value gets quotes when it needs them. */
export function escapeAttribute(value: string, quote: '"' | "'" | '', rules: MarkupRules): string {
  const s = escapeAmpersands(value, rules).replace(/</g, '&lt;');
  if (quote === '"') return s.replace(/"/g, '&quot;');
  if (quote === "'") return s.replace(/'/g, '&#39;');
  return s !== '' && !/[\s"'=<>`]/.test(s) ? s : `"${s.replace(/"/g, '&quot;')}"`;
}
