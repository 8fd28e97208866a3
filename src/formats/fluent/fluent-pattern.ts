// Fluent patterns as Parla's texts: the pattern's source without its indentation, and back; plural selects by CLDR category.

import { FunctionReference, Identifier, Pattern, Placeable, SelectExpression, VariableReference, type Variant } from '@fluent/syntax';
import { CLDR_CATEGORIES } from '../json/json-store.js';

/** How an empty text is written: Fluent has no empty pattern. */
export const EMPTY_PATTERN = '{ "" }';

/** A pattern's source text, its indentation and the text Parla shows for it. */
export interface PatternSource {
  /** The pattern's characters in the entry's source, e.g. `Hello\n    world`. */
  raw: string;
  /** True when the pattern starts on its own line (`key =\n    text`). */
  block: boolean;
  /** Indentation removed from its lines ('' when it has one inline line). */
  indent: string;
  text: string;
}

/** The source of a pattern whose raw characters are `raw`. */
export function readPattern(raw: string): PatternSource {
  const lines = raw.split('\n');
  const block = /^[ \t]/.test(raw);
  const indented = block ? lines : lines.slice(1);
  let indent: string | null = null;
  for (const line of indented) {
    if (line.trim() === '') continue;
    const lead = /^[ ]*/.exec(line)![0];
    if (indent === null || lead.length < indent.length) indent = lead;
  }
  const cut = indent ?? '';
  const text = lines.map((line, i) => (i === 0 && !block ? line : line.startsWith(cut) ? line.slice(cut.length) : line.trimStart())).join('\n');
  return { raw, block, indent: cut, text: text === EMPTY_PATTERN ? '' : text };
}

/** The raw characters for `text` in the layout of `like` (its indentation, block or inline start). */
export function writePattern(text: string, like: Pick<PatternSource, 'block' | 'indent'>, defaultIndent: string): string {
  if (text === '') return EMPTY_PATTERN;
  const indent = like.indent || defaultIndent;
  return text
    .split('\n')
    .map((line, i) => ((i === 0 && !like.block) || line === '' ? line : indent + line))
    .join('\n');
}

/** The select of a pattern that is one select on a number variable with CLDR category keys only; null otherwise. */
export function pluralSelect(pattern: Pattern | null): SelectExpression | null {
  if (!pattern || pattern.elements.length !== 1) return null;
  const only = pattern.elements[0];
  if (!(only instanceof Placeable) || !(only.expression instanceof SelectExpression)) return null;
  const select = only.expression;
  const selector = select.selector;
  const onVariable =
    selector instanceof VariableReference ||
    (selector instanceof FunctionReference && selector.id.name === 'NUMBER' && selector.arguments.positional[0] instanceof VariableReference);
  if (!onVariable) return null;
  const plural = select.variants.every((v: Variant) => v.key instanceof Identifier && CLDR_CATEGORIES.includes(v.key.name));
  return plural ? select : null;
}

/** The variant of `select` keyed `category`. */
export const variantOf = (select: SelectExpression, category: string): Variant | undefined =>
  select.variants.find((v) => v.key instanceof Identifier && v.key.name === category);
