// Turns a CLDR plural rule condition into a gettext-style C expression over a whole number n.

/** CLDR plural categories in the order CLDR (and every CLDR-keyed file format) lists them. */
export const CLDR_CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** A folded expression: a constant truth value or C source text. */
type Folded = boolean | string;

/**
 * Converts a CLDR condition ("v = 0 and i % 10 = 2..4 and i % 100 != 12..14") into C syntax for
 * gettext's integer `n`. For a whole number the integer digits `i` equal `n` and the fraction
 * operands (`v`, `w`, `f`, `t`) and the exponent (`c`, `e`) are 0, so relations on them fold to
 * constants. Returns "1" or "0" when the whole condition is constant for whole numbers.
 */
export function cldrConditionToC(condition: string): string {
  const folded = or(condition.trim().split(/\s+or\s+/).map((part) => and(part.split(/\s+and\s+/).map(relation))));
  return folded === true ? '1' : folded === false ? '0' : folded;
}

function and(parts: Folded[]): Folded {
  if (parts.includes(false)) return false;
  const kept = parts.filter((p): p is string => p !== true);
  if (kept.length === 0) return true;
  return kept.length === 1 ? kept[0]! : kept.map((p) => (p.includes('||') ? `(${p})` : p)).join(' && ');
}

function or(parts: Folded[]): Folded {
  if (parts.includes(true)) return true;
  const kept = parts.filter((p): p is string => p !== false);
  if (kept.length === 0) return false;
  return kept.length === 1 ? kept[0]! : kept.join(' || ');
}

function relation(text: string): Folded {
  const m = /^([nivwftce])\s*(?:%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+)$/.exec(text.trim());
  if (!m) throw new Error(`Unsupported CLDR plural relation: "${text}"`);
  const [, operand, modulo, op, list] = m;
  const ranges = list!.split(',').map((item) => {
    const [from, to] = item.trim().split('..');
    return { from: Number(from), to: Number(to ?? from) };
  });
  const negate = op === '!=';
  if (operand !== 'n' && operand !== 'i') {
    // The operand is 0 for a whole number: the relation is a constant.
    const value = modulo ? 0 % Number(modulo) : 0;
    const inside = ranges.some((r) => value >= r.from && value <= r.to);
    return negate ? !inside : inside;
  }
  const expr = modulo ? `n % ${modulo}` : 'n';
  const tests = ranges.map((r) => (r.from === r.to ? `${expr} == ${r.from}` : `${expr} >= ${r.from} && ${expr} <= ${r.to}`));
  if (negate) {
    return ranges.map((r) => (r.from === r.to ? `${expr} != ${r.from}` : `(${expr} < ${r.from} || ${expr} > ${r.to})`)).join(' && ');
  }
  return tests.length === 1 ? tests[0]! : `(${tests.map((t) => (t.includes('&&') ? `(${t})` : t)).join(' || ')})`;
}
