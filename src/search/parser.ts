// Recursive-descent parser of the search language: precedence NOT > AND (also implicit) > OR, values typed per field.
import type { Cmp, DateBound, Node, TermNode, TermValue } from './ast.js';
import { parseDate, type DateInterval } from './dates.js';
import { LIMITS, SearchQueryError, TOO_COMPLEX } from './errors.js';
import { ACTION_LOOKUP, BOOL_VALUES, FIELD_ALIASES, FIELDS, HAS_VALUES, IS_VALUES, own, STATE_NAMES, type FieldKind } from './fields.js';
import { tokenize, type Op, type RawValue, type Token } from './lexer.js';
import { compileUserRegex } from '../checks/safe-regex.js';

export interface ParseOptions {
  /** "Now" for relative dates (tests pin it). */
  now?: Date;
}

const CMP: Record<Op, Cmp> = { ':': '=', ':=': '=', ':<': '<', ':<=': '<=', ':>': '>', ':>=': '>=' };

/** Parses a query into its AST; null for an empty query (matches everything). Throws SearchQueryError. */
export function parseQuery(query: string, options: ParseOptions = {}): Node | null {
  const tokens = tokenize(query);
  let i = 0;
  let terms = 0;
  const now = options.now ?? new Date();
  const peek = (): Token => tokens[i]!;
  const describe = (t: Token) =>
    t.type === 'eof' ? 'end of query' : t.type === 'lparen' ? "'('" : t.type === 'rparen' ? "')'" : t.type === 'term' ? 'search term' : `'${t.type.toUpperCase()}'`;
  const startsOperand = (t: Token) => t.type === 'term' || t.type === 'not' || t.type === 'lparen';

  const or = (depth: number): Node => {
    if (depth > LIMITS.maxDepth) throw new SearchQueryError(TOO_COMPLEX, peek().pos);
    const children = [and(depth)];
    while (peek().type === 'or') {
      i++;
      children.push(and(depth));
    }
    return group('or', children);
  };
  const and = (depth: number): Node => {
    const children = [not(depth)];
    for (;;) {
      const t = peek();
      if (t.type === 'and') {
        i++;
        children.push(not(depth));
      } else if (startsOperand(t)) children.push(not(depth));
      else break;
    }
    return group('and', children);
  };
  const not = (depth: number): Node => {
    if (peek().type === 'not') {
      if (depth > LIMITS.maxDepth) throw new SearchQueryError(TOO_COMPLEX, peek().pos);
      i++;
      return { type: 'not', child: not(depth + 1) };
    }
    return primary(depth);
  };
  const primary = (depth: number): Node => {
    const t = peek();
    if (t.type === 'lparen') {
      i++;
      const inner = or(depth + 1);
      const close = peek();
      if (close.type !== 'rparen') throw new SearchQueryError(`Unexpected ${describe(close)}`, close.pos, "')'");
      i++;
      return inner;
    }
    if (t.type === 'term') {
      i++;
      if (++terms > LIMITS.maxTerms) throw new SearchQueryError(TOO_COMPLEX, t.pos);
      return term(t, now);
    }
    throw new SearchQueryError(`Unexpected ${describe(t)}`, t.pos, 'a search term');
  };

  if (peek().type === 'eof') return null;
  const root = or(0);
  const rest = peek();
  if (rest.type !== 'eof') throw new SearchQueryError(`Unexpected ${describe(rest)}`, rest.pos, rest.type === 'rparen' ? 'a search term or end of query' : 'end of query');
  return root;
}

function group(type: 'and' | 'or', children: Node[]): Node {
  if (children.length === 1) return children[0]!;
  return { type, children: children.flatMap((c) => (c.type === type ? c.children : [c])) };
}

function term(t: Extract<Token, { type: 'term' }>, now: Date): TermNode {
  if (t.field === null) return { type: 'term', field: null, value: textValue(t.value, ':', 'text', ''), pos: t.pos };
  const lower = t.field.toLowerCase();
  const field = own(FIELD_ALIASES, lower) ?? lower;
  const kind = own(FIELDS, field);
  if (!kind) throw new SearchQueryError(`Unknown search field: ${t.field}`, t.pos, 'a known search field');
  return { type: 'term', field, value: typed(field, kind, t.op, t.value, now, t.pos + t.field.length), pos: t.pos };
}

function fail(reason: string, pos: number, expected?: string): never {
  throw new SearchQueryError(reason, pos, expected ?? null);
}

function onlyText(field: string, v: RawValue): string {
  if (v.kind === 'regex') fail(`Regular expression is not supported for search field: ${field}`, v.pos);
  if (v.kind === 'range') fail(`Range is not supported for search field: ${field}`, v.pos);
  return v.text;
}

function onlyEquality(field: string, op: Op, pos: number): void {
  if (op !== ':' && op !== ':=') fail(`Unsupported operator ${op} for search field: ${field}`, pos, "':' or ':='");
}

/** Text fields: `:` substring, `:=` exact, r"…" regex; `:<` and friends search for the operator as text. */
function textValue(v: RawValue, op: Op, kind: 'text' | 'user', field: string): TermValue {
  if (v.kind === 'regex') {
    if (kind === 'user') fail(`Regular expression is not supported for search field: ${field}`, v.pos);
    // The same compilation runs the pattern on SQLite (RE2, linear time); PostgreSQL gets only patterns RE2 accepts.
    const compiled = compileUserRegex(v.pattern);
    if (!compiled.ok) fail(compiled.error.charAt(0).toUpperCase() + compiled.error.slice(1), v.pos);
    return { kind: 'regex', pattern: v.pattern };
  }
  const text = onlyText(field, v);
  const literal = op === ':' || op === ':=' ? text : op.slice(1) + text;
  if (kind === 'user') return { kind: 'text', match: 'exact', text: literal };
  return { kind: 'text', match: op === ':=' ? 'exact' : 'substring', text: literal };
}

function integer(text: string, pos: number): number {
  const s = text.trim();
  if (!/^[+-]?\d{1,15}$/.test(s)) fail(`Could not parse numeric value: ${text}`, pos);
  return Number(s);
}

function stateValue(text: string, pos: number): number {
  const s = text.trim().toLowerCase();
  const state = own(STATE_NAMES, s);
  if (state !== undefined) return state;
  if (/^\d{1,3}$/.test(s)) return Number(s);
  fail(`Unsupported state: ${text}`, pos);
}

function dateValue(text: string, pos: number, now: Date): DateInterval {
  const d = parseDate(text, now);
  if (!d) fail(`Could not parse timestamp: ${text}`, pos);
  return d;
}

function typed(field: string, kind: FieldKind, op: Op, v: RawValue, now: Date, opPos: number): TermValue {
  switch (kind) {
    case 'text':
    case 'user':
      return textValue(v, op, kind, field);
    case 'code': {
      onlyEquality(field, op, opPos);
      return { kind: 'text', match: 'exact', text: onlyText(field, v) };
    }
    case 'number':
    case 'id':
    case 'state': {
      const parse = kind === 'state' ? stateValue : integer;
      if (v.kind === 'regex') fail(`Regular expression is not supported for search field: ${field}`, v.pos);
      if (v.kind === 'range') return { kind: 'range', from: parse(v.from, v.pos), to: parse(v.to, v.toPos) };
      if (kind === 'id' && (op === ':' || op === ':=') && v.text.includes(',')) {
        let at = v.pos;
        const values = v.text.split(',').map((part) => {
          const n = integer(part, at);
          at += part.length + 1;
          return n;
        });
        return { kind: 'numbers', values };
      }
      return { kind: 'number', cmp: CMP[op], value: parse(v.text, v.pos) };
    }
    case 'bool': {
      onlyEquality(field, op, opPos);
      const text = onlyText(field, v).toLowerCase();
      const value = own(BOOL_VALUES, text);
      if (value === undefined) fail(`Unsupported boolean value: ${text}`, v.pos, 'yes or no');
      return { kind: 'bool', value };
    }
    case 'date': {
      if (v.kind === 'regex') fail(`Regular expression is not supported for search field: ${field}`, v.pos);
      if (v.kind === 'range') {
        const from = dateValue(v.from, v.pos, now);
        const to = dateValue(v.to, v.toPos, now);
        return { kind: 'date', lower: bound(from.start, true), upper: bound(to.end, false) };
      }
      return dateTerm(CMP[op], dateValue(v.text, v.pos, now));
    }
    case 'action': {
      onlyEquality(field, op, opPos);
      const text = onlyText(field, v).trim();
      const codes = /^\d{1,3}$/.test(text) ? [Number(text)] : ACTION_LOOKUP.get(text.toLowerCase());
      if (!codes) fail(`Unsupported change action: ${text}`, v.pos);
      return { kind: 'numbers', values: codes };
    }
    case 'path': {
      onlyEquality(field, op, opPos);
      return { kind: 'path', segments: onlyText(field, v).split('/').filter((s) => s !== '') };
    }
    case 'has':
    case 'is': {
      onlyEquality(field, op, opPos);
      const text = onlyText(field, v);
      const name = own(kind === 'has' ? HAS_VALUES : IS_VALUES, text.toLowerCase());
      if (!name) fail(`Unsupported lookup for ${kind}: ${text}`, v.pos);
      return { kind: 'flag', name };
    }
  }
}

const bound = (d: Date, inclusive: boolean): DateBound => ({ iso: d.toISOString(), inclusive });

/** A day/month/year (`period`) compares from its start for `>`/`>=` and up to its end for `<`/`<=`. */
function dateTerm(cmp: Cmp, d: DateInterval): TermValue {
  switch (cmp) {
    case '=':
      return { kind: 'date', lower: bound(d.start, true), upper: bound(d.end, false) };
    case '>=':
      return { kind: 'date', lower: bound(d.start, true), upper: null };
    case '>':
      return { kind: 'date', lower: d.period ? bound(d.start, false) : bound(d.end, true), upper: null };
    case '<=':
      return { kind: 'date', lower: null, upper: bound(d.end, false) };
    case '<':
      return { kind: 'date', lower: null, upper: d.period ? bound(d.end, false) : bound(d.start, false) };
  }
}
