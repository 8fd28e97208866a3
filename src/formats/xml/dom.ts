// Node types of the offset-preserving XML tree and small helpers to query it.

/** An attribute with its decoded value and where it sits in the document text. */
export interface XmlAttribute {
  /** Qualified name as written, e.g. "xml:lang". */
  name: string;
  /** Decoded value (entities resolved, literal whitespace normalised to spaces). */
  value: string;
  /** Offset of the attribute name. */
  start: number;
  /** Offset just after the closing quote. */
  end: number;
  /** Offset just after the opening quote; text.slice(valueStart, valueEnd) is the raw value. */
  valueStart: number;
  /** Offset of the closing quote. */
  valueEnd: number;
  quote: '"' | "'";
}

interface NodeBase {
  /** Offset of the node's first character in the document text. */
  start: number;
  /** Offset just after the node's last character. */
  end: number;
  parent: XmlElement | null;
}

export interface XmlElement extends NodeBase {
  kind: 'element';
  /** Qualified name as written, e.g. "trans-unit" or "xliff:g". */
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
  /** Offset just after the '>' (or '/>') of the start tag. */
  startTagEnd: number;
  /** Offset where the content starts (= startTagEnd). */
  contentStart: number;
  /** Offset of the end tag's '<' (= startTagEnd for a self-closing element). */
  contentEnd: number;
  /** True for `<name/>`: there is no content and no end tag. */
  selfClosing: boolean;
}

export interface XmlText extends NodeBase {
  kind: 'text';
  /** Decoded character data. */
  value: string;
}

export interface XmlCData extends NodeBase {
  kind: 'cdata';
  /** The section's content (line ends normalised to LF). */
  value: string;
}

export interface XmlComment extends NodeBase {
  kind: 'comment';
  /** Text between "<!--" and "-->". */
  value: string;
}

export interface XmlProcessingInstruction extends NodeBase {
  kind: 'pi';
  /** e.g. "xml" for the XML declaration. */
  target: string;
  data: string;
}

export interface XmlDoctype extends NodeBase {
  kind: 'doctype';
  /** The root element name the DOCTYPE names. */
  name: string;
}

export type XmlNode = XmlElement | XmlText | XmlCData | XmlComment | XmlProcessingInstruction | XmlDoctype;

export interface XmlDocument {
  /** The parsed text; every offset in the tree indexes it. */
  text: string;
  /** Top-level nodes in order (declaration, doctype, comments, the root, trailing whitespace...). */
  children: XmlNode[];
  root: XmlElement;
  doctype: XmlDoctype | null;
  filename?: string | undefined;
  /** 1-based line of an offset (binary search over a line index built on first use). */
  lineAt(offset: number): number;
}

/** The part of a qualified name after its prefix: "xliff:g" → "g". */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function getAttributeNode(el: XmlElement, name: string): XmlAttribute | undefined {
  for (const attr of el.attributes) if (attr.name === name) return attr;
  return undefined;
}

/** The decoded value of attribute `name`, or undefined when absent. */
export function getAttribute(el: XmlElement, name: string): string | undefined {
  return getAttributeNode(el, name)?.value;
}

/** Child elements, optionally only those with the given name (qualified, or local when unprefixed). */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of el.children) {
    if (child.kind !== 'element') continue;
    if (name === undefined || child.name === name || (!name.includes(':') && localName(child.name) === name)) out.push(child);
  }
  return out;
}

/** The first child element with the given name (see childElements). */
export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  for (const child of el.children) {
    if (child.kind !== 'element') continue;
    if (child.name === name || (!name.includes(':') && localName(child.name) === name)) return child;
  }
  return undefined;
}

/** Decoded text of the element and its descendants (text and CDATA, markup dropped). */
export function textContent(el: XmlElement): string {
  if (el.children.length === 1) {
    const only = el.children[0]!;
    if (only.kind === 'text' || only.kind === 'cdata') return only.value;
  }
  let out = '';
  for (const child of el.children) {
    if (child.kind === 'text' || child.kind === 'cdata') out += child.value;
    else if (child.kind === 'element') out += textContent(child);
  }
  return out;
}

/** The raw (undecoded) text between the element's start and end tags; '' when self-closing. */
export function innerXml(doc: XmlDocument | string, el: XmlElement): string {
  const text = typeof doc === 'string' ? doc : doc.text;
  return text.slice(el.contentStart, el.contentEnd);
}

/** The element's raw text from its start tag to its end tag inclusive. */
/**
 * Whitespace between the start of the line holding `offset` and `offset`, or null when other
 * characters precede it on that line (then the node is not on a line of its own).
 */
export function indentationAt(text: string, offset: number): string | null {
  let i = offset;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === 0x0a || c === 0x0d) break;
    if (c !== 0x20 && c !== 0x09) return null;
    i--;
  }
  return text.slice(i, offset);
}

/** "\r\n" when the text's first line ends that way, else "\n". */
export function detectEol(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n');
  return lf > 0 && text.charCodeAt(lf - 1) === 0x0d ? '\r\n' : '\n';
}
