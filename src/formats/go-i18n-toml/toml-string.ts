// TOML string literals for values Parla writes: basic strings with TOML's escapes, literal strings kept where they can hold the text.

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\b': '\\b', '\f': '\\f' };

/** A basic string `"..."`: quotes, backslashes and control characters escaped. */
export function basicString(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\\\u0000-\u001f\u007f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** Literal strings hold no apostrophe, no line break and no control character. */
// eslint-disable-next-line no-control-regex
const literalSafe = (value: string) => !/['\u0000-\u0008\u000a-\u001f\u007f]/.test(value);

/** The literal for `value` in the style of `previous` (the value's literal in the file, '' if none). */
export function tomlString(value: string, previous: string): string {
  if (previous.startsWith("'") && !previous.startsWith("'''") && literalSafe(value)) return `'${value}'`;
  return basicString(value);
}

/** A key as TOML writes it: bare when it can be, else a basic string. */
export const tomlKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : basicString(key));
