// Glossary checks: check_glossary (the glossary's translation of every term found in the source) and prohibited_initial_character.
import { containsPhrase } from '../domain/glossary-matcher.js';
import { PASS, fail, type CheckResult } from './result.js';
import type { Check, CheckContext } from './registry.js';
import { msgid } from '../shared/msgid.js';

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

// CSV formula triggers (CSV injection) and any space separator.
const PROHIBITED_INITIAL = /^[=+\-@|%\p{Zs}]/u;

export const GLOSSARY_CHECKS: readonly Check[] = [
  {
    id: 'check_glossary',
    name: msgid('Does not follow glossary'),
    description: msgid('The translation does not follow terms defined in a glossary.'),
    explanation: msgid('The string has the check-glossary flag and the source contains a glossary term whose glossary translation is not in the translation, or the translation uses a term the glossary forbids. Use the glossary\'s translation of the term (shown next to the editor), keep read-only terms as they are, or change the glossary if it is wrong.'),
    enableFlags: ['check-glossary'],
    check: glossaryFailure,
  },
  {
    id: 'prohibited_initial_character',
    name: msgid('Prohibited initial character'),
    description: msgid('The string starts with a prohibited character in CSV'),
    explanation:
      msgid('A glossary term or its translation starts with "=", "+", "-", "@", "|", "%" or a space. Spreadsheet programs read such a cell of the exported CSV as a formula (a way to run commands on the computer that opens the file), and leading spaces make terms hard to find. Remove the character or reword the term. Only glossaries are checked.'),
    check(sources, targets, ctx) {
      if (!ctx.isGlossary) return PASS;
      const bad = [...sources, ...targets].find((s) => PROHIBITED_INITIAL.test(s));
      return bad === undefined ? PASS : fail(`The string starts with a character that spreadsheets read as a formula or that hides the term: ${JSON.stringify(bad[0])}`);
    },
  },
];
