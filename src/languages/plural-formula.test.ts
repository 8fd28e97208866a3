// Unit tests for the gettext plural formula parser, evaluator and validator.
import { describe, it, expect } from 'vitest';
import {
  MAX_FORMULA_DEPTH,
  PluralFormulaError,
  compilePluralFormula,
  evaluatePluralExpression,
  parsePluralFormula,
  parsePluralFormsHeader,
  validatePluralFormula,
} from './plural-formula.js';

function forms(formula: string, ns: number[]): number[] {
  const f = compilePluralFormula(formula);
  return ns.map((n) => f(n));
}

function parseError(src: string): PluralFormulaError {
  try {
    parsePluralFormula(src);
  } catch (error) {
    expect(error).toBeInstanceOf(PluralFormulaError);
    return error as PluralFormulaError;
  }
  throw new Error(`expected "${src}" to be rejected`);
}

describe('parsePluralFormula', () => {
  it('builds an AST with C precedence', () => {
    expect(parsePluralFormula('n != 1')).toEqual({
      type: 'binary',
      operator: '!=',
      left: { type: 'variable' },
      right: { type: 'number', value: 1 },
    });
    const ast = parsePluralFormula('1 + 2 * 3');
    expect(ast).toMatchObject({ type: 'binary', operator: '+', right: { type: 'binary', operator: '*' } });
    expect(evaluatePluralExpression(ast, 0)).toBe(7);
  });

  it('makes ?: right-associative', () => {
    const ast = parsePluralFormula('n==1 ? 0 : n==2 ? 1 : 2');
    expect(ast).toMatchObject({ type: 'conditional', alternate: { type: 'conditional' } });
  });

  it('makes binary operators left-associative', () => {
    expect(forms('10 - 3 - 2', [0])).toEqual([5]);
    expect(forms('100 / 10 / 5', [0])).toEqual([2]);
    expect(forms('100 % 7 % 3', [0])).toEqual([2]);
  });

  it('handles unary operators and parentheses', () => {
    expect(forms('!n', [0, 1, 5])).toEqual([1, 0, 0]);
    expect(forms('!!n', [0, 7])).toEqual([0, 1]);
    expect(forms('-n + 3', [1, 3])).toEqual([2, 0]);
    expect(forms('(n + 1) * 2', [4])).toEqual([10]);
    expect(forms('((((n))))', [9])).toEqual([9]);
  });

  it('accepts whitespace of all kinds', () => {
    expect(forms(' \tn\n!=\r1 ', [1, 2])).toEqual([0, 1]);
  });
});

describe('evaluation of real formulas', () => {
  it('English / German', () => {
    expect(forms('n != 1', [0, 1, 2, 100])).toEqual([1, 0, 1, 1]);
  });

  it('French', () => {
    expect(forms('n > 1', [0, 1, 2, 1000000])).toEqual([0, 0, 1, 1]);
  });

  it('Czech', () => {
    const cs = '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2';
    expect(forms(cs, [0, 1, 2, 3, 4, 5, 11, 22, 101])).toEqual([2, 0, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('Polish', () => {
    const pl = 'n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2';
    expect(forms(pl, [0, 1, 2, 4, 5, 12, 14, 21, 22, 24, 25, 112, 122])).toEqual([2, 0, 1, 1, 2, 2, 2, 2, 1, 1, 2, 2, 1]);
  });

  it('Russian', () => {
    const ru = 'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2';
    expect(forms(ru, [1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 1001])).toEqual([0, 1, 2, 2, 2, 0, 1, 2, 0, 2, 0]);
  });

  it('Arabic', () => {
    const ar = 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5';
    expect(forms(ar, [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111, 1000])).toEqual([0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4, 5]);
  });

  it('Irish', () => {
    const ga = 'n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4';
    expect(forms(ga, [0, 1, 2, 3, 6, 7, 10, 11, 100])).toEqual([4, 0, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('Slovenian', () => {
    const sl = 'n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3';
    expect(forms(sl, [0, 1, 2, 3, 4, 5, 101, 102, 104, 111])).toEqual([3, 0, 1, 2, 2, 3, 0, 1, 2, 3]);
  });

  it('Welsh', () => {
    const cy = '(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 :(n==6) ? 4 : 5';
    expect(forms(cy, [0, 1, 2, 3, 4, 6, 7, 100])).toEqual([0, 1, 2, 3, 5, 4, 5, 5]);
  });

  it('Japanese (single form)', () => {
    expect(forms('0', [0, 1, 2, 1000])).toEqual([0, 0, 0, 0]);
  });

  it('Icelandic style boolean result', () => {
    expect(forms('n%10!=1 || n%100==11', [1, 11, 21, 2])).toEqual([0, 1, 0, 1]);
  });

  it('treats the count like gettext: an unsigned integer', () => {
    const f = compilePluralFormula('n');
    expect(f(2.7)).toBe(2);
    expect(f(-3)).toBe(3);
    expect(f(Number.NaN)).toBe(0);
    expect(f(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('uses C integer division and never throws on division by zero', () => {
    expect(forms('n / 2', [7])).toEqual([3]);
    expect(forms('(0 - n) / 2', [7])).toEqual([-3]);
    expect(forms('n / 0', [5])).toEqual([0]);
    expect(forms('n % 0', [5])).toEqual([0]);
    expect(forms('n % (n - 5)', [5, 7])).toEqual([0, 1]);
  });

  it('short-circuits logical operators and yields 0/1', () => {
    expect(forms('n && 5', [0, 3])).toEqual([0, 1]);
    expect(forms('n || 0', [0, 3])).toEqual([0, 1]);
    expect(forms('0 && 1 / 0', [1])).toEqual([0]);
  });

  it('caches compiled formulas by source', () => {
    expect(compilePluralFormula('n > 1')).toBe(compilePluralFormula('n > 1'));
  });
});

describe('parse errors', () => {
  it('reports unexpected end of input with its position', () => {
    const error = parseError('n == ');
    expect(error.position).toBe(5);
    expect(error.message).toContain('position 5');
    expect(error.message).toMatch(/end of input/);
    expect(error.message).toMatch(/expected a number, "n", "\(", "!" or "-"/);
  });

  it('reports a missing colon in a conditional', () => {
    const error = parseError('n==1 ? 0 1');
    expect(error.position).toBe(9);
    expect(error.message).toContain('expected ":"');
  });

  it('reports an unclosed parenthesis', () => {
    const error = parseError('(n==1 ? 0 : 1');
    expect(error.position).toBe(13);
    expect(error.message).toContain('expected ")"');
  });

  it('reports trailing tokens', () => {
    const error = parseError('n != 1)');
    expect(error.position).toBe(6);
    expect(error.message).toMatch(/expected an operator or end of input/);
  });

  it('rejects empty input', () => {
    expect(parseError('').position).toBe(0);
    expect(parseError('   ').message).toMatch(/Empty/);
  });

  it('rejects single = and & with a hint', () => {
    const eq = parseError('n = 1');
    expect(eq.position).toBe(2);
    expect(eq.message).toContain('did you mean "=="');
    expect(parseError('n & 1').message).toContain('did you mean "&&"');
    expect(parseError('n | 1').message).toContain('did you mean "||"');
  });

  it('rejects identifiers other than n, so nothing can reach JavaScript objects', () => {
    for (const src of ['constructor', 'process.exit(1)', 'n.constructor', 'this', 'N', 'x', '__proto__', 'eval("1")']) {
      const error = parseError(src);
      expect(error.message).toMatch(/Unexpected (identifier|character)/);
    }
    expect(parseError('process.exit(1)').position).toBe(0);
    expect(parseError('n + constructor').position).toBe(4);
  });

  it('rejects other unsupported syntax', () => {
    expect(parseError('1.5').position).toBe(1);
    expect(parseError('0x10').position).toBe(1);
    expect(parseError('n; 1').position).toBe(1);
    expect(parseError('`n`').position).toBe(0);
    expect(parseError('n ? 1').message).toContain('expected ":"');
    expect(parseError('99999999999999999999').message).toMatch(/too large/);
  });

  it('rejects over-long input', () => {
    const long = `${'n+'.repeat(500)}1`;
    expect(long.length).toBeGreaterThan(1000);
    expect(parseError(long).message).toMatch(/at most 1000/);
    const justFits = `${'n+'.repeat(499)}1`;
    expect(justFits.length).toBeLessThanOrEqual(1000);
    expect(() => parsePluralFormula(justFits)).not.toThrow();
  });

  it('rejects nesting deeper than the limit', () => {
    const ok = `${'('.repeat(MAX_FORMULA_DEPTH - 1)}n${')'.repeat(MAX_FORMULA_DEPTH - 1)}`;
    expect(() => parsePluralFormula(ok)).not.toThrow();
    const deep = `${'('.repeat(MAX_FORMULA_DEPTH + 1)}n${')'.repeat(MAX_FORMULA_DEPTH + 1)}`;
    expect(parseError(deep).message).toMatch(/deeper than 100/);
    expect(parseError('!'.repeat(150) + 'n').message).toMatch(/deeper than 100/);
    expect(parseError('n?'.repeat(150) + '1' + ':0'.repeat(150)).message).toMatch(/deeper than 100/);
  });
});

describe('validatePluralFormula', () => {
  it('accepts valid formulas', () => {
    expect(validatePluralFormula('n != 1', 2)).toBeNull();
    expect(validatePluralFormula('0', 1)).toBeNull();
    expect(validatePluralFormula('(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', 3)).toBeNull();
  });

  it('reports values outside the form range with the offending n', () => {
    expect(validatePluralFormula('n != 1', 1)).toMatch(/yields 1 for n = 0/);
    expect(validatePluralFormula('n', 3)).toMatch(/yields 3 for n = 3/);
    expect(validatePluralFormula('n - 1', 2)).toMatch(/yields -1 for n = 0/);
    expect(validatePluralFormula('n > 500 ? 7 : 0', 2)).toMatch(/n = 501/);
  });

  it('reports parse errors and bad plural counts', () => {
    expect(validatePluralFormula('n = 1', 2)).toMatch(/position 2/);
    expect(validatePluralFormula('n != 1', 0)).toMatch(/positive integer/);
    expect(validatePluralFormula('n != 1', 1.5)).toMatch(/positive integer/);
  });
});

describe('parsePluralFormsHeader', () => {
  it('reads a PO header value', () => {
    expect(parsePluralFormsHeader('nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;')).toEqual({
      number: 3,
      formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2',
    });
  });

  it('accepts the header name, spacing, a missing final semicolon and reordered keys', () => {
    expect(parsePluralFormsHeader('Plural-Forms: nplurals=2; plural=(n != 1);\n')).toEqual({ number: 2, formula: '(n != 1)' });
    expect(parsePluralFormsHeader('  nplurals = 1 ;  plural = 0 ')).toEqual({ number: 1, formula: '0' });
    expect(parsePluralFormsHeader('plural=n>1; nplurals=2;')).toEqual({ number: 2, formula: 'n>1' });
  });

  it('returns null for broken headers', () => {
    expect(parsePluralFormsHeader('')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=2;')).toBeNull();
    expect(parsePluralFormsHeader('plural=n != 1;')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=x; plural=n != 1;')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=0; plural=0;')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=2; plural=process.exit(1);')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=2; plural=;')).toBeNull();
    expect(parsePluralFormsHeader('nplurals=2; plural=n != 1; evil=1;')).toBeNull();
  });
});
