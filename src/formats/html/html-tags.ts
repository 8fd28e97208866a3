// Scans one HTML tag (name, attributes with value spans) the way HTML5 tokenizes it, and the element classes.

export interface HtmlAttribute {
  /** Lower-cased name. */
  name: string;
  /** Offset of the attribute's first character (its name). */
  start: number;
  /** Value span without quotes; valueStart === valueEnd === -1 when the attribute has no value. */
  valueStart: number;
  valueEnd: number;
  quote: '"' | "'" | '';
}

export interface HtmlTag {
  name: string;
  start: number;
  /** Offset just after '>'. */
  end: number;
  closing: boolean;
  selfClosing: boolean;
  attributes: HtmlAttribute[];
}

export class TagError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Reads the tag starting with '<' at `start` (the caller checked that a letter, or '/' and a letter, follows). */
export function scanTag(text: string, start: number): HtmlTag {
  const closing = text[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  const nameStart = i;
  while (i < text.length && !isSpace(text[i]) && text[i] !== '/' && text[i] !== '>') i++;
  const name = text.slice(nameStart, i).toLowerCase();
  const attributes: HtmlAttribute[] = [];
  let selfClosing = false;
  for (;;) {
    while (i < text.length && (isSpace(text[i]) || text[i] === '/')) {
      selfClosing = text[i] === '/';
      i++;
    }
    if (i >= text.length) throw new TagError(`unclosed <${closing ? '/' : ''}${name}> tag`, start);
    if (text[i] === '>') return { name, start, end: i + 1, closing, selfClosing, attributes };
    selfClosing = false;
    const attrStart = i;
    i++; // a name may start with '=' in HTML5
    while (i < text.length && !isSpace(text[i]) && text[i] !== '/' && text[i] !== '>' && text[i] !== '=') i++;
    const attr: HtmlAttribute = { name: text.slice(attrStart, i).toLowerCase(), start: attrStart, valueStart: -1, valueEnd: -1, quote: '' };
    let j = i;
    while (j < text.length && isSpace(text[j])) j++;
    if (text[j] === '=') {
      j++;
      while (j < text.length && isSpace(text[j])) j++;
      const q = text[j];
      if (q === '"' || q === "'") {
        const close = text.indexOf(q, j + 1);
        if (close < 0) throw new TagError(`unterminated value of attribute "${attr.name}" in <${name}>`, attrStart);
        attr.quote = q;
        attr.valueStart = j + 1;
        attr.valueEnd = close;
        i = close + 1;
      } else {
        let k = j;
        while (k < text.length && !isSpace(text[k]) && text[k] !== '>') k++;
        attr.valueStart = j;
        attr.valueEnd = k;
        i = k;
      }
    }
    attributes.push(attr);
  }
}

export function attributeValue(text: string, tag: HtmlTag, name: string): string | undefined {
  const attr = tag.attributes.find((a) => a.name === name);
  return attr === undefined ? undefined : attr.valueStart < 0 ? '' : text.slice(attr.valueStart, attr.valueEnd);
}

/** Elements without content or end tag. */
export const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Content is raw text up to the matching end tag; not translated. */
export const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'textarea']);

/**
 * Phrasing (inline) elements stay inside the surrounding segment as raw HTML. Any other known
 * element ends a segment; unknown (custom) elements count as inline, as browsers render them.
 */
export const INLINE_ELEMENTS = new Set([
  'a', 'abbr', 'acronym', 'audio', 'b', 'bdi', 'bdo', 'big', 'blink', 'br', 'button', 'canvas', 'cite', 'code', 'data', 'del',
  'dfn', 'em', 'embed', 'font', 'i', 'img', 'input', 'ins', 'kbd', 'label', 'map', 'area', 'mark', 'math', 'meter', 'nobr',
  'object', 'output', 'picture', 'progress', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'slot', 'small', 'source',
  'span', 'strike', 'strong', 'sub', 'sup', 'svg', 'time', 'track', 'tt', 'u', 'var', 'video', 'wbr',
]);

/** Known elements that are not phrasing content: they separate segments. */
export const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'base', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'datalist', 'dd',
  'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'iframe', 'legend', 'li', 'link', 'main',
  'menu', 'meta', 'nav', 'noembed', 'noframes', 'noscript', 'ol', 'optgroup', 'option', 'p', 'plaintext', 'pre', 'script',
  'search', 'section', 'select', 'style', 'summary', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead',
  'title', 'tr', 'ul', 'xmp',
]);

/**
 * Elements whose content is one translation unit, as the reference extraction has them (a nested one
 * splits the outer unit into the parts before and after it). Text outside all of them is not
 * translated. summary and legend are added: they label details and fieldsets for readers.
 */
export const TRANSLATABLE_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'div', 'dt', 'figcaption', 'footer', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'legend', 'li', 'main', 'nav', 'option', 'p', 'pre', 'section', 'summary', 'td', 'th', 'title',
]);

/** Attributes holding text for readers, on any element. */
export const TRANSLATABLE_ATTRIBUTES = new Set(['abbr', 'alt', 'aria-label', 'placeholder', 'summary', 'title']);

/** <input type=...> whose value is the label of a button. */
export const BUTTON_INPUT_TYPES = new Set(['button', 'reset', 'submit']);

/** <meta name|property=...> whose content is shown to readers (search results, link previews). */
export const TRANSLATABLE_META = new Set([
  'description', 'keywords', 'og:title', 'og:description', 'og:site_name', 'og:image:alt', 'twitter:title',
  'twitter:description', 'twitter:image:alt',
]);
