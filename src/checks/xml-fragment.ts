// A linear well-formedness scanner for XML/HTML fragments inside strings (tags, attributes, entities, comments).

export interface XmlTag {
  name: string;
  /** Attribute names in document order. */
  attributes: string[];
  closing: boolean;
  selfClosing: boolean;
}

export interface XmlScan {
  tags: XmlTag[];
  /** First well-formedness error, or undefined for a well-formed fragment. */
  error?: string;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTRIBUTE = /\s*([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("[^"<]*"|'[^'<]*')/y;
const TAG_END = /\s*(\/?)>/y;
const ENTITY = /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);/y;

/** Quick test before the scan: "<" followed by a name start or "/" (a tag, not "a < b"). */
export const LOOKS_LIKE_MARKUP = /<\/?[A-Za-z_]/;

/**
 * Scans `text` as the content of an element. Named entities are accepted whatever their name
 * (strings use &nbsp; and friends, declared by the DTD of the document they end up in).
 */
export function scanXml(text: string): XmlScan {
  const tags: XmlTag[] = [];
  const open: string[] = [];
  const n = text.length;
  let i = 0;
  const error = (message: string): XmlScan => ({ tags, error: message });
  while (i < n) {
    const lt = text.indexOf('<', i);
    const amp = text.indexOf('&', i);
    if (amp >= 0 && (lt < 0 || amp < lt)) {
      ENTITY.lastIndex = amp;
      if (!ENTITY.test(text)) return error(`Unescaped "&" at position ${amp}`);
      i = ENTITY.lastIndex;
      continue;
    }
    if (lt < 0) break;
    i = lt + 1;
    if (text.startsWith('!--', i)) {
      const end = text.indexOf('-->', i + 3);
      if (end < 0) return error('Unclosed comment');
      i = end + 3;
      continue;
    }
    if (text.startsWith('![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0) return error('Unclosed CDATA section');
      i = end + 3;
      continue;
    }
    if (text[i] === '?') {
      const end = text.indexOf('?>', i);
      if (end < 0) return error('Unclosed processing instruction');
      i = end + 2;
      continue;
    }
    const closing = text[i] === '/';
    if (closing) i++;
    NAME.lastIndex = i;
    const nameMatch = NAME.exec(text);
    if (!nameMatch) return error(`Invalid "<" at position ${lt}`);
    const name = nameMatch[0];
    i = NAME.lastIndex;
    const attributes: string[] = [];
    if (!closing) {
      for (;;) {
        ATTRIBUTE.lastIndex = i;
        const attr = ATTRIBUTE.exec(text);
        if (!attr) break;
        if (attributes.includes(attr[1]!)) return error(`Duplicate attribute ${attr[1]} in <${name}>`);
        attributes.push(attr[1]!);
        i = ATTRIBUTE.lastIndex;
      }
    }
    TAG_END.lastIndex = i;
    const end = TAG_END.exec(text);
    if (!end || (closing && end[1])) return error(`Malformed tag <${closing ? '/' : ''}${name}>`);
    i = TAG_END.lastIndex;
    const selfClosing = end[1] === '/';
    tags.push({ name, attributes, closing, selfClosing });
    if (closing) {
      const expected = open.pop();
      if (expected !== name) return error(expected ? `</${name}> closes <${expected}>` : `Unexpected </${name}>`);
    } else if (!selfClosing) {
      open.push(name);
    }
  }
  if (open.length) return error(`Unclosed <${open[open.length - 1]}>`);
  return { tags };
}
