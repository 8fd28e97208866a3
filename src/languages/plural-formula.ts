// Gettext plural formulas: a tokenizer, recursive-descent parser and closure-based evaluator (no eval).

/** Upper bound on accepted formula length; real formulas stay well under 300 characters. */
export const MAX_FORMULA_LENGTH = 1000;
/** Upper bound on nesting, so hostile input cannot exhaust the stack in the parser or evaluator. */
export const MAX_FORMULA_DEPTH = 100;
/** validatePluralFormula checks every n from 0 up to this value. */
export const VALIDATION_RANGE = 1000;

export type PluralUnaryOperator = '!' | '-';
export type PluralBinaryOperator =
  | '*' | '/' | '%'
  | '+' | '-'
  | '<' | '<=' | '>' | '>='
  | '==' | '!='
  | '&&' | '||';

export type PluralExpression =
  | { type: 'number'; value: number }
  | { type: 'variable' }
  | { type: 'unary'; operator: PluralUnaryOperator; argument: PluralExpression }
  | { type: 'binary'; operator: PluralBinaryOperator; left: PluralExpression; right: PluralExpression }
  | { type: 'conditional'; test: PluralExpression; consequent: PluralExpression; alternate: PluralExpression };

export class PluralFormulaError extends Error {
  /** 0-based character offset in the source where the problem was detected. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'PluralFormulaError';
    this.position = position;
  }
}

type TokenKind = 'number' | 'n' | 'op' | 'eof';

interface Token {
  kind: TokenKind;
  /** Operator text, or the digits of a number. */
  text: string;
  position: number;
}

// Longest operators first so that "<=" is not read as "<" followed by "=".
const OPERATORS = ['<=', '>=', '==', '!=', '&&', '||', '(', ')', '!', '-', '+', '*', '/', '%', '<', '>', '?', ':'];

function describeToken(token: Token): string {
  if (token.kind === 'eof') return 'end of input';
  if (token.kind === 'number') return `number ${token.text}`;
  return `"${token.text}"`;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      let j = i;
      while (j < src.length && src[j] >= '0' && src[j] <= '9') j += 1;
      const digits = src.slice(i, j);
      if (Number(digits) > Number.MAX_SAFE_INTEGER) {
        throw new PluralFormulaError(`Number ${digits} at position ${i} is too large`, i);
      }
      if (j < src.length && isIdentifierChar(src[j])) {
        throw new PluralFormulaError(
          `Unexpected character "${src[j]}" at position ${j}: expected an operator after number ${digits}`,
          j,
        );
      }
      tokens.push({ kind: 'number', text: digits, position: i });
      i = j;
      continue;
    }
    if (isIdentifierChar(ch)) {
      let j = i;
      while (j < src.length && isIdentifierChar(src[j])) j += 1;
      const word = src.slice(i, j);
      if (word !== 'n') {
        throw new PluralFormulaError(
          `Unexpected identifier "${word}" at position ${i}: the only variable allowed is "n"`,
          i,
        );
      }
      tokens.push({ kind: 'n', text: word, position: i });
      i = j;
      continue;
    }
    const op = OPERATORS.find((candidate) => src.startsWith(candidate, i));
    if (op === undefined) {
      const hint = ch === '=' ? ' (did you mean "=="?)' : ch === '&' ? ' (did you mean "&&"?)' : ch === '|' ? ' (did you mean "||"?)' : '';
      throw new PluralFormulaError(`Unexpected character "${ch}" at position ${i}${hint}`, i);
    }
    tokens.push({ kind: 'op', text: op, position: i });
    i += op.length;
  }
  tokens.push({ kind: 'eof', text: '', position: src.length });
  return tokens;
}

function isIdentifierChar(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '_' || ch === '$' || ch === '.';
}

// Binary operator precedence levels, loosest first; all are left-associative.
const BINARY_LEVELS: readonly (readonly PluralBinaryOperator[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  parse(): PluralExpression {
    if (this.peek().kind === 'eof') {
      throw new PluralFormulaError('Empty plural formula: expected an expression at position 0', 0);
    }
    const expr = this.parseConditional();
    const next = this.peek();
    if (next.kind !== 'eof') {
      throw new PluralFormulaError(
        `Unexpected ${describeToken(next)} at position ${next.position}: expected an operator or end of input`,
        next.position,
      );
    }
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private isOp(text: string): boolean {
    const token = this.peek();
    return token.kind === 'op' && token.text === text;
  }

  private expectOp(text: string, context: string): void {
    const token = this.peek();
    if (token.kind !== 'op' || token.text !== text) {
      throw new PluralFormulaError(
        `Unexpected ${describeToken(token)} at position ${token.position}: expected "${text}" ${context}`,
        token.position,
      );
    }
    this.index += 1;
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > MAX_FORMULA_DEPTH) {
      throw new PluralFormulaError(`Formula nests deeper than ${MAX_FORMULA_DEPTH} levels at position ${position}`, position);
    }
  }

  private parseConditional(): PluralExpression {
    this.enter(this.peek().position);
    const test = this.parseBinary(0);
    let result = test;
    if (this.isOp('?')) {
      this.index += 1;
      const consequent = this.parseConditional();
      this.expectOp(':', 'to continue the "?" conditional');
      // Recursing for the alternate makes "?:" right-associative, as in C.
      const alternate = this.parseConditional();
      result = { type: 'conditional', test, consequent, alternate };
    }
    this.depth -= 1;
    return result;
  }

  private parseBinary(level: number): PluralExpression {
    if (level >= BINARY_LEVELS.length) return this.parseUnary();
    const operators = BINARY_LEVELS[level];
    let left = this.parseBinary(level + 1);
    for (;;) {
      const token = this.peek();
      const op = token.kind === 'op' ? operators.find((o) => o === token.text) : undefined;
      if (op === undefined) return left;
      this.index += 1;
      const right = this.parseBinary(level + 1);
      left = { type: 'binary', operator: op, left, right };
    }
  }

  private parseUnary(): PluralExpression {
    const token = this.peek();
    if (token.kind === 'op' && (token.text === '!' || token.text === '-')) {
      this.index += 1;
      this.enter(token.position);
      const argument = this.parseUnary();
      this.depth -= 1;
      return { type: 'unary', operator: token.text, argument };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): PluralExpression {
    const token = this.peek();
    if (token.kind === 'number') {
      this.index += 1;
      return { type: 'number', value: Number(token.text) };
    }
    if (token.kind === 'n') {
      this.index += 1;
      return { type: 'variable' };
    }
    if (token.kind === 'op' && token.text === '(') {
      this.index += 1;
      const inner = this.parseConditional();
      this.expectOp(')', `to close "(" opened at position ${token.position}`);
      return inner;
    }
    throw new PluralFormulaError(
      `Unexpected ${describeToken(token)} at position ${token.position}: expected a number, "n", "(", "!" or "-"`,
      token.position,
    );
  }
}

/** Parses a gettext plural expression (the part after `plural=`) into an AST. */
export function parsePluralFormula(src: string): PluralExpression {
  if (typeof src !== 'string') {
    throw new PluralFormulaError('Plural formula must be a string', 0);
  }
  if (src.length > MAX_FORMULA_LENGTH) {
    throw new PluralFormulaError(
      `Plural formula is ${src.length} characters long; at most ${MAX_FORMULA_LENGTH} are allowed`,
      MAX_FORMULA_LENGTH,
    );
  }
  return new Parser(tokenize(src)).parse();
}

type Evaluator = (n: number) => number;

/** Thrown by a strict evaluator (validation) when a formula divides by zero. */
class ZeroDivisorError extends Error {}

// Building closures once per formula keeps per-call cost low without generating code.
// `strict` evaluators (validation only) throw on a zero divisor instead of yielding 0.
function buildEvaluator(node: PluralExpression, strict = false): Evaluator {
  switch (node.type) {
    case 'number': {
      const value = node.value;
      return () => value;
    }
    case 'variable':
      return (n) => n;
    case 'unary': {
      const arg = buildEvaluator(node.argument, strict);
      return node.operator === '!' ? (n) => (arg(n) === 0 ? 1 : 0) : (n) => 0 - arg(n);
    }
    case 'conditional': {
      const test = buildEvaluator(node.test, strict);
      const consequent = buildEvaluator(node.consequent, strict);
      const alternate = buildEvaluator(node.alternate, strict);
      return (n) => (test(n) !== 0 ? consequent(n) : alternate(n));
    }
    case 'binary': {
      const l = buildEvaluator(node.left, strict);
      const r = buildEvaluator(node.right, strict);
      switch (node.operator) {
        case '*': return (n) => l(n) * r(n);
        // Integer division truncating toward zero like C; a zero divisor yields 0 so a bad formula cannot throw at runtime.
        case '/': return (n) => { const d = r(n); if (d === 0 && strict) throw new ZeroDivisorError(); return d === 0 ? 0 : Math.trunc(l(n) / d); };
        case '%': return (n) => { const d = r(n); if (d === 0 && strict) throw new ZeroDivisorError(); return d === 0 ? 0 : l(n) % d; };
        case '+': return (n) => l(n) + r(n);
        case '-': return (n) => l(n) - r(n);
        case '<': return (n) => (l(n) < r(n) ? 1 : 0);
        case '<=': return (n) => (l(n) <= r(n) ? 1 : 0);
        case '>': return (n) => (l(n) > r(n) ? 1 : 0);
        case '>=': return (n) => (l(n) >= r(n) ? 1 : 0);
        case '==': return (n) => (l(n) === r(n) ? 1 : 0);
        case '!=': return (n) => (l(n) !== r(n) ? 1 : 0);
        case '&&': return (n) => (l(n) !== 0 && r(n) !== 0 ? 1 : 0);
        case '||': return (n) => (l(n) !== 0 || r(n) !== 0 ? 1 : 0);
      }
    }
  }
}

// gettext evaluates with an unsigned long count, so fractions and signs are dropped before evaluation.
function toCount(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.trunc(Math.abs(n));
}

/** Evaluates an already parsed expression for one count. */
export function evaluatePluralExpression(expr: PluralExpression, n: number): number {
  return buildEvaluator(expr)(toCount(n));
}

const COMPILE_CACHE_LIMIT = 1000;
const compileCache = new Map<string, Evaluator>();

/** Parses and compiles a formula into a function from a count to a plural form index; results are cached per source. */
export function compilePluralFormula(src: string): (n: number) => number {
  const cached = compileCache.get(src);
  if (cached !== undefined) return cached;
  const evaluate = buildEvaluator(parsePluralFormula(src));
  const compiled: Evaluator = (n) => evaluate(toCount(n));
  // Formulas can come from uploaded files, so the cache is bounded; dropping the oldest entry is good enough.
  if (compileCache.size >= COMPILE_CACHE_LIMIT) {
    const oldest = compileCache.keys().next();
    if (!oldest.done) compileCache.delete(oldest.value);
  }
  compileCache.set(src, compiled);
  return compiled;
}

/**
 * Checks that a formula parses and maps every n in 0..VALIDATION_RANGE into 0..number-1 without
 * dividing by zero. Returns null when valid, otherwise a human-readable reason.
 */
export function validatePluralFormula(src: string, number: number): string | null {
  if (!Number.isInteger(number) || number < 1) {
    return `Number of plurals must be a positive integer, got ${String(number)}`;
  }
  let evaluate: Evaluator;
  try {
    evaluate = buildEvaluator(parsePluralFormula(src), true);
  } catch (error) {
    if (error instanceof PluralFormulaError) return error.message;
    throw error;
  }
  for (let n = 0; n <= VALIDATION_RANGE; n += 1) {
    let form: number;
    try {
      form = evaluate(n);
    } catch (error) {
      if (error instanceof ZeroDivisorError) return `Plural formula divides by zero for n = ${n}`;
      throw error;
    }
    if (!Number.isInteger(form) || form < 0 || form >= number) {
      return `Plural formula yields ${form} for n = ${n}, outside the range 0..${number - 1}`;
    }
  }
  return null;
}

/**
 * Reads `nplurals` and `plural` from a PO `Plural-Forms` header value (with or without the
 * `Plural-Forms:` prefix). Returns null when either part is missing or the formula does not parse.
 */
export function parsePluralFormsHeader(header: string): { number: number; formula: string } | null {
  if (typeof header !== 'string' || header.length > MAX_FORMULA_LENGTH + 200) return null;
  let text = header.trim();
  const prefix = /^plural-forms\s*:/i.exec(text);
  if (prefix) text = text.slice(prefix[0].length);
  let number: number | null = null;
  let formula: string | null = null;
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (part.trim() !== '') return null;
      continue;
    }
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === 'nplurals') {
      if (!/^\d{1,3}$/.test(value)) return null;
      number = Number(value);
    } else if (key === 'plural') {
      formula = value;
    } else {
      return null;
    }
  }
  if (number === null || formula === null || number < 1 || formula === '') return null;
  try {
    parsePluralFormula(formula);
  } catch (error) {
    if (error instanceof PluralFormulaError) return null;
    throw error;
  }
  return { number, formula };
}
