// XML character escaping and decoding of the 5 predefined entities and numeric character references.

/** Raised by decodeEntities; `offset` indexes the string that was decoded. */
export class EntityError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** True for code points XML 1.0 allows in documents (references to others are tolerated, see below). */
function isValidCodePoint(cp: number): boolean {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff;
}

/** No '&' or CR in the range (bounded scan: indexOf could run far past `end`). */
function isPlain(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x26 || c === 0x0d) return false;
  }
  return true;
}

/**
 * Decodes `text.slice(start, end)`: predefined entities, `&#N;`/`&#xH;`, and XML line-end
 * normalisation (CRLF and lone CR read as LF; a CR written as `&#13;` stays a CR). Any other
 * entity is an error because Parla never reads DTDs that could declare it. Control-character
 * references (`&#1;`) are accepted although XML 1.0 forbids them: some tools write them and
 * rejecting whole files over one character helps nobody.
 */
export function decodeEntities(text: string, start = 0, end = text.length, attribute = false): string {
  if (!attribute && isPlain(text, start, end)) return text.slice(start, end);
  let out = '';
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x26 /* & */) {
      // Bounded: an unbounded search for ';' could run to the end of the document.
      const semi = text.slice(i + 1, Math.min(end, i + 13)).indexOf(';') + i + 1;
      if (semi === i) throw new EntityError("unescaped '&' (write &amp;)", i);
      const name = text.slice(i + 1, semi);
      if (name.charCodeAt(0) === 0x23 /* # */) {
        const hex = name[1] === 'x';
        const digits = hex ? name.slice(2) : name.slice(1);
        const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
        const cp = valid ? parseInt(digits, hex ? 16 : 10) : NaN;
        if (!isValidCodePoint(cp)) throw new EntityError(`invalid character reference &${name};`, i);
        out += String.fromCodePoint(cp);
      } else {
        const value = PREDEFINED[name];
        if (value === undefined) throw new EntityError(`undefined entity &${name};`, i);
        out += value;
      }
      i = semi + 1;
    } else if (c === 0x0d /* \r */) {
      out += attribute ? ' ' : '\n';
      i += text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
    } else if (attribute && (c === 0x0a || c === 0x09)) {
      out += ' '; // attribute-value normalisation of literal whitespace
      i++;
    } else {
      // Copy the run up to the next special character in one slice.
      let j = i + 1;
      while (j < end) {
        const d = text.charCodeAt(j);
        if (d === 0x26 || d === 0x0d || (attribute && (d === 0x0a || d === 0x09))) break;
        j++;
      }
      out += text.slice(i, j);
      i = j;
    }
  }
  return out;
}

export interface EscapeTextOptions {
  /** Escape '>' as &gt; (default true; only "]]>" strictly needs it). */
  gt?: boolean;
  /** Escape '"' as &quot; (Qt's lupdate does). */
  quot?: boolean;
  /** Escape "'" as &apos; (Qt's lupdate does). */
  apos?: boolean;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\r]/;

function controlRef(ch: string): string {
  return `&#${ch.charCodeAt(0)};`;
}

/** Escapes character data so that it decodes back to `text` exactly. */
export function escapeXmlText(text: string, options: EscapeTextOptions = {}): string {
  let out = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (options.gt !== false) out = out.replace(/>/g, '&gt;');
  else out = out.replace(/]]>/g, ']]&gt;');
  if (options.quot) out = out.replace(/"/g, '&quot;');
  if (options.apos) out = out.replace(/'/g, '&apos;');
  // CR would be normalised to LF on reading; other controls are not allowed literally.
  // eslint-disable-next-line no-control-regex
  if (CONTROL.test(out)) out = out.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\r]/g, controlRef);
  return out;
}

/** Escapes an attribute value for the given quote character; whitespace survives normalisation. */
export function escapeXmlAttribute(value: string, quote: '"' | "'" = '"'): string {
  let out = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  out = quote === '"' ? out.replace(/"/g, '&quot;') : out.replace(/'/g, '&apos;');
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u001f]/g, controlRef);
}

/** Writes `text` as one or more CDATA sections (a literal "]]>" has to be split across two). */
export function cdataSection(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
