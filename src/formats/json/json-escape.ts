// Writes JSON string literals with the escaping habits of the file they go into.

/** How a file escapes what JSON allows either way. */
export interface JsonEscapeStyle {
  /** Every non-ASCII character written as \uXXXX (Python's ensure_ascii, PHP's default). */
  asciiOnly: boolean;
  /** "/" written as "\/" (PHP's json_encode default). */
  escapeSlash: boolean;
  /** Hex digits of \uXXXX escapes in upper case. */
  upperHex: boolean;
}

export const DEFAULT_ESCAPE_STYLE: JsonEscapeStyle = Object.freeze({ asciiOnly: false, escapeSlash: false, upperHex: false });

/** Counts gathered while scanning a file's strings, turned into a style by escapeStyleOf(). */
export interface EscapeStats {
  rawNonAscii: number;
  escapedNonAscii: number;
  rawSlash: number;
  escapedSlash: number;
  upperHex: number;
  lowerHex: number;
}

export function emptyEscapeStats(): EscapeStats {
  return { rawNonAscii: 0, escapedNonAscii: 0, rawSlash: 0, escapedSlash: 0, upperHex: 0, lowerHex: 0 };
}

/** A habit counts only when the file follows it everywhere; mixed files get the minimal escaping. */
export function escapeStyleOf(stats: EscapeStats): JsonEscapeStyle {
  return {
    asciiOnly: stats.escapedNonAscii > 0 && stats.rawNonAscii === 0,
    escapeSlash: stats.escapedSlash > 0 && stats.rawSlash === 0,
    upperHex: stats.upperHex > stats.lowerHex,
  };
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\' };

function hex4(code: number, upper: boolean): string {
  const digits = code.toString(16).padStart(4, '0');
  return `\\u${upper ? digits.toUpperCase() : digits}`;
}

/** `value` as a quoted JSON string literal: like JSON.stringify, but non-ASCII and "/" as the style says. */
export function encodeJsonString(value: string, style: JsonEscapeStyle = DEFAULT_ESCAPE_STYLE): string {
  let out = '"';
  let chunk = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    let escaped: string | undefined;
    if (code < 0x20 || code === 34 || code === 92) {
      escaped = SHORT_ESCAPES[code] ?? hex4(code, style.upperHex);
    } else if (code === 47) {
      if (style.escapeSlash) escaped = '\\/';
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // Lone surrogates cannot be written as UTF-8; pairs stay literal unless the file is ASCII-only.
      const pairsWithNext = code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pairsWithNext && !style.asciiOnly) {
        i++;
        continue;
      }
      const pairsWithPrevious = code >= 0xdc00 && i > 0 && (value.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!pairsWithPrevious || style.asciiOnly) escaped = hex4(code, style.upperHex);
    } else if (code >= 0x80 && style.asciiOnly) {
      escaped = hex4(code, style.upperHex);
    }
    if (escaped === undefined) continue;
    out += value.slice(chunk, i) + escaped;
    chunk = i + 1;
  }
  return out + value.slice(chunk) + '"';
}
