// Fuzzing the gettext plural-formula parser: garbage fails cleanly, generated formulas evaluate as C would, CLDR formulas stay in range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_LANGUAGES } from '../../src/languages/catalog.js';
import {
  compilePluralFormula,
  MAX_FORMULA_LENGTH,
  parsePluralFormsHeader,
  parsePluralFormula,
  PluralFormulaError,
  validatePluralFormula,
  VALIDATION_RANGE,
} from '../../src/languages/plural-formula.js';
import { describeError, params, timed } from './support.js';

/** An expression tree rendered to C syntax, with the value C gives it (the oracle for the parser). */
type Expr =
  | { t: 'num'; v: number }
  | { t: 'n' }
  | { t: 'un'; op: '!' | '-'; a: Expr }
  | { t: 'bin'; op: string; a: Expr; b: Expr }
  | { t: 'cond'; c: Expr; a: Expr; b: Expr };

/** Binding strength as in C: the loosest is the conditional, the tightest a number, `n` or a parenthesis. */
const LEVEL: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };
const level = (e: Expr): number => (e.t === 'cond' ? 0 : e.t === 'bin' ? LEVEL[e.op]! : e.t === 'un' ? 7 : 8);

/** Renders with only the parentheses precedence needs, plus some extra ones (`paren` says where). */
function render(e: Expr, paren: (depth: number) => boolean, depth = 0): string {
  const wrap = (child: Expr, need: boolean) => {
    const text = render(child, paren, depth + 1);
    return need || paren(depth) ? `(${text})` : text;
  };
  switch (e.t) {
    case 'num':
      return String(e.v);
    case 'n':
      return 'n';
    case 'un':
      // "- -n" must not become "--n", which C reads as a decrement.
      return `${e.op}${e.op === '-' ? ' ' : ''}${wrap(e.a, level(e.a) < 7)}`;
    case 'bin':
      return `${wrap(e.a, level(e.a) < LEVEL[e.op]!)} ${e.op} ${wrap(e.b, level(e.b) <= LEVEL[e.op]!)}`;
    case 'cond':
      return `${wrap(e.c, level(e.c) === 0)} ? ${wrap(e.a, level(e.a) === 0)} : ${wrap(e.b, false)}`;
  }
}

/** C semantics on unsigned-long-like counts, with a zero divisor giving 0 as the evaluator documents. */
function evaluate(e: Expr, n: number): number {
  switch (e.t) {
    case 'num':
      return e.v;
    case 'n':
      return n;
    case 'un':
      return e.op === '!' ? (evaluate(e.a, n) === 0 ? 1 : 0) : 0 - evaluate(e.a, n);
    case 'cond':
      return evaluate(e.c, n) !== 0 ? evaluate(e.a, n) : evaluate(e.b, n);
    case 'bin': {
      const a = evaluate(e.a, n);
      const b = evaluate(e.b, n);
      const ops: Record<string, () => number> = {
        '||': () => (a !== 0 || b !== 0 ? 1 : 0),
        '&&': () => (a !== 0 && b !== 0 ? 1 : 0),
        '==': () => (a === b ? 1 : 0),
        '!=': () => (a !== b ? 1 : 0),
        '<': () => (a < b ? 1 : 0),
        '<=': () => (a <= b ? 1 : 0),
        '>': () => (a > b ? 1 : 0),
        '>=': () => (a >= b ? 1 : 0),
        '+': () => a + b,
        '-': () => a - b,
        '*': () => a * b,
        '/': () => (b === 0 ? 0 : Math.trunc(a / b)),
        '%': () => (b === 0 ? 0 : a % b),
      };
      return ops[e.op]!();
    }
  }
}

const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 20 }).map((v): Expr => ({ t: 'num', v })),
    fc.constant<Expr>({ t: 'n' }),
    fc.record({ t: fc.constant('un' as const), op: fc.constantFrom('!' as const, '-' as const), a: tie('expr') }),
    fc.record({ t: fc.constant('bin' as const), op: fc.constantFrom(...Object.keys(LEVEL)), a: tie('expr'), b: tie('expr') }),
    fc.record({ t: fc.constant('cond' as const), c: tie('expr'), a: tie('expr'), b: tie('expr') }),
  ),
}));

/** Formula-like garbage: the tokens of the language with stray characters mixed in. */
const formulaLike = fc
  .array(fc.oneof(fc.constantFrom('n', ' ', '(', ')', '?', ':', '!', '-', '+', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||', '=', '&', '|', '0', '1', '10', '99999999999999999999', 'nn', 'x', ';', '.'), fc.string({ maxLength: 2 })), { maxLength: 40 })
  .map((parts) => parts.join(''));

function checkParse(src: string): void {
  const outcome = timed('parsePluralFormula', () => parsePluralFormula(src));
  if (!outcome.ok) {
    const e = outcome.error;
    if (!(e instanceof PluralFormulaError)) expect.fail(`parsePluralFormula(${JSON.stringify(src)}) threw ${describeError(e)}`);
    expect(e.position).toBeGreaterThanOrEqual(0);
    expect(e.position).toBeLessThanOrEqual(Math.max(src.length, MAX_FORMULA_LENGTH));
    return;
  }
  // Whatever parses also compiles and evaluates without throwing over the whole validation range.
  const f = compilePluralFormula(src);
  for (let n = 0; n <= VALIDATION_RANGE; n += 37) expect(typeof f(n)).toBe('number');
  const verdict = timed('validatePluralFormula', () => validatePluralFormula(src, 3));
  if (!verdict.ok) expect.fail(`validatePluralFormula(${JSON.stringify(src)}) threw ${describeError(verdict.error)}`);
}

describe('plural formula parser', () => {
  it('arbitrary strings: an expression or a PluralFormulaError with a position', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), checkParse), params());
  });

  it('formula-like strings: the same', () => {
    fc.assert(fc.property(formulaLike, checkParse), params());
  });

  it('deep nesting and long inputs fail cleanly or evaluate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1200 }), fc.constantFrom('(', '!', '- ', 'n ? ', 'n + '), (count, piece) => {
        const src = piece.repeat(count) + 'n' + (piece === '(' ? ')'.repeat(count) : piece === 'n ? ' ? ' : 0'.repeat(count) : '');
        checkParse(src);
      }),
      params(0.2),
    );
  });

  it('Plural-Forms headers: parsed or null, never a throw', () => {
    const header = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.tuple(fc.constantFrom('', 'Plural-Forms: ', 'plural-forms:'), fc.string({ maxLength: 4 }), formulaLike).map(([p, n, f]) => `${p}nplurals=${n}; plural=${f};`),
    );
    fc.assert(
      fc.property(header, (h) => {
        const outcome = timed('parsePluralFormsHeader', () => parsePluralFormsHeader(h));
        if (!outcome.ok) expect.fail(`parsePluralFormsHeader(${JSON.stringify(h)}) threw ${describeError(outcome.error)}`);
        if (outcome.value) expect(() => parsePluralFormula(outcome.value!.formula)).not.toThrow();
      }),
      params(),
    );
  });

  it('generated formulas parse and evaluate as C evaluates them, for n in 0..1000', () => {
    fc.assert(
      fc.property(expr, fc.func(fc.boolean()), (e, extra) => {
        const src = render(e, (depth) => extra(depth) && depth % 3 === 0);
        if (src.length > MAX_FORMULA_LENGTH) return;
        const parsed = timed('compilePluralFormula', () => compilePluralFormula(src));
        if (!parsed.ok) expect.fail(`valid formula ${src} rejected: ${describeError(parsed.error)}`);
        for (let n = 0; n <= VALIDATION_RANGE; n += 7) {
          const got: number = parsed.value(n);
          const want = evaluate(e, n);
          if (!Object.is(got, want) && !(Number.isNaN(got) && Number.isNaN(want))) expect.fail(`${src} at n=${n}: got ${got}, C gives ${want}`);
        }
      }),
      params(0.5),
    );
  });
});

describe('the built-in languages (CLDR) plural formulas', () => {
  const formulas = [...new Map(BUILTIN_LANGUAGES.map((l) => [`${l.plural.number};${l.plural.formula}`, l])).values()];

  it('map every n in 0..1000 to a form index below nplurals', () => {
    expect(formulas.length).toBeGreaterThan(10);
    for (const language of formulas) {
      const f = compilePluralFormula(language.plural.formula);
      for (let n = 0; n <= VALIDATION_RANGE; n++) {
        const form = f(n);
        if (!Number.isInteger(form) || form < 0 || form >= language.plural.number) {
          expect.fail(`${language.code}: "${language.plural.formula}" gives ${form} for n=${n} (nplurals=${language.plural.number})`);
        }
      }
      expect(validatePluralFormula(language.plural.formula, language.plural.number), language.code).toBeNull();
    }
  });

  it('the generated formula of every language round-trips through a Plural-Forms header', () => {
    for (const language of formulas) {
      expect(parsePluralFormsHeader(`nplurals=${language.plural.number}; plural=${language.plural.formula};`), language.code).toEqual({
        number: language.plural.number,
        formula: language.plural.formula,
      });
    }
  });
});
