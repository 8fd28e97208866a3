// Generates src/languages/cldr-plurals.generated.json (CLDR cardinal plural categories, formulas and samples) from cldr-core.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLDR_CATEGORY_ORDER, cldrConditionToC } from '../src/languages/cldr-rule.js';
import { validatePluralFormula } from '../src/languages/plural-formula.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = new URL('../src/languages/cldr-plurals.generated.json', import.meta.url);

const rules: Record<string, Record<string, string>> = JSON.parse(readFileSync(`${ROOT}node_modules/cldr-core/supplemental/plurals.json`, 'utf8')).supplemental[
  'plurals-type-cardinal'
];

interface CldrPlural {
  categories: string[];
  formula: string;
  /** Sample numbers per category, as CLDR lists them (integers when the category has any, else decimals). */
  examples: string[];
}

function samplesOf(rule: string): string {
  const integer = /@integer\s+([^@]*)/.exec(rule)?.[1]?.trim();
  const decimal = /@decimal\s+([^@]*)/.exec(rule)?.[1]?.trim();
  // Compact-exponent samples ("1c6") mean nothing to a translator; the plain numbers say enough.
  const plain = (list: string | undefined) => (list ?? '').split(/,\s*/).filter((s) => s !== '' && !/\dc\d/.test(s)).join(', ');
  return plain(integer) || plain(decimal);
}

const out: Record<string, CldrPlural> = {};
for (const [code, byCount] of Object.entries(rules).sort(([a], [b]) => a.localeCompare(b))) {
  const categories = CLDR_CATEGORY_ORDER.filter((c) => `pluralRule-count-${c}` in byCount);
  const conditions = categories.map((c) => byCount[`pluralRule-count-${c}`]!.split('@')[0]!.trim());
  // "other" has no condition: it is whatever no other category takes.
  const branches = categories.slice(0, -1).map((_, i) => cldrConditionToC(conditions[i]!));
  let formula = String(categories.length - 1);
  for (let i = branches.length - 1; i >= 0; i--) {
    const test = branches[i]!;
    if (test === '1') formula = String(i);
    else if (test !== '0') formula = `(${test}) ? ${i} : ${formula}`;
  }
  const problem = validatePluralFormula(formula, categories.length);
  if (problem) throw new Error(`${code}: ${formula}: ${problem}`);
  out[code.replace(/-/g, '_')] = { categories, formula, examples: categories.map((c) => samplesOf(byCount[`pluralRule-count-${c}`]!)) };
}

writeFileSync(OUTPUT, `{\n${Object.entries(out).map(([code, p]) => `${JSON.stringify(code)}:${JSON.stringify(p)}`).join(',\n')}\n}\n`);
console.log(`wrote ${Object.keys(out).length} plural rules to ${fileURLToPath(OUTPUT)}`);
