// Reads and edits the "Name: value\n" fields stored in a PO header's msgstr, including Plural-Forms.

import type { PluralForms } from '../format.js';

/** Header fields in file order; the first occurrence of a repeated name wins. */
export function parseHeaderFields(msgstr: string): Record<string, string> {
  const fields = new Map<string, string>();
  for (const line of msgstr.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    if (name !== '' && !fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return Object.fromEntries(fields);
}

/** Finds a field name case-insensitively (gettext tools match header names that way). */
export function findHeaderField(fields: Readonly<Record<string, string>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(fields)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** Replaces the value of `name` (keeping the existing spelling of the name) or appends the field. */
export function setHeaderField(msgstr: string, name: string, value: string): string {
  const lines = msgstr.split('\n');
  // "A\nB\n" splits into [..., '']; keep that terminator out of the search.
  const terminated = lines.length > 0 && lines[lines.length - 1] === '';
  if (terminated) lines.pop();
  const wanted = name.toLowerCase();
  const index = lines.findIndex((line) => {
    const colon = line.indexOf(':');
    return colon > 0 && line.slice(0, colon).trim().toLowerCase() === wanted;
  });
  if (index >= 0) {
    const existing = lines[index]!.slice(0, lines[index]!.indexOf(':')).trim();
    lines[index] = `${existing}: ${value}`;
  } else {
    lines.push(`${name}: ${value}`);
  }
  return lines.join('\n') + '\n';
}

/** Parses "nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);". */
export function parsePluralForms(value: string | undefined): PluralForms | undefined {
  if (value === undefined) return undefined;
  const count = /nplurals\s*=\s*(\d+)/.exec(value);
  const formula = /(?:^|[\s;])plural\s*=\s*([^;]*)/.exec(value);
  if (!count || !formula) return undefined;
  const number = Number(count[1]);
  if (!Number.isSafeInteger(number) || number < 1) return undefined;
  return { number, formula: formula[1]!.trim() };
}

export function formatPluralForms(forms: PluralForms): string {
  return `nplurals=${forms.number}; plural=${forms.formula};`;
}
