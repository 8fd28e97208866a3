// PHP string literals as Parla writes them: single-quoted or double-quoted, escaped so PHP reads back the exact text.

/** `'…'`: only the quote and backslashes are escapes; every backslash is doubled so none can merge with what follows. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  $: '\\$',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\f': '\\f',
  '\u001b': '\\e',
};

/** `"…"`: backslash, quote, `$` (variable interpolation) and control characters escaped. */
export function doubleQuoted(text: string): string {
  // eslint-disable-next-line no-control-regex
  const body = text.replace(/[\\"$\u0000-\u001f\u007f]/g, (c) => DOUBLE_ESCAPES[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `"${body}"`;
}

export function phpLiteral(text: string, quote: "'" | '"'): string {
  return quote === '"' ? doubleQuoted(text) : singleQuoted(text);
}
