// Format-string checks (c_format, python_format, … icu_message_format): one placeholder parser per format language, one comparison.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail, type CheckResult } from './result.js';
import { parseIcu } from './icu.js';
import { parseJavaMessageFormat } from './java-messageformat.js';
import { memoize } from './memo.js';
import {
  angularParser,
  automatticParser,
  cSharpParser,
  esTemplateParser,
  laravelParser,
  luaParser,
  objcParser,
  pascalParser,
  percentParser,
  perlBraceParser,
  printfKey,
  qtPluralParser,
  rubyParser,
  schemeParser,
  tokenParser,
  vueParser,
  type FormatParse,
  type Parser,
} from './format-parsers.js';
import { msgid } from '../shared/msgid.js';

export type { FormatParse, Parser } from './format-parsers.js';

/**
 * Builds a parser for the printf family from one regex (compiled once). `%%` is an escaped
 * percent sign and never a placeholder. Numbered directives ("%2$s") are keyed by their number;
 * unnumbered ones by their position, so "%s %d" → "%d %s" is a mismatch but reordering numbered
 * ones is fine, and "%s %s" ↔ "%2$s %1$s" match as in gettext. The key keeps the rest of the
 * directive ("%.2f" ≠ "%f") like the reference, which compares the directives as written.
 */
function printfParser(pattern: string, ...literals: string[]): Parser {
  return tokenParser(new RegExp(pattern, 'g'), '%', printfKey('%%', ...literals));
}

// `spec` is everything after the argument number: flags, width, precision, length, conversion.
const C_PARSER = printfParser(
  "%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+ #0']*(?:\\d+|\\*(?:\\d+\\$)?)?(?:\\.(?:\\d+|\\*(?:\\d+\\$)?))?(?:hh|h|ll|l|L|q|j|z|Z|t)?(?:[diouxXeEfFgGaAcCsSpnm]|<PRI[diouxX](?:MAX|PTR|(?:LEAST|FAST)?(?:8|16|32|64))>))",
);
const PYTHON_PARSER = printfParser(
  '%%|%(?:\\((?<name>[^)]*)\\))?(?<spec>[-+ #0]*(?:\\d+|\\*)?(?:\\.(?:\\d+|\\*))?[hlL]?[diouxXeEfFgGcrsa])',
);
const PHP_PARSER = printfParser(
  "%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+ 0]*(?:'.)?-?\\d*(?:\\.\\d+)?[bcdeEfFgGosuxX])",
);
const JAVASCRIPT_PARSER = printfParser('%%|%(?:(?<pos>[1-9]\\d*)\\$)?(?<spec>[-+0#]*\\d*(?:\\.\\d+)?[bcdfijosxXeEgGO])');
/** "%n" is Java's platform line separator, not an argument. */
const javaPrintfParser = printfParser(
  '%%|%n|%(?:(?<pos>[1-9]\\d*)\\$|<)?(?<spec>[-#+ 0,(]*\\d*(?:\\.\\d+)?(?:[tT][a-zA-Z]|[bBhHsScCdoxXeEfgGaA]))',
  '%n',
);

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
  let unnamed = 0;
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
    if (name === '') unnamed++;
    const key = name === '' ? `${auto++}${inner}` : inner;
    keys.push(key);
    if (!texts.has(key)) texts.set(key, text);
  }
  const parse: FormatParse = { keys, texts, ...(unnamed ? { unnamed } : {}) };
  return error ? { ...parse, error } : parse;
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
  /** Each placeholder must appear as often as in the source ("{{a}} {{a}}" ≠ "{{a}}"). */
  counted?: boolean;
  /** The one-line failure description (a literal msgid for the message catalog). */
  description: string;
  /** What the check is for and what to do when it fails (a literal msgid for the message catalog). */
  explanation: string;
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
  let missing = allowMissing ? [] : [...srcSet].filter((k) => !tgtSet.has(k));
  let extra = [...tgtSet].filter((k) => !srcSet.has(k));
  if (spec.counted && !missing.length && !extra.length) {
    const counts = new Map<string, number>();
    for (const k of src.keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const k of tgt.keys) counts.set(k, (counts.get(k) ?? 0) - 1);
    const off = [...counts].filter(([, n]) => n !== 0);
    if (!allowMissing) missing = off.filter(([, n]) => n > 0).map(([k]) => k);
    extra = off.filter(([, n]) => n < 0).map(([k]) => k);
  }
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
    description: spec.description,
    explanation: spec.explanation,
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
  { id: 'c_format', name: msgid('C format'), flags: ['c-format'], parser: C_PARSER, description: msgid('C format string does not match source'),
    explanation: msgid('The translation must use the same C printf directives as the source, for example "%d" or "%1$s": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  { id: 'python_format', name: msgid('Python format'), flags: ['python-format'], parser: PYTHON_PARSER, description: msgid('Python format string does not match source'),
    explanation: msgid('The translation must use the same Python %-directives as the source, for example "%d" or "%(name)s": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'python_brace_format',
    name: msgid('Python brace format'),
    flags: ['python-brace-format'],
    parser: pythonBraceParser,
    checksSyntax: true,
    description: msgid('Python brace format string does not match source'),
    explanation: msgid('The translation must use the same Python str.format fields as the source, for example "{}" or "{name}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. A literal brace is written twice ("{{"). Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  { id: 'php_format', name: msgid('PHP format'), flags: ['php-format'], parser: PHP_PARSER, description: msgid('PHP format string does not match source'),
    explanation: msgid('The translation must use the same PHP sprintf directives as the source, for example "%s" or "%1$s": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  { id: 'javascript_format', name: msgid('JavaScript format'), flags: ['javascript-format'], parser: JAVASCRIPT_PARSER, description: msgid('JavaScript format string does not match source'),
    explanation: msgid('The translation must use the same JavaScript format directives as the source, for example "%s" or "%d": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  { id: 'java_printf_format', name: msgid('Java format'), flags: ['java-printf-format'], parser: javaPrintfParser, description: msgid('Java format string does not match source'),
    explanation: msgid('The translation must use the same Java Formatter directives as the source, for example "%s" or "%1$d": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'java_format',
    name: msgid('Java MessageFormat'),
    flags: ['java-format'],
    autoFlag: 'auto-java-messageformat',
    parser: javaMessageFormatParser,
    checksSyntax: true,
    description: msgid('Java MessageFormat string does not match source'),
    explanation: msgid('The translation must use the same MessageFormat arguments as the source, for example "{0}" or "{1,number}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. An apostrophe starts quoted text: write a literal one as two (\'\'). Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  { id: 'qt_format', name: msgid('Qt format'), flags: ['qt-format'], parser: qtParser, description: msgid('Qt format string does not match source'),
    explanation: msgid('The translation must use the same QString::arg markers as the source, for example "%1" or "%L2": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'qt_plural_format',
    name: msgid('Qt plural format'),
    flags: ['qt-plural-format'],
    parser: qtPluralParser,
    description: msgid('Qt plural format string does not match source'),
    explanation: msgid('The translation must use the same Qt plural count as the source, for example "%n" or "%Ln": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Qt puts the number that chose the plural form there. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'i18next_interpolation',
    name: msgid('i18next interpolation'),
    flags: ['i18next-interpolation'],
    parser: i18nextParser,
    description: msgid('i18next interpolation string does not match source'),
    explanation: msgid('The translation must use the same i18next interpolations and nestings as the source, for example "{{name}}" or "$t(key)": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'icu_message_format',
    name: msgid('ICU MessageFormat'),
    flags: ['icu-message-format'],
    parser: icuParser,
    checksSyntax: true,
    description: msgid('ICU MessageFormat string does not match source'),
    explanation: msgid('The translation must use the same ICU MessageFormat arguments as the source, for example "{count, plural, one {# file} other {# files}}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. The translation must also be valid MessageFormat: balanced braces and an "other" case. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  { id: 'objc_format', name: msgid('Objective-C format'), flags: ['objc-format'], parser: objcParser, description: msgid('Objective-C format string does not match source'),
    explanation: msgid('The translation must use the same Objective-C format directives as the source, for example "%@", "%d" or "%#@files@": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  { id: 'perl_format', name: msgid('Perl format'), flags: ['perl-format'], parser: C_PARSER, description: msgid('Perl format string does not match source'),
    explanation: msgid('The translation must use the same Perl sprintf directives as the source, for example "%s" or "%2$d": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'perl_brace_format',
    name: msgid('Perl brace format'),
    flags: ['perl-brace-format'],
    parser: perlBraceParser,
    counted: true,
    description: msgid('Perl brace format string does not match source'),
    explanation: msgid('The translation must use the same Perl brace placeholders as the source, for example "{name}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  { id: 'lua_format', name: msgid('Lua format'), flags: ['lua-format'], parser: luaParser, description: msgid('Lua format string does not match source'),
    explanation: msgid('The translation must use the same Lua string.format directives as the source, for example "%s" or "%5.2f": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Lua has no argument numbers, so their order must stay. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'object_pascal_format',
    name: msgid('Object Pascal format'),
    flags: ['object-pascal-format'],
    parser: pascalParser,
    description: msgid('Object Pascal format string does not match source'),
    explanation: msgid('The translation must use the same Object Pascal Format directives as the source, for example "%s" or "%0:d": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Indexed directives ("%1:s") may change their order. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  { id: 'scheme_format', name: msgid('Scheme format'), flags: ['scheme-format'], parser: schemeParser, description: msgid('Scheme format string does not match source'),
    explanation: msgid('The translation must use the same Scheme format directives as the source, for example "~a" or "~1@*~s": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.') },
  {
    id: 'c_sharp_format',
    name: msgid('C# format'),
    flags: ['c-sharp-format', 'csharp-format'],
    parser: cSharpParser,
    counted: true,
    description: msgid('C# format string does not match source'),
    explanation: msgid('The translation must use the same C# composite format items as the source, for example "{0}" or "{1:N2}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. A literal brace is written twice ("{{"). Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'laravel_format',
    name: msgid('Laravel format'),
    flags: ['laravel-format'],
    parser: laravelParser,
    counted: true,
    description: msgid('Laravel format string does not match source'),
    explanation: msgid('The translation must use the same Laravel replacements as the source, for example ":name" or ":count": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Keep their letter case too: ":Name" is capitalised by Laravel. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'es_format',
    name: msgid('ECMAScript template literals'),
    flags: ['es-format'],
    parser: esTemplateParser,
    counted: true,
    description: msgid('ECMAScript template literals string does not match source'),
    explanation: msgid('The translation must use the same template literal substitutions as the source, for example "${count}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'percent_placeholders',
    name: msgid('Percent placeholders'),
    flags: ['percent-placeholders'],
    parser: percentParser,
    counted: true,
    description: msgid('Percent placeholders string does not match source'),
    explanation: msgid('The translation must use the same percent placeholders as the source, for example "%name%": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'vue_format',
    name: msgid('Vue I18n formatting'),
    flags: ['vue-format'],
    parser: vueParser,
    counted: true,
    description: msgid('Vue I18n formatting string does not match source'),
    explanation: msgid('The translation must use the same Vue I18n placeholders and linked messages as the source, for example "{count}", "%{count}" or "@:message.key": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'automattic_components_format',
    name: msgid('Automattic components formatting'),
    flags: ['automattic-components-format'],
    parser: automatticParser,
    counted: true,
    description: msgid('Automattic components formatting string does not match source'),
    explanation: msgid('The translation must use the same interpolate-components tags as the source, for example "{{link}}…{{/link}}" or "{{br/}}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Every opening component needs its closing one. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'ruby_format',
    name: msgid('Ruby format'),
    flags: ['ruby-format'],
    parser: rubyParser,
    description: msgid('Ruby format string does not match source'),
    explanation: msgid('The translation must use the same Ruby format directives as the source, for example "%s", "%<amount>.2f" or "%{name}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Numbered or named placeholders may change their order; unnumbered ones must keep it. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
  {
    id: 'angularjs_format',
    name: msgid('AngularJS interpolation string'),
    flags: ['angularjs-format'],
    parser: angularParser,
    counted: true,
    description: msgid('AngularJS interpolation string does not match source'),
    explanation: msgid('The translation must use the same AngularJS interpolations as the source, for example "{{amount}}" or "{{ user.name }}": the program puts its values there, and a missing, extra or altered placeholder shows the wrong value or makes formatting fail. Copy every placeholder into the translation unchanged. Their order does not matter. Spaces inside the braces do not matter. Plural forms that stand for a single number may leave the number out unless the string has the strict-format flag.'),
  },
];

export const FORMAT_CHECKS: readonly Check[] = SPECS.map(makeFormatCheck);

/**
 * Multiple unnamed variables: for each format flag of the unit, how many placeholders of the source
 * take their argument by position alone; two or more cannot be reordered by a translator.
 */
export function unnamedPlaceholders(source: string, ctx: CheckContext): number {
  let most = 0;
  for (const spec of SPECS) {
    if (!spec.flags.some((f) => ctx.flags.has(f))) continue;
    most = Math.max(most, spec.parser(source).unnamed ?? 0);
  }
  return most;
}

/** Flags that mark a string as a format string (the same check strips its placeholders). */
export const FORMAT_FLAG_PARSERS: ReadonlyMap<string, Parser> = new Map(SPECS.flatMap((s) => s.flags.map((f) => [f, s.parser] as [string, Parser])));
