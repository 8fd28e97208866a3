// Splits HTML into translatable segments: runs of text and inline markup between block tags, and reader-facing attributes.

import type { Segment } from './document-store.js';
import { LineCounter } from './document-text.js';
import {
  attributeValue,
  BLOCK_ELEMENTS,
  INLINE_ELEMENTS,
  RAW_TEXT_ELEMENTS,
  scanTag,
  TagError,
  TRANSLATABLE_ATTRIBUTES,
  TRANSLATABLE_META,
  UNTRANSLATED_ELEMENTS,
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

/** Elements whose end tag is optional, and the start tags that close them implicitly. */
const IMPLIED_END: Record<string, Set<string> | 'block'> = {
  p: 'block',
  li: new Set(['li']),
  dt: new Set(['dt', 'dd']),
  dd: new Set(['dt', 'dd']),
  td: new Set(['td', 'th', 'tr']),
  th: new Set(['td', 'th', 'tr']),
  tr: new Set(['tr']),
  option: new Set(['option', 'optgroup']),
};

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

/** Writes an attribute value within its original quotes; an unquoted value gets quotes when it needs them. */
const RENDER_ATTRIBUTE: Record<'"' | "'" | '', (value: string) => string> = {
  '"': (value) => value.replace(/"/g, '&quot;'),
  "'": (value) => value.replace(/'/g, '&#39;'),
  '': (value) => (value !== '' && !/[\s"'=<>`]/.test(value) ? value : `"${value.replace(/"/g, '&quot;')}"`),
};

const identity = (text: string): string => text;
const NONE: Segment[] = [];

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

interface OpenInline {
  name: string;
  quiet: boolean;
}

/**
 * Segments of `text[from, to)`. Text and inline elements between two block tags form one segment
 * (raw HTML, trimmed of surrounding whitespace and comments) when it holds words outside <code>
 * and translate="no" elements. Text of <pre>, <script>, <style>, <textarea> and translate="no"
 * blocks is not translated. alt/title/placeholder/aria-label attributes and <meta> descriptions are
 * segments of their own unless they sit inside a text segment (which already carries them).
 * Throws TagError for an unterminated comment, tag, attribute value or raw-text element.
 */
export function segmentHtml(text: string, from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  const lines = new LineCounter(text);

  let runStart = -1;
  let runEnd = -1;
  let runLine = 0;
  let runWords = false;
  let runAttributes: Segment[] = [];
  let open: OpenInline[] = [];
  let quiet = 0;
  let lastBoundary: HtmlTag | null = null;
  let excluded: { name: string; depth: number } | null = null;
  let foreign: { name: string; depth: number } | null = null;

  const attributeSegment = (tag: HtmlTag, attr: HtmlAttribute): Segment | null => {
    if (attr.valueStart < 0) return null;
    if (!hasWords(text, attr.valueStart, attr.valueEnd)) return null;
    const raw = text.slice(attr.valueStart, attr.valueEnd);
    let removeStart = attr.start;
    while (removeStart > tag.start && isSpace(text[removeStart - 1])) removeStart--;
    return {
      start: attr.valueStart,
      end: attr.valueEnd,
      text: raw,
      line: lines.lineOf(attr.valueStart),
      where: `<${tag.name} ${attr.name}>`,
      render: RENDER_ATTRIBUTE[attr.quote],
      removeStart,
      removeEnd: attr.valueEnd + (attr.quote === '' ? 0 : 1),
    };
  };

  const tagAttributes = (tag: HtmlTag): Segment[] => {
    if (tag.attributes.length === 0) return NONE;
    const found: Segment[] = [];
    let meta = false;
    if (tag.name === 'meta') {
      const kind = (attributeValue(text, tag, 'name') ?? attributeValue(text, tag, 'property') ?? '').toLowerCase();
      meta = TRANSLATABLE_META.has(kind);
    }
    for (const attr of tag.attributes) {
      if (TRANSLATABLE_ATTRIBUTES.has(attr.name) || (meta && attr.name === 'content')) {
        const segment = attributeSegment(tag, attr);
        if (segment) found.push(segment);
      }
    }
    return found;
  };

  const flush = (boundary: HtmlTag | null): void => {
    if (runStart >= 0 && runWords) {
      const container = lastBoundary && !lastBoundary.closing ? lastBoundary : null;
      let removeStart = runStart;
      let removeEnd = runEnd;
      if (container && boundary && boundary.closing && boundary.name === container.name) {
        [removeStart, removeEnd] = wholeLines(text, container.start, boundary.end);
      }
      out.push({
        start: runStart,
        end: runEnd,
        text: text.slice(runStart, runEnd),
        line: runLine,
        where: container ? `<${container.name}>` : 'text',
        render: identity,
        removeStart,
        removeEnd,
      });
    } else {
      for (const segment of runAttributes) out.push(segment);
    }
    runStart = runEnd = -1;
    runWords = false;
    if (runAttributes.length > 0) runAttributes = [];
    if (open.length > 0) open = [];
    quiet = 0;
  };

  const extendRun = (start: number, end: number): void => {
    if (runStart < 0) {
      runStart = start;
      runLine = lines.lineOf(start);
    }
    runEnd = end;
  };

  const addText = (a: number, b: number): void => {
    if (excluded) return;
    let s = a;
    while (s < b && isSpace(text[s])) s++;
    if (s === b) return;
    let e = b;
    while (isSpace(text[e - 1])) e--;
    extendRun(s, e);
    if (quiet === 0 && !runWords && hasWords(text, s, e)) runWords = true;
  };

  /** Skips the content of a raw-text element; returns its end tag. */
  const skipRaw = (tag: HtmlTag): HtmlTag => {
    const close = findEndTag(text, tag.name, tag.end, to);
    if (close < 0) throw new TagError(`unclosed <${tag.name}> element`, tag.start);
    return scanTag(text, close);
  };

  const inlineTag = (tag: HtmlTag): void => {
    if (tag.closing) {
      if (runStart >= 0) runEnd = tag.end;
      for (let k = open.length - 1; k >= 0; k--) {
        if (open[k]!.name !== tag.name) continue;
        for (const popped of open.splice(k)) if (popped.quiet) quiet--;
        break;
      }
      return;
    }
    extendRun(tag.start, tag.end);
    if (quiet === 0 && !foreign) for (const segment of tagAttributes(tag)) runAttributes.push(segment);
    if (tag.selfClosing || VOID_ELEMENTS.has(tag.name)) return;
    const isQuiet = tag.name === 'code' || tag.name === 'svg' || tag.name === 'math' || /^no$/i.test(attributeValue(text, tag, 'translate') ?? '');
    open.push({ name: tag.name, quiet: isQuiet });
    if (isQuiet) quiet++;
  };

  const endsExclusion = (tag: HtmlTag, state: { name: string; depth: number }): boolean => {
    const implied = IMPLIED_END[state.name];
    if (!implied || state.depth !== 1) return false;
    if (tag.closing) return tag.name !== state.name && !INLINE_ELEMENTS.has(tag.name);
    return implied === 'block' ? !INLINE_ELEMENTS.has(tag.name) : implied.has(tag.name);
  };

  const handleTag = (tag: HtmlTag): number => {
    if (foreign) {
      // SVG/MathML: every element is inline, nothing is raw text.
      if (tag.name === foreign.name && !tag.selfClosing) foreign.depth += tag.closing ? -1 : 1;
      if (foreign.depth === 0) foreign = null;
      if (!excluded) inlineTag(tag);
      return tag.end;
    }
    if (excluded) {
      if (tag.name === excluded.name && !tag.selfClosing && !VOID_ELEMENTS.has(tag.name)) {
        excluded.depth += tag.closing ? -1 : 1;
        if (excluded.depth === 0) {
          excluded = null;
          lastBoundary = tag;
          return tag.end;
        }
      } else if (endsExclusion(tag, excluded)) {
        excluded = null;
        return handleTag(tag);
      }
      if (!tag.closing && (tag.name === 'svg' || tag.name === 'math')) foreign = { name: tag.name, depth: 1 };
      if (!tag.closing && RAW_TEXT_ELEMENTS.has(tag.name)) return skipRaw(tag).end;
      if (!tag.closing && tag.name === 'title') return skipRaw(tag).end;
      return tag.end;
    }
    const inline = INLINE_ELEMENTS.has(tag.name) || !BLOCK_ELEMENTS.has(tag.name);
    if (inline) {
      if (!tag.closing && !tag.selfClosing && (tag.name === 'svg' || tag.name === 'math')) foreign = { name: tag.name, depth: 1 };
      inlineTag(tag);
      return tag.end;
    }
    flush(tag);
    lastBoundary = tag;
    if (tag.closing) return tag.end;
    const translate = attributeValue(text, tag, 'translate');
    const untranslated = /^no$/i.test(translate ?? '') || UNTRANSLATED_ELEMENTS.has(tag.name);
    if (!untranslated) for (const segment of tagAttributes(tag)) out.push(segment);
    if (RAW_TEXT_ELEMENTS.has(tag.name)) {
      const close = skipRaw(tag);
      lastBoundary = close;
      return close.end;
    }
    if (tag.name === 'title') {
      const close = skipRaw(tag);
      if (!untranslated && hasWords(text, tag.end, close.start)) {
        let s = tag.end;
        let e = close.start;
        while (isSpace(text[s])) s++;
        while (isSpace(text[e - 1])) e--;
        const [removeStart, removeEnd] = wholeLines(text, tag.start, close.end);
        out.push({ start: s, end: e, text: text.slice(s, e), line: lines.lineOf(s), where: '<title>', render: identity, removeStart, removeEnd });
      }
      lastBoundary = close;
      return close.end;
    }
    if (untranslated && !tag.selfClosing && !VOID_ELEMENTS.has(tag.name)) excluded = { name: tag.name, depth: 1 };
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
      pos = close + 3;
    } else if (text.startsWith('<![CDATA[', pos)) {
      const close = text.indexOf(']]>', pos + 9);
      if (close < 0 || close + 3 > to) throw new TagError('unclosed CDATA section', pos);
      if (runStart >= 0) runEnd = close + 3;
      pos = close + 3;
    } else if (next === '!' || next === '?') {
      const close = text.indexOf('>', pos + 2);
      if (close < 0 || close >= to) throw new TagError(next === '!' ? 'unclosed <!...> declaration' : 'unclosed <?...?> instruction', pos);
      pos = close + 1;
    } else if (isLetter(next) || (next === '/' && isLetter(text[pos + 2]))) {
      const tag = scanTag(text, pos);
      if (tag.end > to) throw new TagError(`unclosed <${tag.name}> tag`, pos);
      pos = handleTag(tag);
    } else {
      addText(pos, pos + 1); // a lone "<" is text in HTML
      pos++;
    }
  }
  flush(null);
  return out;
}
