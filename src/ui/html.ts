// Escaping HTML templates: every interpolation is escaped unless it is SafeHtml made by html`` or raw().

/** Markup that is already safe to insert; only html`` and raw() make it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most interpolated text (names, ids, addresses, messages) has nothing to escape: test before replacing.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!) : text;
}

/** Interpolated values: SafeHtml as is, arrays joined, null/undefined/false as nothing, anything else escaped text. */
export type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Trusted markup (never user data): the one way around escaping. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
