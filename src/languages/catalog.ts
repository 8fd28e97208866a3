// Built-in language database (generated from CLDR by scripts/generate-languages.ts) and language code lookup.
import { readFileSync } from 'node:fs';

export interface LanguageDefinition {
  code: string;
  name: string;
  direction: 'ltr' | 'rtl';
  population: number;
  plural: { number: number; formula: string; type: number };
  aliases: string[];
}

function loadBuiltinLanguages(): readonly LanguageDefinition[] {
  // Resolved relative to this module so it works from source under tsx and vitest alike.
  const raw = readFileSync(new URL('./languages.generated.json', import.meta.url), 'utf8');
  const parsed = JSON.parse(raw) as LanguageDefinition[];
  // Shared by every caller, so accidental mutation in one place must not leak into another.
  for (const language of parsed) {
    Object.freeze(language.plural);
    Object.freeze(language.aliases);
    Object.freeze(language);
  }
  return Object.freeze(parsed);
}

export const BUILTIN_LANGUAGES: readonly LanguageDefinition[] = loadBuiltinLanguages();

const byCode = new Map<string, LanguageDefinition>();
const byAlias = new Map<string, LanguageDefinition>();
const byLowercase = new Map<string, LanguageDefinition>();
for (const language of BUILTIN_LANGUAGES) {
  byCode.set(language.code, language);
  for (const alias of language.aliases) if (!byAlias.has(alias)) byAlias.set(alias, language);
}
// Real codes win over aliases when two only differ in case.
for (const [alias, language] of byAlias) if (!byLowercase.has(alias.toLowerCase())) byLowercase.set(alias.toLowerCase(), language);
for (const language of BUILTIN_LANGUAGES) byLowercase.set(language.code.toLowerCase(), language);

/**
 * Canonical Weblate-style spelling of a code: `_` separators, lowercase language, Titlecase script,
 * uppercase region, lowercase other subtags and `@modifier`; a POSIX `.charset` part is kept as given.
 */
export function normalizeLanguageCode(code: string): string {
  let rest = code.trim();
  let modifier = '';
  let charset = '';
  const at = rest.indexOf('@');
  if (at >= 0) {
    modifier = rest.slice(at).toLowerCase();
    rest = rest.slice(0, at);
  }
  const dot = rest.indexOf('.');
  if (dot >= 0) {
    charset = rest.slice(dot);
    rest = rest.slice(0, dot);
  }
  const parts = rest.replace(/-/g, '_').split('_');
  const normalized = parts.map((part, index) => {
    if (index === 0) return part.toLowerCase();
    if (/^[A-Za-z]{4}$/.test(part)) return part[0].toUpperCase() + part.slice(1).toLowerCase();
    if (/^(?:[A-Za-z]{2}|\d{3})$/.test(part)) return part.toUpperCase();
    return part.toLowerCase();
  });
  return normalized.join('_') + charset + modifier;
}

// glibc locale modifiers that select a script, e.g. sr_RS@latin or sd_IN@devanagari.
// A Map rather than an object literal so that input such as "@constructor" cannot hit prototype keys.
const POSIX_SCRIPT_MODIFIERS: ReadonlyMap<string, string> = new Map([
  ['latin', 'Latn'],
  ['cyrillic', 'Cyrl'],
  ['arabic', 'Arab'],
  ['devanagari', 'Deva'],
  ['adlam', 'Adlm'],
]);
// Modifiers that only concern formatting (currency), not the language.
const IGNORED_POSIX_MODIFIERS = new Set(['euro']);

function lookup(code: string): LanguageDefinition | undefined {
  return byCode.get(code) ?? byAlias.get(code) ?? byLowercase.get(code.toLowerCase());
}

/**
 * Finds a built-in language by code, alias, case-insensitive spelling or POSIX locale name
 * (`de_DE.UTF-8`, `sr@latin`). Deliberately never falls back from a regional variant to its base
 * language: an unknown variant is reported as unknown so callers can create it explicitly.
 */
export function findBuiltinLanguage(code: string): LanguageDefinition | undefined {
  if (typeof code !== 'string') return undefined;
  const normalized = normalizeLanguageCode(code);
  if (normalized === '') return undefined;
  const direct = lookup(normalized);
  if (direct) return direct;

  const posix = /^([^.@]*)(?:\.[^@]*)?(?:@(.*))?$/.exec(normalized);
  if (!posix || posix[1] === '') return undefined;
  let base = posix[1];
  const modifier = posix[2];
  if (modifier !== undefined && !IGNORED_POSIX_MODIFIERS.has(modifier)) {
    const script = POSIX_SCRIPT_MODIFIERS.get(modifier);
    if (script === undefined) return undefined;
    const [language, ...subtags] = base.split('_');
    if (subtags.some((s) => /^[A-Z][a-z]{3}$/.test(s))) return undefined;
    base = [language, script, ...subtags].join('_');
  }
  if (base === normalized) return undefined;
  return lookup(base);
}
