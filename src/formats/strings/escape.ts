// Backslash escapes of Apple .strings quoted strings (the old-style property list rules).

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
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) throw new Error('dangling backslash');
    if (next === 'U' || next === 'u') {
      const hex = raw.slice(i + 2, i + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new Error(`invalid \\${next} escape`);
      // Surrogate halves written as two escapes join into one character by themselves.
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else if (next >= '0' && next <= '7') {
      const oct = /^[0-7]{1,3}/.exec(raw.slice(i + 1, i + 4))![0];
      out += String.fromCharCode(parseInt(oct, 8));
      i += oct.length;
    } else {
      // Unknown escapes stand for the character itself, as in Apple's reader.
      out += SIMPLE[next] ?? next;
      i++;
    }
  }
  return out;
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
