// The UI's message catalogs: gettext PO files in locale/<lang>/LC_MESSAGES/parla.po, read with Parla's own PO parser.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { poFormat } from '../formats/po/po.format.js';
import { findBuiltinLanguage } from '../languages/catalog.js';
import { compilePluralFormula, parsePluralFormsHeader } from '../languages/plural-formula.js';
import { cldrRule, gettextRule } from '../languages/plural-rule.js';
import { SOURCE_CATALOG, type MessageCatalog } from './i18n.js';

/** The repository's locale/ folder (src/ui/ and dist/ui/ both sit two levels below the root). */
export const LOCALE_DIR = fileURLToPath(new URL('../../locale/', import.meta.url));

/** The catalog every page shows in when nothing else is asked for. */
export const SOURCE_LANGUAGE = 'en';

/** The generated pseudo-locale: every message of the template, accented and bracketed, so untranslated text stands out. */
export const PSEUDO_LOCALE = 'en-XA';

const SEP = '\u0004';
const keyOf = (msgid: string, ctx: string | undefined): string => (ctx ? `${ctx}${SEP}${msgid}` : msgid);

/** "pt_BR", "pt-br" → "pt-BR" (the BCP 47 spelling the catalogs carry). */
export function bcp47(code: string): string {
  const parts = code.trim().replace(/_/g, '-').split('-');
  return parts
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.length <= 3 ? p.toUpperCase() : p.toLowerCase()))
    .join('-');
}

/** The writing direction of a language, from the built-in language data. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return (findBuiltinLanguage(code) ?? findBuiltinLanguage(code.split(/[-_]/)[0]!))?.direction ?? 'ltr';
}

/**
 * Picks the plural form for n: CLDR's category for n in the language, mapped to the PO file's form order through the
 * categories its Plural-Forms formula selects; the formula itself where CLDR does not know the language or the
 * catalog has no form for the category (fractions take the "other" form).
 */
function pluralPicker(code: string, declared: { number: number; formula: string }): (n: number) => number {
  const byFormula = compilePluralFormula(declared.formula);
  const cldr = cldrRule(code.replace(/-/g, '_'));
  if (!cldr) return (n) => byFormula(n);
  const byCldr = compilePluralFormula(cldr.formula);
  const order = gettextRule(code.replace(/-/g, '_'), declared.number, declared.formula).categories;
  const other = order.indexOf('other');
  return (n) => {
    // The tree's CLDR formulas (like gettext's) are for whole numbers; fractions take the "other" form.
    if (!Number.isInteger(n) && other >= 0) return other;
    const category = cldr.categories[byCldr(n)];
    const index = category === undefined ? -1 : order.indexOf(category);
    return index >= 0 ? index : byFormula(n);
  };
}

/** A catalog from the bytes of a PO file: fuzzy entries and empty translations are left out (the English text shows). */
export function catalogFromPo(code: string, bytes: Uint8Array, filename?: string): MessageCatalog {
  const store = poFormat.parse(bytes, filename === undefined ? undefined : { filename });
  const language = bcp47(code);
  const singles = new Map<string, string>();
  const plurals = new Map<string, readonly string[]>();
  for (const unit of store.units) {
    if (unit.fuzzy || unit.obsolete) continue;
    const key = keyOf(unit.source[0] ?? '', unit.context || undefined);
    if (unit.source.length > 1) {
      if (unit.target.length > 0 && unit.target.every((t) => t !== '')) plurals.set(key, unit.target);
    } else if (unit.target[0]) singles.set(key, unit.target[0]);
  }
  const header = store.pluralForms ?? parsePluralFormsHeader(store.header['Plural-Forms'] ?? '') ?? findBuiltinLanguage(code)?.plural ?? { number: 2, formula: 'n != 1' };
  const pick = pluralPicker(language, header);
  return {
    code: language,
    direction: directionOf(language),
    message: (msgid, ctx) => singles.get(keyOf(msgid, ctx)),
    plural: (msgid, n, ctx) => {
      const forms = plurals.get(keyOf(msgid, ctx));
      if (!forms) return undefined;
      const index = pick(n);
      return forms[index] ?? forms[forms.length - 1];
    },
  };
}

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ', n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ', N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** The pseudo-translation of a message: ⟦…⟧ around it, letters accented, {placeholders} kept as written. */
export function pseudoTranslate(text: string): string {
  const parts = text.split(/(\{[a-z_][a-z0-9_]*\})/gi);
  return `⟦${parts.map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch))).join('')}⟧`;
}

/** The pseudo-locale's catalog: every message of the template (parla.pot) pseudo-translated; messages missing from it stay English. */
export function pseudoCatalog(templateBytes: Uint8Array): MessageCatalog {
  const store = poFormat.parse(templateBytes, { filename: 'parla.pot' });
  const singles = new Map<string, string>();
  const plurals = new Map<string, readonly [string, string]>();
  for (const unit of store.units) {
    const key = keyOf(unit.source[0] ?? '', unit.context || undefined);
    if (unit.source.length > 1) plurals.set(key, [pseudoTranslate(unit.source[0]!), pseudoTranslate(unit.source[1]!)]);
    else singles.set(key, pseudoTranslate(unit.source[0] ?? ''));
  }
  return {
    code: PSEUDO_LOCALE,
    direction: 'ltr',
    message: (msgid, ctx) => singles.get(keyOf(msgid, ctx)),
    plural: (msgid, n, ctx) => plurals.get(keyOf(msgid, ctx))?.[n === 1 ? 0 : 1],
  };
}

/** The catalogs found in a locale folder, read on first use and kept. */
export class CatalogSet {
  private readonly loaded = new Map<string, MessageCatalog>();
  private listed: Map<string, string> | null = null;

  constructor(readonly dir: string = LOCALE_DIR) {}

  /** Lower-case BCP 47 code → folder name, for the languages that have a parla.po (plus the source and pseudo languages). */
  private folders(): Map<string, string> {
    if (this.listed) return this.listed;
    const out = new Map<string, string>();
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      names = [];
    }
    for (const name of names.sort()) {
      if (fs.existsSync(path.join(this.dir, name, 'LC_MESSAGES', 'parla.po'))) out.set(bcp47(name).toLowerCase(), name);
    }
    this.listed = out;
    return out;
  }

  /** The codes of the UI languages there are catalogs for, English first, the pseudo-locale left out. */
  codes(): string[] {
    return [SOURCE_LANGUAGE, ...[...this.folders().keys()].map((k) => bcp47(this.folders().get(k)!)).filter((c) => c !== SOURCE_LANGUAGE)];
  }

  /** The catalog of exactly this language (any spelling), or undefined when there is none. */
  get(code: string): MessageCatalog | undefined {
    const wanted = bcp47(code);
    const lower = wanted.toLowerCase();
    if (lower === SOURCE_LANGUAGE) return SOURCE_CATALOG;
    const cached = this.loaded.get(lower);
    if (cached) return cached;
    let catalog: MessageCatalog | undefined;
    if (lower === PSEUDO_LOCALE.toLowerCase()) {
      const template = path.join(this.dir, 'parla.pot');
      if (fs.existsSync(template)) catalog = pseudoCatalog(fs.readFileSync(template));
    } else {
      const folder = this.folders().get(lower);
      if (folder === undefined) return undefined;
      const file = path.join(this.dir, folder, 'LC_MESSAGES', 'parla.po');
      catalog = catalogFromPo(folder, fs.readFileSync(file), file);
    }
    if (catalog) this.loaded.set(lower, catalog);
    return catalog;
  }

  /** The catalog of a language or of its base language ("de-AT" → "de"); undefined when neither has one. */
  lookup(code: string): MessageCatalog | undefined {
    const parts = bcp47(code).split('-');
    for (let n = parts.length; n > 0; n--) {
      const found = this.get(parts.slice(0, n).join('-'));
      if (found) return found;
    }
    return undefined;
  }

  /** The best catalog for an Accept-Language header: by q-value, then order; base languages stand in for regional ones. */
  negotiate(header: string | undefined): MessageCatalog | undefined {
    for (const tag of acceptedLanguages(header)) {
      const found = this.lookup(tag);
      if (found) return found;
    }
    return undefined;
  }

  /** The language of a UI request: the profile's interface language, else Accept-Language, else English. */
  choose(profileLanguage: string | null | undefined, acceptLanguage: string | undefined): MessageCatalog {
    return (profileLanguage ? this.lookup(profileLanguage) : undefined) ?? this.negotiate(acceptLanguage) ?? SOURCE_CATALOG;
  }

  /** Forgets what was read: the next request reads the PO files again. */
  reload(): void {
    this.loaded.clear();
    this.listed = null;
  }
}

/** The language tags of an Accept-Language header, most wanted first (q=0 and "*" left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const items: { tag: string; q: number; i: number }[] = [];
  header.split(',').forEach((part, i) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    if (q > 0) items.push({ tag, q, i });
  });
  return items.sort((a, b) => b.q - a.q || a.i - b.i).map((x) => x.tag);
}

let defaultSet: CatalogSet | null = null;
let override: CatalogSet | null = null;

/** The catalogs pages and mails are written with: the repository's locale/ folder, unless useCatalogs set others. */
export function uiCatalogs(): CatalogSet {
  if (override) return override;
  defaultSet ??= new CatalogSet();
  return defaultSet;
}

/** Serves the catalogs of another folder (tests, a translation being tried out); null goes back to locale/. */
export function useCatalogs(set: CatalogSet | null): void {
  override = set;
}

/** The catalog to write to someone whose interface language is `code` (English when there is none). */
export function catalogFor(code: string | null | undefined): MessageCatalog {
  return (code ? uiCatalogs().lookup(code) : undefined) ?? SOURCE_CATALOG;
}
