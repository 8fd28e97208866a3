// Format-string checks (c_format, python_format, … icu_message_format): one placeholder parser per format language, one comparison.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail, type CheckResult } from './result.js';
import { parseIcu } from './icu.js';
import { parseJavaMessageFormat } from './java-messageformat.js';
import { memoize } from './memo.js';

/** Placeholders of one string, each reduced to the key two strings are compared by. */
export interface FormatParse {
  keys: string[];
  /** Display text of each key (the placeholder as written), for descriptions. */
  texts: Map<string, string>;
  /** Syntax error that makes the string unusable in its format language. */
  error?: string;
}

type Parser = (s: string) => FormatParse;

/**
 * Builds a parser for the printf family from one regex (compiled once). `%%` is an escaped
 * percent sign and never a placeholder. Numbered directives ("%2$s") are keyed by their number;
 * unnumbered ones by their position, so "%s %d" → "%d %s" is a mismatch but reordering numbered
 * ones is fine, and "%s %s" ↔ "%2$s %1$s" match as in gettext. The key keeps the rest of the
 * directive ("%.2f" ≠ "%f") like the reference, which compares the directives as written.
 */
function printfParser(pattern: string, options: { named?: boolean } = {}): Parser {
  const regex = new RegExp(pattern, 'g');
  return memoize((s) => {
    const keys: string[] = [];
    const texts = new Map<string, string>();
    if (!s.includes('%')) return { keys, texts };
    let position = 0;
    regex.lastIndex = 0;
    for (let m = regex.exec(s); m; m = regex.exec(s)) {
      const text = m[0];
      if (text === '%%') continue;
      const groups = m.groups ?? {};
      let key: string;
      if (options.named && groups.name !== undefined) {
        key = `(${groups.name})${groups.spec ?? ''}`;
      } else if (groups.pos !== undefined) {
        key = `${groups.pos}$${groups.spec ?? ''}`;
      } else {
        position++;
        key = `${position}$${groups.spec ?? ''}`;
      }
      keys.push(key);
      if (!texts.has(key)) texts.set(key, text);
    }
    return { keys, texts };
  });
}

// `spec` is everything after the argument number: flags, width, precision, length, conversion.
const C_PARSER = printfParser(
  "%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+ #0']*(?:\\d+|\\*(?:\\d+\\$)?)?(?:\\.(?:\\d+|\\*(?:\\d+\\$)?))?(?:hh|h|ll|l|L|q|j|z|Z|t)?(?:[diouxXeEfFgGaAcCsSpnm]|<PRI[diouxX](?:MAX|PTR|(?:LEAST|FAST)?(?:8|16|32|64))>))",
);
const PYTHON_PARSER = printfParser(
  '%%|%(?:\\((?<name>[^)]*)\\))?(?<spec>[-+ #0]*(?:\\d+|\\*)?(?:\\.(?:\\d+|\\*))?[hlL]?[diouxXeEfFgGcrsa])',
  { named: true },
);
const PHP_PARSER = printfParser(
  "%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+ 0]*(?:'.)?-?\\d*(?:\\.\\d+)?[bcdeEfFgGosuxX])",
);
const JAVASCRIPT_PARSER = printfParser('%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+0#]*\\d*(?:\\.\\d+)?[bcdfijosxXeEgGO])');
const JAVA_PRINTF_PARSER = printfParser(
  '%%|%n|%(?:(?<pos>[1-9]\\d*)\\$|<)?(?<spec>[-#+ 0,(]*\\d*(?:\\.\\d+)?(?:[tT][a-zA-Z]|[bBhHsScCdoxXeEfgGaA]))',
);

/** "%n" is Java's platform line separator, not an argument. */
const javaPrintfParser: Parser = memoize((s) => {
  const parsed = JAVA_PRINTF_PARSER(s);
  const keep = parsed.keys.filter((k) => parsed.texts.get(k) !== '%n');
  return { keys: keep, texts: parsed.texts };
});

const BRACE_FIELD = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;

/**
 * Python str.format: "{{" and "}}" are literal braces; "{}" fields are numbered automatically,
 * "{0}" and "{name!r:>10}" keep their name. A lone "{" or "}" is a syntax error (format() raises).
 */
const pythonBraceParser: Parser = memoize((s) => {
  const keys: string[] = [];
  const texts = new Map<string, string>();
  if (!s.includes('{') && !s.includes('}')) return { keys, texts };
  let auto = 0;
  let error: string | undefined;
  BRACE_FIELD.lastIndex = 0;
  for (let m = BRACE_FIELD.exec(s); m; m = BRACE_FIELD.exec(s)) {
    const text = m[0];
    if (text === '{{' || text === '}}') continue;
    if (m[1] === undefined) {
      error ??= `Single "${text}" must be doubled`;
      continue;
    }
    const inner = m[1];
    const nameEnd = inner.search(/[!:]/);
    const name = nameEnd < 0 ? inner : inner.slice(0, nameEnd);
    const key = name === '' ? `${auto++}${inner}` : inner;
    keys.push(key);
    if (!texts.has(key)) texts.set(key, text);
  }
  return error ? { keys, texts, error } : { keys, texts };
});

const QT_ARG = /%(L?)([1-9]\d?)/g;

/** Qt QString::arg(): %1 … %99, with an optional L for locale-aware numbers. */
const qtParser: Parser = (s) => {
  const keys: string[] = [];
  const texts = new Map<string, string>();
  if (!s.includes('%')) return { keys, texts };
  QT_ARG.lastIndex = 0;
  for (let m = QT_ARG.exec(s); m; m = QT_ARG.exec(s)) {
    keys.push(m[0]);
    texts.set(m[0], m[0]);
  }
  return { keys, texts };
};

const I18NEXT = /\{\{\s*-?\s*([^{}]*?)\s*\}\}|\$t\(\s*([^,)]+?)\s*(?:,[^)]*)?\)/g;

/**
 * i18next: "{{name}}", "{{- name}}" (unescaped), "{{value, number}}" (format after the comma) and
 * nesting "$t(key)" / "$t(key, {...})". Keyed by variable name or nested key.
 */
const i18nextParser: Parser = (s) => {
  const keys: string[] = [];
  const texts = new Map<string, string>();
  if (!s.includes('{{') && !s.includes('$t(')) return { keys, texts };
  I18NEXT.lastIndex = 0;
  for (let m = I18NEXT.exec(s); m; m = I18NEXT.exec(s)) {
    const key = m[1] !== undefined ? m[1].split(',')[0]!.trim() : `$t(${m[2]})`;
    keys.push(key);
    if (!texts.has(key)) texts.set(key, m[0]);
  }
  return { keys, texts };
};

const NO_ICU_SYNTAX: FormatParse = { keys: [], texts: new Map() };

const icuParser: Parser = memoize((s) => {
  if (!s.includes('{') && !s.includes('}') && !s.includes("'")) return NO_ICU_SYNTAX;
  const parsed = parseIcu(s);
  const keys: string[] = [];
  const texts = new Map<string, string>();
  for (const a of parsed.arguments) {
    // Plural/select arguments also count by name alone: "{n}" inside a plural case is the same variable.
    const key = a.type ? `${a.name}, ${a.type}` : a.name;
    keys.push(key);
    texts.set(key, `{${key}}`);
  }
  return parsed.error ? { keys, texts, error: parsed.error } : { keys, texts };
});

const javaMessageFormatParser: Parser = memoize((s) => {
  if (!s.includes('{') && !s.includes('}') && !s.includes("'")) return NO_ICU_SYNTAX;
  const parsed = parseJavaMessageFormat(s);
  const texts = new Map(parsed.arguments.map((k) => [k, `{${k}}`]));
  const error = parsed.error ?? (parsed.unterminatedQuote ? 'unterminated quote' : undefined);
  return error ? { keys: parsed.arguments, texts, error } : { keys: parsed.arguments, texts };
});

const pluralRulesCache = new Map<string, Intl.PluralRules | null>();
const singleCache = new Map<string, boolean>();

/**
 * Whether the CLDR category covers exactly one integer in `language` ("one" in cs/de/en is 1,
 * but in ru it is 1, 21, 31 …). In such a form the reference lets the translation drop the
 * number ("Jeden soubor" for "%d file"), since the form already says which number it is.
 */
function isSingleNumberCategory(language: string, category: string): boolean {
  const cacheKey = `${language}\u0000${category}`;
  const cached = singleCache.get(cacheKey);
  if (cached !== undefined) return cached;
  let rules = pluralRulesCache.get(language);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(language.replace(/_/g, '-').replace(/@.*$/, ''));
    } catch {
      rules = null;
    }
    pluralRulesCache.set(language, rules);
  }
  let count = 0;
  if (rules) {
    for (let k = 0; k <= 200 && count < 2; k++) if (rules.select(k) === category) count++;
  } else {
    count = category === 'one' ? 1 : 2;
  }
  const single = count === 1;
  singleCache.set(cacheKey, single);
  return single;
}

function categoryOf(ctx: CheckContext, index: number, count: number): string | undefined {
  if (ctx.pluralCategories && ctx.pluralCategories.length === count) return ctx.pluralCategories[index];
  if (count === 2) return index === 0 ? 'one' : 'other';
  return undefined;
}

function describe(parse: FormatParse, keys: string[]): string {
  return keys.map((k) => parse.texts.get(k) ?? k).join(', ');
}

interface FormatCheckSpec {
  id: string;
  name: string;
  flags: readonly string[];
  parser: Parser;
  /** Reference behaviour: "auto-…" flags turn the check on only when the source has placeholders. */
  autoFlag?: string;
  /** Syntax errors in the target fail the check (ICU, brace, MessageFormat). */
  checksSyntax?: boolean;
}

/** Compares the placeholders of one source form with one target form. */
function compareForm(spec: FormatCheckSpec, source: string, target: string, allowMissing: boolean): CheckResult {
  const src = spec.parser(source);
  // A broken source is the developer's problem (a source check), not the translator's.
  if (src.error) return PASS;
  const tgt = spec.parser(target);
  if (tgt.error && spec.checksSyntax) {
    if (spec.id === 'java_format' && tgt.error === 'unterminated quote') {
      if (src.keys.length > 0 || source.includes("''")) return fail("Apostrophes must be doubled ('') in MessageFormat strings");
    } else {
      return fail(`Syntax error: ${tgt.error}`);
    }
  }
  if (src.keys.length === 0 && tgt.keys.length === 0) return PASS;
  const srcSet = new Set(src.keys);
  const tgtSet = new Set(tgt.keys);
  const missing = allowMissing ? [] : [...srcSet].filter((k) => !tgtSet.has(k));
  const extra = [...tgtSet].filter((k) => !srcSet.has(k));
  if (!missing.length && !extra.length) return PASS;
  const parts: string[] = [];
  if (missing.length) parts.push(`Following format strings are missing: ${describe(src, missing)}`);
  if (extra.length) parts.push(`Following format strings are extra: ${describe(tgt, extra)}`);
  return fail(parts.join('; '));
}

function makeFormatCheck(spec: FormatCheckSpec): Check {
  const enableFlags = spec.autoFlag ? [...spec.flags, spec.autoFlag] : spec.flags;
  return {
    id: spec.id,
    name: spec.name,
    description: `${spec.name} string does not match source`,
    enableFlags,
    check(sources, targets, ctx) {
      if (spec.autoFlag && !spec.flags.some((f) => ctx.flags.has(f))) {
        if (!sources.some((s) => spec.parser(s).keys.length > 0)) return PASS;
      }
      const strict = ctx.flags.has('strict-format');
      const last = sources[sources.length - 1]!;
      const plural = sources.length > 1;
      // "One file" / "%d files": the singular form of the translation is compared with the plural
      // source, because many languages need the number in that form.
      const singular = plural && spec.parser(sources[0]!).keys.length === 0 ? last : sources[0]!;
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        let source: string;
        if (!plural) source = sources[0]!;
        else if (targets.length === 1) source = last; // ja, zh: the only form is the plural one
        else if (sources.length === targets.length) source = sources[i]!;
        else source = i === 0 ? singular : last;
        const category = plural ? categoryOf(ctx, i, targets.length) : undefined;
        const allowMissing = plural && !strict && category !== undefined && isSingleNumberCategory(ctx.language, category);
        const result = compareForm(spec, source, target, allowMissing);
        if (result.failing) return plural ? fail(`Plural form ${i}: ${result.detail}`) : result;
      }
      return PASS;
    },
  };
}

const SPECS: FormatCheckSpec[] = [
  { id: 'c_format', name: 'C format', flags: ['c-format'], parser: C_PARSER },
  { id: 'python_format', name: 'Python format', flags: ['python-format'], parser: PYTHON_PARSER },
  { id: 'python_brace_format', name: 'Python brace format', flags: ['python-brace-format'], parser: pythonBraceParser, checksSyntax: true },
  { id: 'php_format', name: 'PHP format', flags: ['php-format'], parser: PHP_PARSER },
  { id: 'javascript_format', name: 'JavaScript format', flags: ['javascript-format'], parser: JAVASCRIPT_PARSER },
  { id: 'java_printf_format', name: 'Java format', flags: ['java-printf-format'], parser: javaPrintfParser },
  {
    id: 'java_format',
    name: 'Java MessageFormat',
    flags: ['java-format'],
    autoFlag: 'auto-java-messageformat',
    parser: javaMessageFormatParser,
    checksSyntax: true,
  },
  { id: 'qt_format', name: 'Qt format', flags: ['qt-format'], parser: qtParser },
  { id: 'i18next_interpolation', name: 'i18next interpolation', flags: ['i18next-interpolation'], parser: i18nextParser },
  { id: 'icu_message_format', name: 'ICU MessageFormat', flags: ['icu-message-format'], parser: icuParser, checksSyntax: true },
];

export const FORMAT_CHECKS: readonly Check[] = SPECS.map(makeFormatCheck);

/** Flags that mark a string as a format string (the same check strips its placeholders). */
export const FORMAT_FLAG_PARSERS: ReadonlyMap<string, Parser> = new Map(SPECS.flatMap((s) => s.flags.map((f) => [f, s.parser] as [string, Parser])));
