// Splits HTML into translatable segments the way the reference extraction does: the text of translatable elements with their inline markup, and reader-facing attributes.

import type { Segment } from './document-store.js';
import { LineCounter } from './document-text.js';
import { escapeAttribute, escapeFragment, escapeText, HTML_RULES, type MarkupRules } from './html-escape.js';
import {
  attributeValue,
  BLOCK_ELEMENTS,
  BUTTON_INPUT_TYPES,
  INLINE_ELEMENTS,
  RAW_TEXT_ELEMENTS,
  scanTag,
  TagError,
  TRANSLATABLE_ATTRIBUTES,
  TRANSLATABLE_ELEMENTS,
  TRANSLATABLE_META,
  VOID_ELEMENTS,
  type HtmlAttribute,
  type HtmlTag,
} from './html-tags.js';

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const NBSP = /^&(?:nbsp|#160|#x0*a0);/i;

/** Whether text[start, end) holds something a reader sees, not only (non-breaking) spaces. */
function hasWords(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0xa0) continue;
    if (c === 0x26) {
      const entity = NBSP.exec(text.slice(i, i + 8));
      if (entity) {
        i += entity[0].length - 1;
        continue;
      }
    }
    if (c > 0x7f && /\s/.test(text[i]!)) continue;
    return true;
  }
  return false;
}

/**
 * Runs of HTML whitespace become one space, as a browser shows them. U+00A0 is not HTML whitespace:
 * authors write it to keep words together, so it stays.
 */
export const collapseSpace = (text: string): string => text.replace(/[ \t\n\r\f]+/g, ' ');

/** Widens [start, end) to whole lines when only whitespace shares them, so a removal leaves no blank line. */
export function wholeLines(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  let e = end;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t' || text[e] === '\r')) e++;
  const lineBefore = s === 0 || text[s - 1] === '\n';
  const lineAfter = e === text.length || text[e] === '\n';
  if (!lineBefore || !lineAfter) return [start, end];
  return [s, e < text.length ? e + 1 : e];
}

/** Elements a start tag closes when their end tag was left out (searching through inline elements). */
const CLOSED_BY: Record<string, Set<string>> = {
  li: new Set(['li', 'p']),
  dt: new Set(['dt', 'dd', 'p']),
  dd: new Set(['dt', 'dd', 'p']),
  td: new Set(['td', 'th']),
  th: new Set(['td', 'th']),
  tr: new Set(['tr', 'td', 'th']),
  tbody: new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']),
  thead: new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']),
  tfoot: new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']),
  option: new Set(['option']),
  optgroup: new Set(['option', 'optgroup']),
};
/** Elements with an optional end tag: an implied close may pass over them. */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'td', 'th', 'tr', 'tbody', 'thead', 'tfoot', 'option', 'optgroup']);
const CLOSES_P = new Set(['p']);

/** Finds the end tag of a raw-text element; -1 when there is none. */
function findEndTag(text: string, name: string, from: number, to: number): number {
  const lower = `</${name}`;
  for (let i = text.indexOf('</', from); i >= 0 && i < to; i = text.indexOf('</', i + 2)) {
    if (text.slice(i, i + lower.length).toLowerCase() !== lower) continue;
    const after = text[i + lower.length];
    if (after === undefined || after === '>' || after === '/' || isSpace(after)) return i;
  }
  return -1;
}

interface Open {
  tag: HtmlTag;
  /** Starts a unit of its own. */
  unit: boolean;
  /** translate="no" block: nothing inside is extracted. */
  excluded: boolean;
  /** Its text is no reason for a unit (translate="no" inline, SVG, MathML). */
  quiet: boolean;
  foreign: boolean;
}

const NONE: Segment[] = [];

/** One piece of a unit in progress. */
interface Item {
  start: number;
  end: number;
  /** Text with something other than whitespace in it. */
  text: boolean;
  /** Start or end tag, and the index of its partner in the same unit (-1: none). */
  tag: boolean;
  partner: number;
  name: string;
  attributes: Segment[];
}

/**
 * Segments of `text[from, to)`, in document order. Each translatable element (TRANSLATABLE_ELEMENTS)
 * gives one segment: its content from the first to the last piece of text, plus the partners of the
 * tags in between, so that inline markup wrapping the whole content stays in the document while
 * markup inside stays in the segment. A nested translatable element splits it. Text outside all of
 * them, and <script>, <style>, <textarea> and translate="no" content, is not extracted. Whitespace
 * is collapsed except in <pre>. Reader-facing attributes are segments of their own unless they sit
 * inside a text segment (which already carries them).
 * Throws TagError for an unterminated comment, tag, attribute value or raw-text element.
 */
export function segmentHtml(text: string, from = 0, to = text.length, rules: MarkupRules = HTML_RULES): Segment[] {
  const out: Segment[] = [];
  const lines = new LineCounter(text);
  const stack: Open[] = [];
  let units = 0;
  let excluded = 0;
  let quiet = 0;
  let foreign = 0;
  let pre = 0;

  let items: Item[] = [];
  let openItems: number[] = [];
  let runWords = false;
  let runPre = false;
  /** The element whose unit is in progress, and whether the unit began at its start tag. */
  let owner: HtmlTag | null = null;
  let ownerFresh = false;

  const renderFragment = (t: string): string => escapeFragment(t, rules);
  const renderText = (t: string): string => escapeText(t, rules);
  const renderAttribute: Record<HtmlAttribute['quote'], (value: string) => string> = {
    '"': (value) => escapeAttribute(value, '"', rules),
    "'": (value) => escapeAttribute(value, "'", rules),
    '': (value) => escapeAttribute(value, '', rules),
  };

  const attributeSegment = (tag: HtmlTag, attr: HtmlAttribute): Segment | null => {
    if (attr.valueStart < 0) return null;
    if (!hasWords(text, attr.valueStart, attr.valueEnd)) return null;
    const raw = text.slice(attr.valueStart, attr.valueEnd);
    let removeStart = attr.start;
    while (removeStart > tag.start && isSpace(text[removeStart - 1])) removeStart--;
    return {
      start: attr.valueStart,
      end: attr.valueEnd,
      text: collapseSpace(raw).trim(),
      line: lines.lineOf(attr.valueStart),
      where: `<${tag.name} ${attr.name}>`,
      render: renderAttribute[attr.quote],
      removeStart,
      removeEnd: attr.valueEnd + (attr.quote === '' ? 0 : 1),
    };
  };

  const tagAttributes = (tag: HtmlTag): Segment[] => {
    if (tag.attributes.length === 0 || tag.closing) return NONE;
    const found: Segment[] = [];
    let meta = false;
    if (tag.name === 'meta') {
      const kind = (attributeValue(text, tag, 'name') || attributeValue(text, tag, 'property') || '').toLowerCase();
      meta = TRANSLATABLE_META.has(kind);
    }
    const button = tag.name === 'input' && BUTTON_INPUT_TYPES.has((attributeValue(text, tag, 'type') ?? '').toLowerCase());
    for (const attr of tag.attributes) {
      const translatable =
        TRANSLATABLE_ATTRIBUTES.has(attr.name) ||
        (meta && attr.name === 'content') ||
        (button && attr.name === 'value') ||
        (tag.name === 'html' && attr.name === 'lang');
      if (!translatable) continue;
      const segment = attributeSegment(tag, attr);
      if (segment) found.push(segment);
    }
    return found;
  };

  const emitAttributes = (a: number, b: number): void => {
    for (let i = a; i < b; i++) for (const segment of items[i]!.attributes) out.push(segment);
  };

  /** Ends the unit in progress; `close` is the end tag of its element when that ends it. */
  const flush = (close: HtmlTag | null): void => {
    let first = -1;
    let last = -1;
    for (let i = 0; i < items.length; i++) {
      if (!items[i]!.text) continue;
      if (first < 0) first = i;
      last = i;
    }
    if (first < 0 || !runWords) {
      emitAttributes(0, items.length);
    } else {
      let s = first;
      let e = last;
      for (let k = first + 1; k < last; k++) {
        const partner = items[k]!.partner;
        if (partner < 0) continue;
        s = Math.min(s, partner);
        e = Math.max(e, partner);
      }
      emitAttributes(0, s);
      let start = items[s]!.start;
      let end = items[e]!.end;
      while (isSpace(text[start])) start++;
      while (isSpace(text[end - 1])) end--;
      const raw = text.slice(start, end);
      let removeStart = start;
      let removeEnd = end;
      if (owner && ownerFresh && close) [removeStart, removeEnd] = wholeLines(text, owner.start, close.end);
      out.push({
        start,
        end,
        text: runPre ? raw : collapseSpace(raw),
        line: lines.lineOf(start),
        where: owner ? `<${owner.name}>` : 'text',
        render: renderFragment,
        removeStart,
        removeEnd,
      });
      emitAttributes(e + 1, items.length);
    }
    items = [];
    openItems = [];
    runWords = false;
    runPre = false;
    owner = null;
  };

  /** The nearest open element with a unit of its own, whose unit resumes after a nested one ended. */
  const resume = (): void => {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (!stack[k]!.unit) continue;
      owner = stack[k]!.tag;
      ownerFresh = false;
      return;
    }
  };

  const addItem = (start: number, end: number, tag: HtmlTag | null): void => {
    const item: Item = { start, end, text: false, tag: tag !== null, partner: -1, name: tag?.name ?? '', attributes: NONE };
    const index = items.length;
    items.push(item);
    if (!tag) return;
    if (quiet === 0) item.attributes = tagAttributes(tag);
    if (tag.closing) {
      for (let k = openItems.length - 1; k >= 0; k--) {
        const opener = items[openItems[k]!]!;
        if (opener.name !== tag.name) continue;
        opener.partner = index;
        item.partner = openItems[k]!;
        openItems.length = k;
        break;
      }
    } else if (!tag.selfClosing && !VOID_ELEMENTS.has(tag.name)) {
      openItems.push(index);
    }
  };

  const addText = (a: number, b: number): void => {
    if (excluded > 0 || units === 0) return;
    const item: Item = { start: a, end: b, text: hasWords(text, a, b), tag: false, partner: -1, name: '', attributes: NONE };
    items.push(item);
    if (!item.text) return;
    if (quiet === 0) runWords = true;
    if (pre > 0) runPre = true;
  };

  /** A tag outside any unit: only its attributes can be segments. */
  const outsideTag = (tag: HtmlTag): void => {
    if (excluded === 0 && quiet === 0) for (const segment of tagAttributes(tag)) out.push(segment);
  };

  const push = (entry: Open): void => {
    stack.push(entry);
    const tag = entry.tag;
    if (entry.unit) units++;
    if (entry.excluded) excluded++;
    if (entry.quiet) quiet++;
    if (entry.foreign) foreign++;
    if (tag.name === 'pre') pre++;
  };

  /** Pops stack[k..]; `close` is the end tag of stack[k] (null: closed by implication). */
  const popTo = (k: number, close: HtmlTag | null): void => {
    while (stack.length > k) {
      const open = stack.pop()!;
      const own = stack.length === k ? close : null;
      if (own && units > 0 && excluded === 0 && !open.unit) addItem(own.start, own.end, own);
      if (open.unit) {
        units--;
        if (excluded === 0) {
          flush(own);
          resume();
        }
      }
      if (open.excluded) excluded--;
      if (open.quiet) quiet--;
      if (open.foreign) foreign--;
      if (open.tag.name === 'pre') pre--;
    }
  };

  /** Closes elements whose end tag a start tag of `name` implies. */
  const impliedClose = (name: string): void => {
    const closes = CLOSED_BY[name] ?? (BLOCK_ELEMENTS.has(name) && !INLINE_ELEMENTS.has(name) ? CLOSES_P : null);
    if (!closes) return;
    for (let k = stack.length - 1; k >= 0; k--) {
      const open = stack[k]!.tag.name;
      if (closes.has(open)) {
        popTo(k, null);
        return;
      }
      if (!INLINE_ELEMENTS.has(open) && !OPTIONAL_END.has(open)) return;
    }
  };

  const endTag = (tag: HtmlTag): void => {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (stack[k]!.tag.name !== tag.name) continue;
      popTo(k, tag);
      return;
    }
    if (units > 0 && excluded === 0) addItem(tag.start, tag.end, tag); // a stray end tag, kept as it is
  };

  /** Skips the content of a raw-text element; returns its end tag. */
  const skipRaw = (tag: HtmlTag): HtmlTag => {
    const close = findEndTag(text, tag.name, tag.end, to);
    if (close < 0) throw new TagError(`unclosed <${tag.name}> element`, tag.start);
    return scanTag(text, close);
  };

  const titleElement = (tag: HtmlTag, close: HtmlTag): void => {
    if (excluded > 0 || /^no$/i.test(attributeValue(text, tag, 'translate') ?? '')) return;
    for (const segment of tagAttributes(tag)) out.push(segment);
    if (!hasWords(text, tag.end, close.start)) return;
    let s = tag.end;
    let e = close.start;
    while (isSpace(text[s])) s++;
    while (isSpace(text[e - 1])) e--;
    const [removeStart, removeEnd] = wholeLines(text, tag.start, close.end);
    out.push({ start: s, end: e, text: collapseSpace(text.slice(s, e)), line: lines.lineOf(s), where: '<title>', render: renderText, removeStart, removeEnd });
  };

  const startTag = (tag: HtmlTag): number => {
    const single = tag.selfClosing || VOID_ELEMENTS.has(tag.name);
    const noTranslate = /^no$/i.test(attributeValue(text, tag, 'translate') ?? '');
    if (foreign > 0) {
      // SVG and MathML: every element is inline and nothing is raw text.
      if (units > 0 && excluded === 0) addItem(tag.start, tag.end, tag);
      else outsideTag(tag);
      if (!single) push({ tag, unit: false, excluded: false, quiet: noTranslate, foreign: false });
      return tag.end;
    }
    impliedClose(tag.name);
    if ((RAW_TEXT_ELEMENTS.has(tag.name) || tag.name === 'title') && !tag.selfClosing) {
      const close = skipRaw(tag);
      if (tag.name === 'title') {
        if (units > 0) flush(null);
        titleElement(tag, close);
        if (units > 0) resume();
      } else if (units > 0 && excluded === 0) {
        addItem(tag.start, close.end, null); // code, not text: kept whole inside the unit
      }
      return close.end;
    }
    const unit = TRANSLATABLE_ELEMENTS.has(tag.name);
    const inline = !unit && (INLINE_ELEMENTS.has(tag.name) || !BLOCK_ELEMENTS.has(tag.name));
    if (unit && excluded === 0) {
      if (units > 0) {
        flush(null);
        resume();
      }
      if (!noTranslate) {
        for (const segment of tagAttributes(tag)) out.push(segment);
        if (!single) {
          owner = tag;
          ownerFresh = true;
        }
      }
    } else if (units > 0 && excluded === 0) {
      addItem(tag.start, tag.end, tag);
    } else {
      outsideTag(tag);
    }
    if (single) return tag.end;
    const isForeign = tag.name === 'svg' || tag.name === 'math';
    push({
      tag,
      unit: unit && !noTranslate,
      excluded: noTranslate && !inline,
      quiet: (noTranslate && inline) || isForeign,
      foreign: isForeign,
    });
    return tag.end;
  };

  let pos = from;
  while (pos < to) {
    const lt = text.indexOf('<', pos);
    const stop = lt < 0 || lt >= to ? to : lt;
    if (stop > pos) addText(pos, stop);
    if (stop >= to) break;
    pos = stop;
    const next = text[pos + 1];
    if (text.startsWith('<!--', pos)) {
      const close = text.startsWith('<!-->', pos) ? pos + 2 : text.startsWith('<!--->', pos) ? pos + 3 : text.indexOf('-->', pos + 4);
      if (close < 0 || close + 3 > to) throw new TagError('unclosed comment "<!--"', pos);
      if (units > 0 && excluded === 0) addItem(pos, close + 3, null);
      pos = close + 3;
    } else if (text.startsWith('<![CDATA[', pos)) {
      const close = text.indexOf(']]>', pos + 9);
      if (close < 0 || close + 3 > to) throw new TagError('unclosed CDATA section', pos);
      if (units > 0 && excluded === 0) addItem(pos, close + 3, null);
      pos = close + 3;
    } else if (next === '!' || next === '?') {
      const close = text.indexOf('>', pos + 2);
      if (close < 0 || close >= to) throw new TagError(next === '!' ? 'unclosed <!...> declaration' : 'unclosed <?...?> instruction', pos);
      pos = close + 1;
    } else if (isLetter(next) || (next === '/' && isLetter(text[pos + 2]))) {
      const tag = scanTag(text, pos);
      if (tag.end > to) throw new TagError(`unclosed <${tag.name}> tag`, pos);
      if (tag.closing) {
        endTag(tag);
        pos = tag.end;
      } else {
        pos = startTag(tag);
      }
    } else {
      addText(pos, pos + 1); // a lone "<" is text in HTML
      pos++;
    }
  }
  popTo(0, null);
  return out;
}
