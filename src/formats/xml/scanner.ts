// Linear-time XML scanner building an offset-preserving tree; the entry point of Parla's XML layer.
import { lastAtMost } from '../../shared/sorted.js';

/**
 * Parla XML layer (used by the XLIFF, XLIFF 2, TS, TBX, Android, RESX, stringsdict, XLSX formats).
 *
 * Reading
 *   const { text, encoding, bom } = decodeXmlBytes(bytes, filename);   // BOM / UTF-16 / declaration
 *   const doc = parseXml(text, { filename });                          // throws FormatParseError
 *   doc.root, doc.children, doc.doctype, doc.lineAt(offset)
 *
 * Every node carries `start`/`end` offsets into `doc.text` and a `parent`. Elements also have
 * `startTagEnd`, `contentStart`, `contentEnd` (the end tag starts there) and `selfClosing`;
 * attributes have `value` (decoded) plus `start`, `end`, `valueStart`, `valueEnd`, `quote`.
 * Text nodes (`value` decoded, whitespace-only ones kept), CDATA, comments, processing
 * instructions (the XML declaration is one) and the DOCTYPE are all nodes, so nothing of the
 * file is lost. Only the five predefined entities and numeric character references are decoded;
 * a DOCTYPE whose internal subset declares entities (XXE, "billion laughs") is rejected and no
 * DTD or external entity is ever loaded. Errors are FormatParseError with a 1-based line.
 * Documents hold at most MAX_ELEMENTS elements, which nest at most MAX_DEPTH deep and carry at
 * most MAX_ATTRIBUTES attributes, and every step
 * is linear in the input, so that no upload can hold the server for long; onElementEnd lets a
 * reader of a large file (an XLSX sheet) drop each record once it has read it.
 *
 * Querying: getAttribute, getAttributeNode, childElements, firstChild, textContent, localName,
 * innerXml (raw text), indentationAt, detectEol, readInline (text with inline
 * element tags kept verbatim).
 *
 * Writing: never re-serialise the tree. Splice new text into the original instead:
 *   const patcher = new TextPatcher(doc.text);
 *   patcher.set(el.contentStart, el.contentEnd, escapeXmlText(value));
 *   patcher.insert(offset, newElementText);
 *   encodeXml(patcher.apply(), encoding, bom);
 * Escaping: escapeXmlText, escapeXmlAttribute, cdataSection, writeInline (inverse of
 * readInline), writeContent (writeInline keeping a CDATA style), decodeEntities.
 *
 * Editing helpers (edit.ts): rewriteStartTag (change/add/remove attributes keeping the rest of
 * the tag), openingTag (`<a/>` → `<a>`), removalRange (an element with its line), indentStep,
 * lastChildElement, appendChildren (insert new elements after the last child in the file's
 * indentation and EOL). XmlRecordStore (record-store.ts) is a ParsedStore base class that keeps
 * units as records over the original text and builds all patches at serialize() time;
 * XmlAttributeHeaderStore adds header fields kept in an element's attributes. readXmlSource
 * decodes and parses a file for them; makeUnit, sizedTarget, changedReview... fill FormatUnits.
 * The XLIFF, XLIFF 2, TS, TBX, Android, RESX and stringsdict formats are built on it.
 */

import { FormatParseError } from '../format.js';
import type { XmlAttribute, XmlDoctype, XmlDocument, XmlElement, XmlNode } from './dom.js';
import { decodeXmlBytes } from './encoding.js';
import { decodeEntities, EntityError } from './entities.js';
import type { XmlSource } from './record-store.js';

export * from './dom.js';
export { cdataSection, decodeEntities, escapeXmlAttribute, escapeXmlText, type EscapeTextOptions } from './entities.js';
export { decodeXmlBytes, encodeXml, type DecodedXml, type XmlEncoding } from './encoding.js';
export { applyPatches, TextPatcher, type Patch } from './patcher.js';
export { readInline, writeContent, writeInline } from './inline.js';
export { appendChildren, indentStep, lastChildElement, openingTag, removalRange, rewriteStartTag, type ChildLayout } from './edit.js';
export { changedReview, makeUnit, newReview, requiredKey, sameTargets, singleTarget, sizedTarget, XmlAttributeHeaderStore, XmlRecordStore, type XmlRecord, type XmlSource } from './record-store.js';

export interface ParseXmlOptions {
  /** Used in error messages. */
  filename?: string | undefined;
  /**
   * Called when an element ends (after its end tag, or its `/>`). The callback may empty
   * `el.parent.children` (el and its earlier siblings; the scanner only appends to it later), so
   * that a reader that takes what it needs from each record (an XLSX row) holds one record at a
   * time instead of the whole tree. It may throw to stop the scan.
   */
  onElementEnd?: ((el: XmlElement, lineAt: (offset: number) => number) => void) | undefined;
  /** Elements the document may have (default MAX_ELEMENTS); a reader that drops records may allow more. */
  maxElements?: number | undefined;
}

/**
 * Far above anything a translation file holds; the caps bound the work and memory one hostile
 * element can cost (attributes are kept per element, and readers walk nested content recursively).
 */
export const MAX_ATTRIBUTES = 1_000;
export const MAX_DEPTH = 1_000;
/**
 * Every element costs a few hundred bytes of tree and about a microsecond: 2,000,000 is some
 * 400 MB and a second or two, several times the largest real translation files (a 50 MB upload
 * of empty elements would be 12 million of them, gigabytes and many seconds).
 */
export const MAX_ELEMENTS = 2_000_000;
/** Below this many attributes a linear duplicate check is cheaper than building a Set. */
const SMALL_ATTRIBUTE_COUNT = 8;

/** Builds the 1-based line lookup for a text (line starts, binary searched). */
function lineLookup(text: string): (offset: number) => number {
  let starts: number[] | null = null;
  return (offset: number): number => {
    if (starts === null) {
      starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    return lastAtMost(starts, offset) + 1;
  };
}

function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ||
    c === 0x5f || c === 0x3a || c === 0x2d || c === 0x2e || c >= 0x80
  );
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

/** Decodes (BOM, UTF-16, declared encoding) and parses a file into the source of an XmlRecordStore. */
export function readXmlSource(bytes: Uint8Array, filename?: string): XmlSource {
  const { text, encoding, bom } = decodeXmlBytes(bytes, filename);
  return { doc: parseXml(text, { filename }), encoding, bom, original: bytes };
}

/** Parses an XML document (already decoded, see decodeXmlBytes) into an offset-preserving tree. */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlDocument {
  const filename = options.filename;
  const onElementEnd = options.onElementEnd;
  const maxElements = options.maxElements ?? MAX_ELEMENTS;
  let elements = 0;
  const lineAt = lineLookup(text);
  const fail = (message: string, offset: number): never => {
    throw new FormatParseError(message, lineAt(offset), filename);
  };
  const decode = (start: number, end: number, attribute = false): string => {
    try {
      return decodeEntities(text, start, end, attribute);
    } catch (e) {
      if (e instanceof EntityError) return fail(e.message, e.offset);
      throw e;
    }
  };

  const top: XmlNode[] = [];
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let doctype: XmlDoctype | null = null;
  const len = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const append = (node: XmlNode): void => {
    const parent = stack.length > 0 ? stack[stack.length - 1]! : null;
    node.parent = parent;
    if (parent) parent.children.push(node);
    else top.push(node);
  };

  const scanName = (at: number): number => {
    if (at >= len || !isNameStart(text.charCodeAt(at))) return at;
    let j = at + 1;
    while (j < len && isNameChar(text.charCodeAt(j))) j++;
    return j;
  };

  while (i < len) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? len : lt;
    if (textEnd > i) {
      if (stack.length === 0) {
        for (let k = i; k < textEnd; k++) {
          if (!isSpace(text.charCodeAt(k))) fail(root ? 'text after the root element' : 'text before the root element', k);
        }
      }
      append({ kind: 'text', value: decode(i, textEnd), start: i, end: textEnd, parent: null });
    }
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);

    if (next === 0x2f /* / */) {
      const nameEnd = scanName(lt + 2);
      const name = text.slice(lt + 2, nameEnd);
      let j = nameEnd;
      while (j < len && isSpace(text.charCodeAt(j))) j++;
      if (name === '' || text.charCodeAt(j) !== 0x3e) fail(`malformed end tag </${name}`, lt);
      const open = stack.pop();
      if (!open) fail(`unexpected end tag </${name}>`, lt);
      if (open!.name !== name) fail(`mismatched end tag </${name}>, expected </${open!.name}> (opened on line ${lineAt(open!.start)})`, lt);
      open!.contentEnd = lt;
      open!.end = j + 1;
      onElementEnd?.(open!, lineAt);
      i = j + 1;
      continue;
    }

    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const close = text.indexOf('-->', lt + 4);
        if (close < 0) fail('unclosed comment', lt);
        append({ kind: 'comment', value: text.slice(lt + 4, close), start: lt, end: close + 3, parent: null });
        i = close + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        if (stack.length === 0) fail('CDATA section outside the root element', lt);
        const close = text.indexOf(']]>', lt + 9);
        if (close < 0) fail('unclosed CDATA section', lt);
        const raw = text.slice(lt + 9, close);
        const value = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
        append({ kind: 'cdata', value, start: lt, end: close + 3, parent: null });
        i = close + 3;
      } else if (text.startsWith('<!DOCTYPE', lt)) {
        if (root || doctype || stack.length > 0) fail('misplaced DOCTYPE declaration', lt);
        doctype = scanDoctype(text, lt, fail);
        append(doctype);
        i = doctype.end;
      } else {
        return fail("unexpected '<!' (expected a comment, CDATA or DOCTYPE)", lt);
      }
      continue;
    }

    if (next === 0x3f /* ? */) {
      const close = text.indexOf('?>', lt + 2);
      if (close < 0) fail('unclosed processing instruction', lt);
      const targetEnd = scanName(lt + 2);
      if (targetEnd === lt + 2) fail('processing instruction without a target', lt);
      const target = text.slice(lt + 2, targetEnd);
      append({ kind: 'pi', target, data: text.slice(targetEnd, close).trim(), start: lt, end: close + 2, parent: null });
      i = close + 2;
      continue;
    }

    // Start tag.
    const nameEnd = scanName(lt + 1);
    if (nameEnd === lt + 1) fail("'<' not followed by a tag name (write &lt; for a literal '<')", lt);
    if (stack.length === 0 && root) fail('a second root element', lt);
    const el: XmlElement = {
      kind: 'element',
      name: text.slice(lt + 1, nameEnd),
      attributes: [],
      children: [],
      start: lt,
      end: -1,
      startTagEnd: -1,
      contentStart: -1,
      contentEnd: -1,
      selfClosing: false,
      parent: null,
    };
    if (stack.length >= MAX_DEPTH) fail(`elements nested deeper than ${MAX_DEPTH} levels`, lt);
    if (++elements > maxElements) fail(`more than ${maxElements.toLocaleString('en')} elements`, lt);
    let seen: Set<string> | null = null;
    let j = nameEnd;
    for (;;) {
      const before = j;
      while (j < len && isSpace(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (c === 0x3e /* > */) {
        j++;
        break;
      }
      if (c === 0x2f /* / */ && text.charCodeAt(j + 1) === 0x3e) {
        el.selfClosing = true;
        j += 2;
        break;
      }
      if (j >= len) fail(`unclosed start tag <${el.name}`, lt);
      if (j === before) fail(`expected whitespace, '>' or '/>' in <${el.name}>`, j);
      const attrEnd = scanName(j);
      if (attrEnd === j) fail(`invalid character in <${el.name}> start tag`, j);
      const attrName = text.slice(j, attrEnd);
      let k = attrEnd;
      while (k < len && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 0x3d /* = */) fail(`attribute ${attrName} of <${el.name}> has no value`, k);
      k++;
      while (k < len && isSpace(text.charCodeAt(k))) k++;
      const q = text[k];
      if (q !== '"' && q !== "'") fail(`attribute ${attrName} of <${el.name}> needs a quoted value`, k);
      const close = text.indexOf(q!, k + 1);
      if (close < 0) fail(`unterminated value of attribute ${attrName}`, k);
      // Only up to the closing quote: a search for '<' runs on to the next tag, and did so once per attribute.
      for (let m = k + 1; m < close; m++) if (text.charCodeAt(m) === 0x3c) fail(`'<' in the value of attribute ${attrName}`, m);
      if (el.attributes.length >= MAX_ATTRIBUTES) fail(`too many attributes in <${el.name}> (at most ${MAX_ATTRIBUTES})`, j);
      if (el.attributes.length < SMALL_ATTRIBUTE_COUNT) {
        for (const other of el.attributes) if (other.name === attrName) fail(`duplicate attribute ${attrName} in <${el.name}>`, j);
      } else {
        seen ??= new Set(el.attributes.map((a) => a.name));
        if (seen.has(attrName)) fail(`duplicate attribute ${attrName} in <${el.name}>`, j);
        seen.add(attrName);
      }
      const attr: XmlAttribute = {
        name: attrName,
        value: decode(k + 1, close, true),
        start: j,
        end: close + 1,
        valueStart: k + 1,
        valueEnd: close,
        quote: q as '"' | "'",
      };
      el.attributes.push(attr);
      j = close + 1;
    }
    el.startTagEnd = el.contentStart = j;
    append(el);
    if (el.selfClosing) {
      el.contentEnd = el.end = j;
      onElementEnd?.(el, lineAt);
    } else {
      stack.push(el);
    }
    if (el.parent === null) root = el;
    i = j;
  }

  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    fail(`unclosed <${open.name}> element`, open.start);
  }
  if (!root) fail('no root element', len);
  return { text, children: top, root: root!, doctype, filename, lineAt };
}

/**
 * Scans `<!DOCTYPE name ExternalID? [subset]? >` without reading anything it points to. An
 * internal subset is allowed only when it declares no entities: entity declarations are how
 * XXE and entity-expansion ("billion laughs") attacks work, and no translation format needs them.
 */
function scanDoctype(text: string, lt: number, fail: (message: string, offset: number) => never): XmlDoctype {
  const len = text.length;
  let j = lt + 9;
  while (j < len && isSpace(text.charCodeAt(j))) j++;
  const nameStart = j;
  while (j < len && isNameChar(text.charCodeAt(j))) j++;
  if (j === nameStart) fail('DOCTYPE without a root element name', lt);
  const name = text.slice(nameStart, j);
  let inSubset = false;
  while (j < len) {
    const c = text.charCodeAt(j);
    if (c === 0x22 || c === 0x27) {
      const close = text.indexOf(text[j]!, j + 1);
      if (close < 0) fail('unterminated string in DOCTYPE', j);
      j = close + 1;
      continue;
    }
    if (inSubset) {
      if (text.startsWith('<!ENTITY', j)) fail('DOCTYPE declares entities (<!ENTITY>), which are not allowed', j);
      if (text.startsWith('<!--', j)) {
        const close = text.indexOf('-->', j + 4);
        if (close < 0) fail('unclosed comment in DOCTYPE', j);
        j = close + 3;
        continue;
      }
      if (c === 0x25 /* % */) fail('parameter entity references in DOCTYPE are not allowed', j);
      if (c === 0x5d /* ] */) inSubset = false;
    } else if (c === 0x5b /* [ */) {
      inSubset = true;
    } else if (c === 0x3e /* > */) {
      return { kind: 'doctype', name, start: lt, end: j + 1, parent: null };
    } else if (c === 0x3c /* < */) {
      break;
    }
    j++;
  }
  return fail('unclosed DOCTYPE declaration', lt);
}

