// Fluent checks: fluent-source-syntax, fluent-target-syntax, fluent-parts and fluent-references, on one message in the reference's block form (value, then ".attr = …" lines).
import type { Check } from './registry.js';
import { PASS, fail, type CheckResult } from './result.js';
import { memoize } from './memo.js';
import { msgid } from '../shared/msgid.js';

/** A message as Weblate stores it: the value (null when the message has none) and its attributes. */
interface FluentBlock {
  value: string | null;
  attributes: Map<string, string>;
}

const ATTRIBUTE_LINE = /^\s*\.([a-zA-Z][\w-]*)\s*=\s?(.*)$/;

/** Splits a block into its value and its ".name = text" attributes; other lines continue the part above. */
function splitBlock(text: string): FluentBlock | string {
  const attributes = new Map<string, string>();
  const value: string[] = [];
  let attribute: string | undefined;
  for (const line of text.split('\n')) {
    const m = ATTRIBUTE_LINE.exec(line);
    if (m) {
      attribute = m[1]!;
      if (attributes.has(attribute)) return `Attribute ".${attribute}" appears twice`;
      attributes.set(attribute, m[2]!);
    } else if (attribute === undefined) {
      value.push(line);
    } else {
      attributes.set(attribute, `${attributes.get(attribute)}\n${line}`);
    }
  }
  const joined = value.join('\n');
  return { value: joined.trim() === '' ? null : joined, attributes };
}

const MAX_DEPTH = 32;
const IDENTIFIER = /[a-zA-Z][\w-]*/y;
const FUNCTION_NAME = /^[A-Z][A-Z0-9_-]*$/;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const SPACES = /[ \t\n\r]*/y;

class FluentSyntaxError extends Error {}

/**
 * A recursive-descent reader of one Fluent pattern (text with placeables), collecting the
 * references it makes. Every step consumes input, and nesting is bounded, so it is linear.
 */
class PatternReader {
  pos = 0;

  constructor(private readonly s: string) {}

  private error(message: string): never {
    throw new FluentSyntaxError(`${message} at position ${this.pos}`);
  }

  private skipSpaces(): void {
    SPACES.lastIndex = this.pos;
    SPACES.exec(this.s);
    this.pos = SPACES.lastIndex;
  }

  private sticky(re: RegExp): string | undefined {
    re.lastIndex = this.pos;
    const m = re.exec(this.s);
    if (!m) return undefined;
    this.pos = re.lastIndex;
    return m[0];
  }

  /** Text and placeables; inside a variant, up to the next variant key at a line start or the closing brace. */
  pattern(depth: number, inVariant: boolean): Set<string> {
    const refs = new Set<string>();
    while (this.pos < this.s.length) {
      const c = this.s[this.pos]!;
      if (c === '{') {
        this.pos++;
        for (const r of this.placeable(depth + 1)) refs.add(r);
        continue;
      }
      if (c === '}') {
        if (inVariant) return refs;
        this.error('Unbalanced closing brace');
      }
      if (inVariant && c === '\n') {
        // A new line starting with "[" or "*[" (after indentation) starts the next variant.
        let k = this.pos + 1;
        while (this.s[k] === ' ' || this.s[k] === '\t') k++;
        if (this.s[k] === '[' || (this.s[k] === '*' && this.s[k + 1] === '[') || this.s[k] === '}') return refs;
      }
      this.pos++;
    }
    if (inVariant) this.error('Unterminated select expression');
    return refs;
  }

  /** After "{": an inline expression, or a select expression, then "}". */
  private placeable(depth: number): Set<string> {
    if (depth > MAX_DEPTH) this.error('Placeables nested too deeply');
    this.skipSpaces();
    const selector = this.inline(depth);
    this.skipSpaces();
    if (this.s.startsWith('->', this.pos)) {
      this.pos += 2;
      // The selector alone is no use of its references: a variant may say "one file" without { $n }.
      const refs = this.variants(depth);
      this.expect('}');
      return refs;
    }
    this.expect('}');
    return selector;
  }

  private expect(ch: string): void {
    this.skipSpaces();
    if (this.s[this.pos] !== ch) this.error(this.pos >= this.s.length ? `Expected "${ch}"` : `Expected "${ch}", found "${this.s[this.pos]}"`);
    this.pos++;
  }

  private variants(depth: number): Set<string> {
    const refs = new Set<string>();
    let count = 0;
    let defaults = 0;
    for (;;) {
      this.skipSpaces();
      if (this.s[this.pos] === '}' || this.pos >= this.s.length) break;
      if (this.s[this.pos] === '*') {
        defaults++;
        this.pos++;
      }
      if (this.s[this.pos] !== '[') this.error('Expected a variant key "[…]"');
      this.pos++;
      this.skipSpaces();
      if (!this.sticky(NUMBER) && !this.sticky(IDENTIFIER)) this.error('Invalid variant key');
      this.expect(']');
      count++;
      for (const r of this.pattern(depth, true)) refs.add(r);
    }
    if (count === 0) this.error('A select expression needs variants');
    if (defaults !== 1) this.error('A select expression needs exactly one default variant "*[…]"');
    return refs;
  }

  /** An inline expression; returns the references it makes. */
  private inline(depth: number): Set<string> {
    const refs = new Set<string>();
    const c = this.s[this.pos];
    if (c === '"') {
      this.pos++;
      while (this.pos < this.s.length && this.s[this.pos] !== '"' && this.s[this.pos] !== '\n') this.pos += this.s[this.pos] === '\\' ? 2 : 1;
      if (this.s[this.pos] !== '"') this.error('Unterminated string literal');
      this.pos++;
      return refs;
    }
    if (c === '{') {
      this.pos++;
      return this.placeable(depth + 1);
    }
    if (c === '$') {
      this.pos++;
      const id = this.sticky(IDENTIFIER) ?? this.error('Expected a variable name after "$"');
      refs.add(`$${id}`);
      return refs;
    }
    if (c === '-' && /[a-zA-Z]/.test(this.s[this.pos + 1] ?? '')) {
      this.pos++;
      const id = this.sticky(IDENTIFIER)!;
      const attr = this.attribute();
      refs.add(`-${id}${attr}`);
      if (this.s[this.pos] === '(') this.callArguments(depth);
      return refs;
    }
    if (this.sticky(NUMBER) !== undefined) return refs;
    const id = this.sticky(IDENTIFIER);
    if (id === undefined) this.error(this.pos >= this.s.length ? 'Unterminated placeable' : `Unexpected "${this.s[this.pos]}" in a placeable`);
    if (this.s[this.pos] === '(') {
      if (!FUNCTION_NAME.test(id)) this.error(`Function names are upper case: ${id}`);
      for (const r of this.callArguments(depth)) refs.add(r);
      return refs;
    }
    refs.add(`${id}${this.attribute()}`);
    return refs;
  }

  private attribute(): string {
    if (this.s[this.pos] !== '.') return '';
    this.pos++;
    const name = this.sticky(IDENTIFIER) ?? this.error('Expected an attribute name after "."');
    return `.${name}`;
  }

  /** "(" positional and named ("name: value") arguments ")". */
  private callArguments(depth: number): Set<string> {
    const refs = new Set<string>();
    this.pos++; // "("
    for (;;) {
      this.skipSpaces();
      if (this.s[this.pos] === ')') break;
      const start = this.pos;
      const name = this.sticky(IDENTIFIER);
      this.skipSpaces();
      if (name !== undefined && this.s[this.pos] === ':') {
        this.pos++;
        this.skipSpaces();
        if (this.s[this.pos] === '"') this.inline(depth);
        else if (this.sticky(NUMBER) === undefined) this.error('Named arguments take a string or a number');
      } else {
        this.pos = start;
        for (const r of this.inline(depth)) refs.add(r);
      }
      this.skipSpaces();
      if (this.s[this.pos] === ',') {
        this.pos++;
        continue;
      }
      if (this.s[this.pos] !== ')') this.error('Expected "," or ")" in call arguments');
    }
    this.pos++; // ")"
    return refs;
  }
}

interface FluentParse {
  error?: string;
  block?: FluentBlock;
  /** References of the value ('' key) and of each attribute. */
  references?: Map<string, Set<string>>;
}

const parseFluent = memoize((text: string): FluentParse => {
  const block = splitBlock(text);
  if (typeof block === 'string') return { error: block };
  const references = new Map<string, Set<string>>();
  const parts: [string, string | null][] = [['', block.value], ...[...block.attributes].map(([k, v]) => [`.${k}`, v] as [string, string])];
  for (const [key, pattern] of parts) {
    if (pattern === null) continue;
    try {
      const reader = new PatternReader(pattern);
      references.set(key, reader.pattern(0, false));
    } catch (e) {
      if (e instanceof FluentSyntaxError) return { error: `${key ? `Attribute ${key}: ` : ''}${e.message}` };
      throw e;
    }
  }
  return { block, references };
}, 256);

function eachForm(single: (source: string, target: string) => string | false) {
  return (sources: readonly string[], targets: readonly string[]): CheckResult => {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i]!;
      if (target === '') continue;
      const result = single(sources[Math.min(i, sources.length - 1)]!, target);
      if (result !== false) return fail(result);
    }
    return PASS;
  };
}

const describeSet = (s: Iterable<string>): string => [...s].map((r) => `{ ${r} }`).join(', ');

export const FLUENT_CHECKS: readonly Check[] = [
  {
    id: 'fluent-target-syntax',
    name: msgid('Fluent translation syntax'),
    description: msgid('Fluent syntax error in translation'),
    explanation:
      msgid('The string has the fluent-target-syntax flag and the translation is not valid Fluent: a placeable "{ … }" is not closed, a literal brace is not written as { "{" }, a select expression lacks its one default variant "*[other]", or an attribute line ".name = …" is repeated. Fix the syntax; the Fluent guide describes it at projectfluent.org.'),
    enableFlags: ['fluent-target-syntax'],
    check: eachForm((_s, t) => {
      const error = parseFluent(t).error;
      return error ? `Fluent syntax error: ${error}` : false;
    }),
  },
  {
    id: 'fluent-parts',
    name: msgid('Fluent parts'),
    description: msgid('Fluent parts should match'),
    explanation:
      msgid('The string has the fluent-parts flag and the translated message does not have the same parts as the source: it has a value where the source has none (or the other way round), or its attributes (".title = …" lines) differ. Translate every attribute of the source under its own name and add no others.'),
    enableFlags: ['fluent-parts'],
    check: eachForm((s, t) => {
      const src = parseFluent(s).block;
      const tgt = parseFluent(t).block;
      if (!src || !tgt) return false; // the syntax checks report it
      // Terms ("-brand") always have a value and their attributes are per language.
      if ((src.value === null) !== (tgt.value === null)) return src.value === null ? 'The translation has a value, the source has none' : 'The translation has no value';
      const missing = [...src.attributes.keys()].filter((a) => !tgt.attributes.has(a));
      const extra = [...tgt.attributes.keys()].filter((a) => !src.attributes.has(a));
      if (!missing.length && !extra.length) return false;
      const parts: string[] = [];
      if (missing.length) parts.push(`Missing attributes: ${missing.map((a) => `.${a}`).join(', ')}`);
      if (extra.length) parts.push(`Extra attributes: ${extra.map((a) => `.${a}`).join(', ')}`);
      return parts.join('; ');
    }),
  },
  {
    id: 'fluent-references',
    name: msgid('Fluent references'),
    description: msgid('Fluent references should match'),
    explanation:
      msgid('The string has the fluent-references flag and the translation does not use the same references as the source in its value or in one of its attributes: variables { $name }, messages { other-message }, terms { -brand } and their attributes. Keep every reference of the source and add none; inside a select expression, a variant may leave out the variable the expression selects on.'),
    enableFlags: ['fluent-references'],
    check: eachForm((s, t) => {
      const src = parseFluent(s).references;
      const tgt = parseFluent(t).references;
      if (!src || !tgt) return false;
      for (const [part, refs] of src) {
        const other = tgt.get(part) ?? new Set<string>();
        const missing = [...refs].filter((r) => !other.has(r));
        const extra = [...other].filter((r) => !refs.has(r));
        const where = part ? ` in ${part}` : '';
        if (missing.length) return `Missing references${where}: ${describeSet(missing)}`;
        if (extra.length) return `Extra references${where}: ${describeSet(extra)}`;
      }
      for (const [part, refs] of tgt) if (!src.has(part) && refs.size) return `Extra references in ${part || 'the value'}: ${describeSet(refs)}`;
      return false;
    }),
  },
  {
    id: 'fluent-source-syntax',
    name: msgid('Fluent source syntax'),
    description: msgid('Fluent syntax error in source'),
    explanation:
      msgid('The string has the fluent-source-syntax flag and the source is not valid Fluent, so translators cannot write a valid translation of it. Fix the source: close every placeable, write literal braces as { "{" }, and give every select expression one default variant "*[other]".'),
    enableFlags: ['fluent-source-syntax'],
    sourceCheck: true,
    check(sources) {
      for (const source of sources) {
        const error = parseFluent(source).error;
        if (error) return fail(`Fluent syntax error: ${error}`);
      }
      return PASS;
    },
  },
];
