// Backslash escapes of Apple .strings quoted strings (the old-style property list rules).

import { decodeBackslashes } from '../text/backslash-escapes.js';

const SIMPLE: Record<string, string> = {
  a: '\u0007',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

/** Decodes the text between the quotes; throws on a malformed \U escape. */
export function unescapeStrings(raw: string): string {
  return decodeBackslashes(raw, 'dangling backslash', (next, at) => {
    if (next === 'U' || next === 'u') {
      const hex = raw.slice(at + 1, at + 5);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new Error(`invalid \\${next} escape`);
      // Surrogate halves written as two escapes join into one character by themselves.
      return [String.fromCharCode(parseInt(hex, 16)), 5];
    }
    if (next >= '0' && next <= '7') {
      const oct = /^[0-7]{1,3}/.exec(raw.slice(at, at + 3))![0];
      return [String.fromCharCode(parseInt(oct, 8)), oct.length];
    }
    // Unknown escapes stand for the character itself, as in Apple's reader.
    return [SIMPLE[next] ?? next, 1];
  });
}

/** Encodes a value for a quoted string: quotes, backslashes and control characters are escaped. */
export function escapeStrings(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/["\\\n\r\t\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    switch (c) {
      case '"':
        return '\\"';
      case '\\':
        return '\\\\';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return '\\U' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    }
  });
}
