// The scan shared by backslash-escaped string syntaxes; what each escape means stays with its format.

/**
 * Decodes `raw`, handing every escape to `escape`: it gets the character after the backslash and
 * its offset, and returns the decoded text and how many characters after the backslash it used.
 */
export function decodeBackslashes(raw: string, dangling: string, escape: (next: string, at: number) => [text: string, used: number]): string {
  // Most values have no escapes at all.
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) throw new Error(dangling);
    const [text, used] = escape(next, i + 1);
    out += text;
    i += used;
  }
  return out;
}
