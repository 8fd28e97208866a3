// Finds the placeholders of a source text (printf, brace, template and markup forms) and tells which a translation lost.

/**
 * printf (`%s`, `%1$d`, `%(name)s`, `%@`), brace (`{0}`, `{name}`, `{{ name }}`), `${name}`, `%{name}` and
 * markup tags. The space flag of printf is left out: "50% discount" holds no placeholder.
 */
const PLACEHOLDER = new RegExp(
  [
    String.raw`%(?:\(\w+\)|\d+\$)?[-+0#]*\d*(?:\.\d+)?(?:hh|h|ll|l|L|q|j|z|t)?[sdifuxXoeEgGcpa@]`,
    String.raw`\{\{\s*[\w.]+\s*\}\}`,
    String.raw`[$%]\{[\w.]+\}`,
    String.raw`\{[\w.]+\}`,
    String.raw`<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>`,
  ].join('|'),
  'g',
);

/** The placeholders of a text in order, repeated as often as they occur, plus the `extra` ones the caller knows of. */
export function placeholdersOf(text: string, extra: readonly string[] = []): string[] {
  const found: string[] = [...(text.match(PLACEHOLDER) ?? [])];
  for (const p of extra) if (p && text.includes(p) && !found.includes(p)) found.push(p);
  return found;
}

function count(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/** The placeholders that occur fewer times in `translation` than in the list (empty: every one survived). */
export function missingPlaceholders(placeholders: readonly string[], translation: string): string[] {
  const wanted = new Map<string, number>();
  for (const p of placeholders) wanted.set(p, (wanted.get(p) ?? 0) + 1);
  return [...wanted].filter(([p, n]) => count(translation, p) < n).map(([p]) => p);
}
