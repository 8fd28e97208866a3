// Generates src/languages/languages.generated.json (built-in language database) from the CLDR npm packages.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compilePluralFormula, validatePluralFormula } from '../src/languages/plural-formula.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = new URL('../src/languages/languages.generated.json', import.meta.url);

function readJson(relative: string): any {
  return JSON.parse(readFileSync(`${ROOT}node_modules/${relative}`, 'utf8'));
}

const cldrPlurals: Record<string, Record<string, string>> =
  readJson('cldr-core/supplemental/plurals.json').supplemental['plurals-type-cardinal'];
const likelySubtags: Record<string, string> = readJson('cldr-core/supplemental/likelySubtags.json').supplemental.likelySubtags;
const territoryInfo: Record<string, { _population?: string; languagePopulation?: Record<string, { _populationPercent?: string; _officialStatus?: string }> }> =
  readJson('cldr-core/supplemental/territoryInfo.json').supplemental.territoryInfo;
const territoryContainment: Record<string, { _contains?: string[] }> =
  readJson('cldr-core/supplemental/territoryContainment.json').supplemental.territoryContainment;
const languageAliases: Record<string, { _replacement?: string }> =
  readJson('cldr-core/supplemental/aliases.json').supplemental.metadata.alias.languageAlias;
const scriptMetadata: Record<string, { rtl?: string }> = readJson('cldr-core/scriptMetadata.json').scriptMetadata;
const languageNames: Record<string, string> =
  readJson('cldr-localenames-full/main/en/languages.json').main.en.localeDisplayNames.languages;
const scriptNames: Record<string, string> = readJson('cldr-localenames-full/main/en/scripts.json').main.en.localeDisplayNames.scripts;
const territoryNames: Record<string, string> =
  readJson('cldr-localenames-full/main/en/territories.json').main.en.localeDisplayNames.territories;

interface GeneratedLanguage {
  code: string;
  name: string;
  direction: 'ltr' | 'rtl';
  population: number;
  plural: { number: number; formula: string; type: number };
  aliases: string[];
}

/* ------------------------------------------------------------------ codes */

// Codes that name no actual language, so a translation into them makes no sense.
const SKIPPED_LANGUAGES = new Set(['und', 'root', 'zxx', 'mul', 'mis']);

interface ParsedCode {
  language: string;
  script?: string;
  region?: string;
}

/** Parses a CLDR/BCP 47 or Weblate style code; only language[-Script][-REGION] shapes are accepted. */
function parseCode(code: string): ParsedCode | null {
  const m = /^([a-z]{2,3})(?:[-_]([A-Z][a-z]{3}))?(?:[-_]([A-Z]{2}|\d{3}))?$/.exec(code);
  if (!m) return null;
  return { language: m[1], script: m[2], region: m[3] };
}

function weblateCode(parsed: ParsedCode): string {
  return [parsed.language, parsed.script, parsed.region].filter(Boolean).join('_');
}

/** Likely "lang-Script-REGION" expansion, most specific key first. */
function likely(parsed: ParsedCode): ParsedCode | null {
  const { language, script, region } = parsed;
  const keys: string[] = [];
  if (script && region) keys.push(`${language}-${script}-${region}`);
  if (script) keys.push(`${language}-${script}`);
  if (region) keys.push(`${language}-${region}`);
  keys.push(language);
  for (const key of keys) {
    const full = likelySubtags[key] ? parseCode(likelySubtags[key]) : null;
    if (full) return full;
  }
  return null;
}

function likelyScript(parsed: ParsedCode): string | undefined {
  return parsed.script ?? likely(parsed)?.script;
}

/* -------------------------------------------------------- direction/names */

// Arabic Nastaliq is a visual variant of Arabic that scriptMetadata does not list separately.
const EXTRA_RTL_SCRIPTS = new Set(['Aran']);

function directionOf(parsed: ParsedCode): 'ltr' | 'rtl' {
  const script = likelyScript(parsed);
  if (script === undefined) return 'ltr';
  return scriptMetadata[script]?.rtl === 'YES' || EXTRA_RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
}

function nameOf(parsed: ParsedCode, cldrCode: string): string {
  const base = languageNames[parsed.language];
  if (!parsed.script && !parsed.region) return base;
  // "world" as a qualifier reads badly; CLDR's own name (e.g. "Modern Standard Arabic") is clearer there.
  if (parsed.region === '001' && languageNames[cldrCode]) return languageNames[cldrCode];
  const qualifiers: string[] = [];
  if (parsed.script) qualifiers.push(scriptNames[`${parsed.script}-alt-stand-alone`] ?? scriptNames[parsed.script] ?? parsed.script);
  if (parsed.region) qualifiers.push(territoryNames[parsed.region] ?? parsed.region);
  return `${base} (${qualifiers.join(', ')})`;
}

/* ------------------------------------------------------------- population */

function leafTerritories(region: string, seen = new Set<string>()): string[] {
  if (seen.has(region)) return [];
  seen.add(region);
  const contains = territoryContainment[region]?._contains;
  if (!contains) return [region];
  return contains.flatMap((child) => leafTerritories(child, seen));
}

interface Speakers {
  territory: string;
  language: string;
  script: string | undefined;
  count: number;
  official: boolean;
}

const speakers: Speakers[] = [];
for (const [territory, info] of Object.entries(territoryInfo)) {
  const total = Number(info._population ?? 0);
  for (const [key, lp] of Object.entries(info.languagePopulation ?? {})) {
    const parsed = parseCode(key);
    if (!parsed) continue;
    const percent = Number(lp._populationPercent ?? 0);
    const official = lp._officialStatus !== undefined;
    // A bare language key means "in this territory's usual script", which likelySubtags resolves per territory.
    const script = parsed.script ?? likely({ language: parsed.language, region: territory })?.script;
    speakers.push({ territory, language: parsed.language, script, count: (total * percent) / 100, official });
  }
}

function populationOf(parsed: ParsedCode): number {
  const territories = parsed.region ? new Set(leafTerritories(parsed.region)) : null;
  let sum = 0;
  for (const s of speakers) {
    if (s.language !== parsed.language) continue;
    if (parsed.script && s.script !== parsed.script) continue;
    if (territories && !territories.has(s.territory)) continue;
    sum += s.count;
  }
  return Math.round(sum);
}

/* ---------------------------------------------------------------- plurals */

const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type Category = (typeof CATEGORY_ORDER)[number];

interface Relation {
  modulus: number | null;
  negated: boolean;
  ranges: [number, number][];
}

type Condition =
  | { kind: 'const'; value: boolean }
  | { kind: 'rel'; rel: Relation }
  | { kind: 'and'; items: Condition[] }
  | { kind: 'or'; items: Condition[] };

const TRUE: Condition = { kind: 'const', value: true };
const FALSE: Condition = { kind: 'const', value: false };

/**
 * Parses one CLDR plural rule (samples after "@" ignored) into a condition over an integer n.
 * For integers v, w, f and t are 0, so relations on them fold to constants; relations on the
 * compact-exponent operands c/e are treated as false because gettext has no such notion.
 */
function parseCldrRule(rule: string): Condition {
  const text = rule.split('@')[0].trim();
  if (text === '') return TRUE;
  const tokens = text.match(/\.\.|!=|[=%,]|[a-z]+|\d+/g) ?? [];
  const rebuilt = tokens.join('');
  if (rebuilt !== text.replace(/\s+/g, '')) throw new Error(`Unsupported CLDR plural rule syntax: ${rule}`);
  let pos = 0;
  const next = (): string => tokens[pos++];
  const peek = (): string | undefined => tokens[pos];
  const number = (): number => {
    const t = next();
    if (!/^\d+$/.test(t)) throw new Error(`Expected number in CLDR rule "${rule}", got "${t}"`);
    return Number(t);
  };

  const relation = (): Condition => {
    const operand = next();
    let modulus: number | null = null;
    if (peek() === '%') {
      next();
      modulus = number();
    }
    const op = next();
    if (op !== '=' && op !== '!=') throw new Error(`Unsupported operator "${op}" in CLDR rule "${rule}"`);
    const ranges: [number, number][] = [];
    for (;;) {
      const lo = number();
      let hi = lo;
      if (peek() === '..') {
        next();
        hi = number();
      }
      ranges.push([lo, hi]);
      if (peek() !== ',') break;
      next();
    }
    const rel: Relation = { modulus, negated: op === '!=', ranges };
    if (operand === 'n' || operand === 'i') return { kind: 'rel', rel };
    if (operand === 'v' || operand === 'w' || operand === 'f' || operand === 't') {
      return { kind: 'const', value: relationHolds(rel, 0) };
    }
    if (operand === 'c' || operand === 'e') return FALSE;
    throw new Error(`Unknown operand "${operand}" in CLDR rule "${rule}"`);
  };

  const andCondition = (): Condition => {
    const items = [relation()];
    while (peek() === 'and') {
      next();
      items.push(relation());
    }
    return simplify({ kind: 'and', items });
  };

  const items = [andCondition()];
  while (peek() === 'or') {
    next();
    items.push(andCondition());
  }
  if (pos !== tokens.length) throw new Error(`Trailing tokens in CLDR rule "${rule}"`);
  return simplify({ kind: 'or', items });
}

function relationHolds(rel: Relation, n: number): boolean {
  const x = rel.modulus === null ? n : n % rel.modulus;
  let hit = false;
  for (const [lo, hi] of rel.ranges) {
    if (x >= lo && x <= hi) {
      hit = true;
      break;
    }
  }
  return hit !== rel.negated;
}

function simplify(cond: Condition): Condition {
  if (cond.kind !== 'and' && cond.kind !== 'or') return cond;
  const absorbing = cond.kind === 'or';
  const items: Condition[] = [];
  for (const raw of cond.items) {
    const item = simplify(raw);
    if (item.kind === 'const') {
      if (item.value === absorbing) return item;
      continue;
    }
    if (item.kind === cond.kind) items.push(...item.items);
    else items.push(item);
  }
  if (items.length === 0) return absorbing ? FALSE : TRUE;
  if (items.length === 1) return items[0];
  return { kind: cond.kind, items };
}

function conditionEvaluator(cond: Condition): (n: number) => boolean {
  switch (cond.kind) {
    case 'const': {
      const value = cond.value;
      return () => value;
    }
    case 'rel': {
      const rel = cond.rel;
      return (n) => relationHolds(rel, n);
    }
    case 'and': {
      const parts = cond.items.map(conditionEvaluator);
      return (n) => parts.every((p) => p(n));
    }
    case 'or': {
      const parts = cond.items.map(conditionEvaluator);
      return (n) => parts.some((p) => p(n));
    }
  }
}

type Printed = { text: string; prec: 'atom' | 'and' | 'or' };

function printRelation(rel: Relation): Printed {
  const x = rel.modulus === null ? 'n' : `n%${rel.modulus}`;
  // n is a non-negative count, so a lower bound of 0 and an upper bound past the modulus say nothing.
  const max = rel.modulus === null ? Infinity : rel.modulus - 1;
  const parts: Printed[] = [];
  for (const [lo, hi] of rel.ranges) {
    const needLo = lo > 0;
    const needHi = hi < max;
    if (lo === hi) {
      parts.push({ text: `${x}${rel.negated ? '!=' : '=='}${lo}`, prec: 'atom' });
    } else if (!rel.negated) {
      if (needLo && needHi) parts.push({ text: `${x}>=${lo} && ${x}<=${hi}`, prec: 'and' });
      else if (needLo) parts.push({ text: `${x}>=${lo}`, prec: 'atom' });
      else if (needHi) parts.push({ text: `${x}<=${hi}`, prec: 'atom' });
      else parts.push({ text: '1', prec: 'atom' });
    } else if (needLo && needHi) {
      parts.push({ text: `${x}<${lo} || ${x}>${hi}`, prec: 'or' });
    } else if (needLo) {
      parts.push({ text: `${x}<${lo}`, prec: 'atom' });
    } else if (needHi) {
      parts.push({ text: `${x}>${hi}`, prec: 'atom' });
    } else {
      parts.push({ text: '0', prec: 'atom' });
    }
  }
  return join(parts, rel.negated ? 'and' : 'or');
}

function join(parts: Printed[], op: 'and' | 'or'): Printed {
  if (parts.length === 1) return parts[0];
  // C does not need parentheses for && inside ||, but they make the formulas much easier to read.
  const text = parts.map((p) => (p.prec === 'atom' || p.prec === op ? p.text : `(${p.text})`)).join(op === 'and' ? ' && ' : ' || ');
  return { text, prec: op };
}

function printCondition(cond: Condition): Printed {
  switch (cond.kind) {
    case 'const':
      return { text: cond.value ? '1' : '0', prec: 'atom' };
    case 'rel':
      return printRelation(cond.rel);
    case 'and':
      return join(cond.items.map(printCondition), 'and');
    case 'or':
      return join(cond.items.map(printCondition), 'or');
  }
}

/** Integers up to this bound are checked for reachability and equivalence; covers CLDR's n % 1000000 rules. */
const CHECK_LIMIT = 1_000_000;

/*
 * Well-known gettext formulas, preferred over the mechanically generated ones whenever they give
 * exactly the same form for every integer checked, because translators and tools recognise them.
 */
const PREFERRED_FORMULAS: readonly string[] = [
  '0',
  'n != 1',
  'n > 1',
  'n%10!=1 || n%100==11',
  'n==1 || n%10==1 ? 0 : 1',
  'n==0 ? 0 : 1',
  'n==1 ? 0 : n==2 ? 1 : 2',
  'n==0 ? 0 : n==1 ? 1 : 2',
  '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2',
  'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2',
  'n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2',
  'n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2',
  'n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2',
  '(n%10==0 || (n%100>=11 && n%100<=19)) ? 0 : (n%10==1 && n%100!=11) ? 1 : 2',
  'n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3',
  '(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n>2 && n<20) ? 2 : 3',
  'n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 : (n>6 && n<11) ? 3 : 4',
  'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5',
  '(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 : (n==6) ? 4 : 5',
];

function formulaForms(formula: string): number {
  const evaluate = compilePluralFormula(formula);
  let max = 0;
  for (let n = 0; n <= 1000; n += 1) max = Math.max(max, evaluate(n));
  return max + 1;
}

/*
 * Plural type ids, numbered like Weblate's where Weblate has the same shape, keyed by the CLDR
 * categories that remain for integers (in CLDR order). The last gettext form is always the catch-all,
 * so it is keyed as "other" even when CLDR calls it "many" (Russian, Polish: "other" is decimal-only);
 * that way identical formulas always get identical types.
 *   0 none · 1 one/other · 2 one/few/other · 3 zero/one/two/few/many/other (Arabic, Welsh, Cornish)
 *   4 one/two/other · 6 one/two/few/other · 8 one/few/many/other · 9 two/other
 *   10 one/two/few/many/other · 11 zero/one/other · 15 zero/other · 16 zero/one/few/other
 *   17 zero/one/two/few/other · 18 zero/one/two/other · 19 zero/one/few/many/other
 *   20 one/many/other · 21 zero/one/many/other · 22 one/few/many · 666 anything else
 * One/few/other formulas whose last form is the one for zero (Czech, Polish, Russian, Lithuanian: "0
 * souborů") name that form "many": their type is one/few/many (22); the others keep one/few/other (2).
 */
const PLURAL_TYPES: Record<string, number> = {
  other: 0,
  'one,other': 1,
  'one,few,other': 2,
  'zero,one,two,few,many,other': 3,
  'one,two,other': 4,
  'one,two,few,other': 6,
  'one,few,many,other': 8,
  'two,other': 9,
  'one,two,few,many,other': 10,
  'zero,one,other': 11,
  'zero,other': 15,
  'zero,one,few,other': 16,
  'zero,one,two,few,other': 17,
  'zero,one,two,other': 18,
  'zero,one,few,many,other': 19,
  'one,many,other': 20,
  'zero,one,many,other': 21,
};
const PLURAL_ONE_FEW_MANY = 22;
const PLURAL_UNKNOWN = 666;

interface PluralDefinition {
  number: number;
  formula: string;
  type: number;
}

const DEFAULT_PLURAL: PluralDefinition = { number: 2, formula: 'n != 1', type: 1 };

function sameOnRange(a: (n: number) => number, b: (n: number) => number): boolean {
  for (let n = 0; n <= CHECK_LIMIT; n += 1) if (a(n) !== b(n)) return false;
  return true;
}

function pluralFromCldr(rules: Record<string, string>): PluralDefinition {
  const categories = CATEGORY_ORDER.filter((c) => c !== 'other' && rules[`pluralRule-count-${c}`] !== undefined);
  const conditions = new Map<Category, Condition>();
  for (const c of categories) conditions.set(c, parseCldrRule(rules[`pluralRule-count-${c}`]));
  const tests = categories.map((c) => conditionEvaluator(conditions.get(c)!));
  const categoryOf = (n: number): number => {
    for (let k = 0; k < tests.length; k += 1) if (tests[k](n)) return k;
    return tests.length;
  };

  // Categories that no integer reaches (decimal-only or exponent-only) get no gettext form.
  const reached = new Set<number>();
  const all = categories.length + 1;
  for (let n = 0; n <= CHECK_LIMIT && reached.size < all; n += 1) reached.add(categoryOf(n));
  const remaining = [...categories, 'other' as const].filter((_, k) => reached.has(k));
  const indexOfCategory = new Map<number, number>();
  [...categories, 'other' as const].forEach((c, k) => {
    if (reached.has(k)) indexOfCategory.set(k, remaining.indexOf(c));
  });
  const expected = (n: number): number => indexOfCategory.get(categoryOf(n))!;

  let generated: string;
  if (remaining.length === 1) {
    generated = '0';
  } else {
    const branches = remaining.slice(0, -1).map((c, k) => {
      const printed = printCondition(conditions.get(c as Category)!);
      return `${printed.prec === 'atom' ? printed.text : `(${printed.text})`} ? ${k}`;
    });
    generated = `${branches.join(' : ')} : ${remaining.length - 1}`;
  }
  if (!sameOnRange(compilePluralFormula(generated), expected)) {
    throw new Error(`Generated formula "${generated}" disagrees with CLDR rules ${JSON.stringify(rules)}`);
  }

  let formula = generated;
  for (const candidate of PREFERRED_FORMULAS) {
    if (formulaForms(candidate) !== remaining.length) continue;
    if (sameOnRange(compilePluralFormula(candidate), expected)) {
      formula = candidate;
      break;
    }
  }
  const typeKey = [...remaining.slice(0, -1), 'other'].join(',');
  let type = PLURAL_TYPES[typeKey] ?? PLURAL_UNKNOWN;
  if (typeKey === 'one,few,other' && compilePluralFormula(formula)(0) === remaining.length - 1) type = PLURAL_ONE_FEW_MANY;
  return { number: remaining.length, formula, type };
}

const pluralCache = new Map<string, PluralDefinition>();

function cachedPlural(rules: Record<string, string>): PluralDefinition {
  const key = JSON.stringify(rules);
  let result = pluralCache.get(key);
  if (!result) {
    result = pluralFromCldr(rules);
    pluralCache.set(key, result);
  }
  return result;
}

function pluralOf(parsed: ParsedCode): PluralDefinition {
  // Exact code first (pt-PT has its own rules), then the base language, then the common default.
  const exact = cldrPlurals[[parsed.language, parsed.script, parsed.region].filter(Boolean).join('-')];
  if (exact) return cachedPlural(exact);
  const base = cldrPlurals[parsed.language];
  if (base) return cachedPlural(base);
  return DEFAULT_PLURAL;
}

/* --------------------------------------------------------------- entries */

const entries = new Map<string, { parsed: ParsedCode; cldrCode: string }>();

for (const cldrCode of Object.keys(languageNames)) {
  const parsed = parseCode(cldrCode);
  if (!parsed || SKIPPED_LANGUAGES.has(parsed.language)) continue;
  if ((parsed.script || parsed.region) && !languageNames[parsed.language]) continue;
  entries.set(weblateCode(parsed), { parsed, cldrCode });
}

// Script variants with real speakers or own plural rules (sr_Latn, uz_Cyrl, kok_Latn, …) are missing from
// languages.json because English names them compositionally, yet translators need them as targets.
const scriptVariants = [
  ...speakers.filter((s) => s.script !== undefined).map((s) => `${s.language}-${s.script}`),
  ...Object.keys(cldrPlurals),
];
for (const cldrCode of scriptVariants) {
  const parsed = parseCode(cldrCode);
  if (!parsed?.script || parsed.region || SKIPPED_LANGUAGES.has(parsed.language) || !languageNames[parsed.language]) continue;
  // The default script is the plain language itself (zh_Hans is kept because languages.json lists it).
  if (likely({ language: parsed.language })?.script === parsed.script && !languageNames[cldrCode]) continue;
  const code = weblateCode(parsed);
  if (!entries.has(code)) entries.set(code, { parsed, cldrCode });
}

/* --------------------------------------------------------------- aliases */

const aliases = new Map<string, string>();
const lowerCodes = new Set([...entries.keys()].map((c) => c.toLowerCase()));

function addAlias(alias: string, target: string): void {
  if (!entries.has(target) || alias === target) return;
  if (lowerCodes.has(alias.toLowerCase()) || aliases.has(alias)) return;
  aliases.set(alias, target);
}

// Deprecated, overlong (ISO 639-2), bibliographic and macrolanguage codes from CLDR.
for (const [from, data] of Object.entries(languageAliases)) {
  const source = parseCode(from);
  const replacement = data._replacement?.split(/\s+/)[0];
  const target = replacement ? parseCode(replacement) : null;
  if (!source || !target) continue;
  addAlias(weblateCode(source), weblateCode(target));
}

// Locale-style codes that denote an existing entry: the likely region (de_DE, cs_CZ), and for script
// variants the territories where that script is official or most likely (zh_TW, zh_HK, uz_AF, pa_PK).
for (const [code, { parsed }] of entries) {
  if (parsed.region) continue;
  const full = likely(parsed);
  const defaultScript = likely({ language: parsed.language })?.script;
  const hasScriptVariants = [...entries.values()].some(
    (e) => e.parsed.language === parsed.language && e.parsed.script !== undefined && !e.parsed.region,
  );
  if (!parsed.script) {
    // zh_CN means zh_Hans rather than zh when a separate entry exists for the default script.
    if (defaultScript && entries.has(`${parsed.language}_${defaultScript}`)) continue;
    if (full?.region) addAlias(`${parsed.language}_${full.region}`, code);
    if (hasScriptVariants && defaultScript) {
      addAlias(`${parsed.language}_${defaultScript}`, code);
      if (full?.region) addAlias(`${parsed.language}_${defaultScript}_${full.region}`, code);
    }
    continue;
  }
  const regions = new Set<string>();
  if (full?.region) regions.add(full.region);
  for (const s of speakers) {
    if (s.language === parsed.language && s.script === parsed.script && s.official) regions.add(s.territory);
  }
  for (const region of [...regions].sort()) {
    addAlias(`${parsed.language}_${parsed.script}_${region}`, code);
    // Only when the bare locale implies this script; sr_ME, for one, is an entry of its own anyway.
    if (likely({ language: parsed.language, region })?.script === parsed.script) addAlias(`${parsed.language}_${region}`, code);
  }
}

/* ---------------------------------------------------------------- output */

const aliasesByTarget = new Map<string, string[]>();
for (const [alias, target] of aliases) {
  const list = aliasesByTarget.get(target) ?? [];
  list.push(alias);
  aliasesByTarget.set(target, list);
}

const result: GeneratedLanguage[] = [...entries.entries()]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([code, { parsed, cldrCode }]) => ({
    code,
    name: nameOf(parsed, cldrCode),
    direction: directionOf(parsed),
    population: populationOf(parsed),
    plural: pluralOf(parsed),
    aliases: (aliasesByTarget.get(code) ?? []).sort(),
  }));

for (const language of result) {
  const problem = validatePluralFormula(language.plural.formula, language.plural.number);
  if (problem) throw new Error(`${language.code}: ${problem}`);
  if (!language.name) throw new Error(`${language.code}: missing name`);
}

writeFileSync(OUTPUT, `[\n${result.map((l) => JSON.stringify(l)).join(',\n')}\n]\n`);
console.log(`Wrote ${result.length} languages to ${fileURLToPath(OUTPUT)}`);
