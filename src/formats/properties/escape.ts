// Java .properties escapes: what Properties.load() decodes and what Properties.store() style writing needs.

export interface EscapeStyle {
  /** Write characters above U+007E as \uXXXX (ISO-8859-1 files), else raw (UTF-8 files). */
  asciiOnly: boolean;
  /** The file's own hex case in \u escapes (Java writes upper case). */
  lowerHex: boolean;
  /** The file's encoding can hold only U+0000..U+00FF raw. */
  latin1: boolean;
}

const CONTROL: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\f': '\\f' };

function unicodeEscape(code: number, style: EscapeStyle): string {
  const hex = code.toString(16).padStart(4, '0');
  return '\\u' + (style.lowerHex ? hex : hex.toUpperCase());
}

function escapeChar(c: string, style: EscapeStyle): string {
  if (c === '\\') return '\\\\';
  const control = CONTROL[c];
  if (control) return control;
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f || (code > 0x7e && (style.asciiOnly || (style.latin1 && code > 0xff)))) {
    return unicodeEscape(code, style);
  }
  // Line and paragraph separators are line breaks to some readers: keep them out of the raw text.
  if (code === 0x2028 || code === 0x2029 || code === 0xfeff) return unicodeEscape(code, style);
  return c;
}

/** Encodes a value: backslashes, control characters and leading whitespace (which the reader would skip). */
export function escapeValue(value: string, style: EscapeStyle): string {
  let out = '';
  let leading = true;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (leading && c === ' ') {
      out += '\\ ';
      continue;
    }
    leading &&= c === '\t' || c === '\f';
    out += escapeChar(c, style);
  }
  return out;
}

/** Encodes a key: additionally separators, whitespace and a leading comment marker. */
export function escapeKey(key: string, style: EscapeStyle): string {
  let out = '';
  for (let i = 0; i < key.length; i++) {
    const c = key[i]!;
    if (c === '=' || c === ':' || c === ' ' || ((c === '#' || c === '!') && i === 0)) out += '\\' + c;
    else out += escapeChar(c, style);
  }
  return out;
}

/**
 * Encodes one comment line. Comments are not unescaped on reading, but a character the file's encoding cannot hold
 * would be cut to its low byte (U+010D "č" becomes a CR, which starts a new line): such characters become \uXXXX as
 * Java's Properties.store() writes them.
 */
export function escapeComment(line: string, style: EscapeStyle): string {
  return style.latin1 ? line.replace(/[\u0100-\uffff]/g, (c) => unicodeEscape(c.charCodeAt(0), style)) : line;
}
