// check_glossary: the translation must use the glossary's translation of every term found in the source.
import { containsPhrase } from '../domain/glossary-matcher.js';
import { PASS, fail, type CheckResult } from './result.js';
import type { Check, CheckContext } from './registry.js';

/** A glossary term as the check sees it (filled by unit-checks from the project's glossaries). */
export interface GlossaryCheckTerm {
  source: string;
  /** The term in the target language; '' when the glossary has no translation yet (then not checked). */
  target: string;
  /** The term must not appear in the translation. */
  forbidden?: boolean;
  /** The term stays untranslated: the translation must contain the source term. */
  readOnly?: boolean;
}

/**
 * A term with several glossary entries (the same source with different translations or contexts) is
 * satisfied by any of them, as in the reference; forbidden entries fail when their text is used.
 */
export function glossaryFailure(sources: readonly string[], targets: readonly string[], ctx: CheckContext): CheckResult {
  if (!ctx.glossary) return PASS;
  const target = targets.join('\n');
  const missing = new Map<string, boolean>(); // term source → satisfied
  const forbidden = new Set<string>();
  for (const source of sources) {
    for (const term of ctx.glossary(source)) {
      const expected = term.readOnly ? term.source : term.target;
      if (!expected) continue;
      if (term.forbidden) {
        if (containsPhrase(target, expected)) forbidden.add(expected);
        continue;
      }
      if (missing.get(term.source)) continue;
      missing.set(term.source, containsPhrase(target, expected));
    }
  }
  const unmet = [...missing].filter(([, ok]) => !ok).map(([s]) => s);
  if (!unmet.length && !forbidden.size) return PASS;
  const parts: string[] = [];
  if (unmet.length) parts.push(`Glossary terms not followed: ${unmet.join(', ')}`);
  if (forbidden.size) parts.push(`Forbidden translation used: ${[...forbidden].join(', ')}`);
  return fail(parts.join('; '));
}

export const GLOSSARY_CHECKS: readonly Check[] = [
  {
    id: 'check_glossary',
    name: 'Does not follow glossary',
    description: 'The translation does not follow terms defined in a glossary.',
    enableFlags: ['check-glossary'],
    check: glossaryFailure,
  },
];
