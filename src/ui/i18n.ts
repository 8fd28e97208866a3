// The UI's message catalog calls: tr/ntr/trHtml look a message up in the language of the current request.
import { AsyncLocalStorage } from 'node:async_hooks';
import { escapeHtml, SafeHtml } from './html.js';
import { msgid } from '../shared/msgid.js';

/** The translations of one UI language, as read from its message catalog. */
export interface MessageCatalog {
  /** BCP 47 code of the language, e.g. "de", "cs", "pt-BR". */
  readonly code: string;
  /** "rtl" for right-to-left languages. */
  readonly direction: 'ltr' | 'rtl';
  /** The translation of msgid (in context ctx), or undefined when the catalog has none. */
  message(msgid: string, ctx?: string): string | undefined;
  /** The plural form of a plural message for the count n, or undefined when the catalog has none. */
  plural(msgid: string, n: number, ctx?: string): string | undefined;
}

/** The catalog-less language: the messages as written in the code (English). */
export const SOURCE_CATALOG: MessageCatalog = {
  code: 'en',
  direction: 'ltr',
  message: () => undefined,
  plural: () => undefined,
};

const current = new AsyncLocalStorage<MessageCatalog>();

/** Runs fn with catalog as the language of every tr() call it makes, also after awaits. */
export function runInLanguage<T>(catalog: MessageCatalog, fn: () => T): T {
  return current.run(catalog, fn);
}

/** The language of the current request (English outside one). */
export function currentCatalog(): MessageCatalog {
  return current.getStore() ?? SOURCE_CATALOG;
}

/**
 * A value built once per UI language and kept: for markup that depends on nothing but the language (the shortcuts
 * dialog, the scripts' texts), which every page would otherwise build again. Catalogs live as long as the process.
 */
export function perLanguage<T>(build: () => T): () => T {
  const built = new WeakMap<MessageCatalog, T>();
  return () => {
    const catalog = currentCatalog();
    let value = built.get(catalog);
    if (value === undefined) {
      value = build();
      built.set(catalog, value);
    }
    return value;
  };
}

type Vars = Readonly<Record<string, string | number>>;

/** Replaces {name} placeholders with vars' values; unknown names stay as written. */
function fill(text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A UI message in the current language; {name} placeholders are filled from vars. Plain text: html`` escapes it. */
export function tr(msgid: string, vars?: Vars): string {
  return fill(currentCatalog().message(msgid) ?? msgid, vars);
}

/** The same with a disambiguating context (msgctxt), for words that translate differently in different places. */
export function ptr(ctx: string, msgid: string, vars?: Vars): string {
  return fill(currentCatalog().message(msgid, ctx) ?? msgid, vars);
}

/** A message with plural forms chosen by n in the current language; {n} is n, other placeholders come from vars. */
export function ntr(singular: string, plural: string, n: number, vars?: Vars): string {
  const text = currentCatalog().plural(singular, n) ?? (n === 1 ? singular : plural);
  return fill(text, { n, ...vars });
}

/**
 * A message with markup in its placeholders, e.g. trHtml('{link} to translate.', { link: html`<a …>${tr('Sign in')}</a>` }):
 * the message text is escaped, SafeHtml values are inserted as they are, other values escaped.
 */
export function trHtml(msgid: string, vars: Readonly<Record<string, string | number | SafeHtml>>): SafeHtml {
  const text = currentCatalog().message(msgid) ?? msgid;
  const parts = text.split(/(\{[a-z_][a-z0-9_]*\})/gi);
  return new SafeHtml(
    parts
      .map((part, i) => {
        if (i % 2 === 0) return escapeHtml(part);
        const name = part.slice(1, -1);
        if (!(name in vars)) return escapeHtml(part);
        const value = vars[name]!;
        return value instanceof SafeHtml ? value.value : escapeHtml(String(value));
      })
      .join(''),
  );
}

const PLURAL_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  zero: msgid('zero'),
  one: msgid('one'),
  two: msgid('two'),
  few: msgid('few'),
  many: msgid('many'),
  other: msgid('other'),
};

/** A CLDR plural category ("one", "few", …) as the current language names it. */
export function pluralCategoryName(category: string): string {
  return Object.hasOwn(PLURAL_CATEGORY_NAMES, category) ? tr(PLURAL_CATEGORY_NAMES[category]!) : category;
}

/** Each plural form's label: its category in the current language and the numbers it is for, e.g. "few (2~4, 22~24, …)". */
export function pluralFormLabels(rule: { readonly categories: readonly string[]; readonly examples: readonly string[] }): string[] {
  return rule.categories.map((name, i) => (rule.examples[i] ? `${pluralCategoryName(name)} (${rule.examples[i]})` : pluralCategoryName(name)));
}
