// User-configured checks: placeholders:… (literal or r"regex" placeholders that must survive) and regex:… on the translation.
import type { Check } from './registry.js';
import { PASS, fail } from './result.js';
import type { Flags } from './flags.js';
import { compileUserRegex } from './safe-regex.js';
import { msgid } from '../shared/msgid.js';

/** The placeholder strings the source form expects, from literal and regex placeholder flags. */
function expectedPlaceholders(source: string, flags: Flags, caseInsensitive: boolean): { literal: string[]; regexes: RegExp[] } {
  const literal: string[] = [];
  const regexes: RegExp[] = [];
  for (const p of flags.params('placeholders') ?? []) {
    if (p.raw) {
      const compiled = compileUserRegex(p.value, caseInsensitive ? 'gi' : 'g');
      if (compiled.ok) regexes.push(compiled.regex);
    } else if (p.value !== '') {
      // A literal placeholder is expected only when the source form uses it (plural forms differ).
      const found = caseInsensitive ? source.toLowerCase().includes(p.value.toLowerCase()) : source.includes(p.value);
      if (found) literal.push(p.value);
    }
  }
  return { literal, regexes };
}

function matches(regex: RegExp, text: string): string[] {
  regex.lastIndex = 0;
  return [...text.matchAll(regex)].map((m) => m[0]).filter((m) => m !== '');
}

export const PLACEHOLDER_CHECKS: readonly Check[] = [
  {
    id: 'placeholders',
    name: msgid('Placeholders'),
    description: msgid('Translation is missing some placeholders'),
    explanation: msgid('The string has a placeholders flag listing texts (or a regular expression for them) that the program replaces, and the translation lacks some of them or has extra ones. Copy every placeholder of the source into the translation unchanged (ignoring case with the case-insensitive flag).'),
    enableFlags: ['placeholders'],
    check(sources, targets, ctx) {
      const caseInsensitive = ctx.flags.has('case-insensitive');
      const norm = (s: string): string => (caseInsensitive ? s.toLowerCase() : s);
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const source = sources[Math.min(i, sources.length - 1)]!;
        const { literal, regexes } = expectedPlaceholders(source, ctx.flags, caseInsensitive);
        const missing = literal.filter((p) => !norm(target).includes(norm(p)));
        const extra: string[] = [];
        for (const regex of regexes) {
          const src = new Set(matches(regex, source).map(norm));
          const tgt = new Set(matches(regex, target).map(norm));
          for (const m of src) if (!tgt.has(m)) missing.push(m);
          for (const m of tgt) if (!src.has(m)) extra.push(m);
        }
        if (missing.length || extra.length) {
          const parts: string[] = [];
          if (missing.length) parts.push(`Translation is missing some placeholders: ${missing.join(', ')}`);
          if (extra.length) parts.push(`Translation has extra placeholders: ${extra.join(', ')}`);
          return fail(parts.join('; '));
        }
      }
      return PASS;
    },
  },
  {
    id: 'regex',
    name: msgid('Regular expression'),
    description: msgid('Translation does not match regular expression'),
    explanation: msgid('The string has a regex flag: the translation must match that regular expression (for example only certain characters, or a fixed pattern of an identifier). Change the translation so that it matches; the flag\'s pattern is shown with the failure.'),
    enableFlags: ['regex'],
    check(_sources, targets, ctx) {
      const pattern = ctx.flags.value('regex');
      if (!pattern) return PASS;
      const compiled = compileUserRegex(pattern);
      // A refused pattern was reported when the flag was saved (validateCheckFlags); do not hang or blame the translator.
      if (!compiled.ok) return PASS;
      for (const target of targets) {
        if (target !== '' && !compiled.regex.test(target)) return fail(`Translation does not match regular expression: ${pattern}`);
      }
      return PASS;
    },
  },
];

/**
 * Problems with the user-supplied patterns in `flags` (invalid or dangerous regular
 * expressions, a non-numeric max-length or max-lines, an accelerator marker that is not one
 * punctuation character), for the API to reject when flags are saved.
 */
export function validateCheckFlags(flags: Flags): string[] {
  const errors: string[] = [];
  const regex = flags.value('regex');
  if (flags.has('regex')) {
    const compiled = compileUserRegex(regex ?? '');
    if (!regex) errors.push('regex: missing pattern');
    else if (!compiled.ok) errors.push(`regex: ${compiled.error}`);
  }
  for (const p of flags.params('placeholders') ?? []) {
    if (!p.raw) continue;
    const compiled = compileUserRegex(p.value, 'g');
    if (!compiled.ok) errors.push(`placeholders: ${compiled.error}`);
  }
  for (const name of ['max-length', 'max-lines']) {
    if (flags.has(name) && flags.intValue(name) === undefined) errors.push(`${name}: expected a number`);
  }
  const marker = flags.value('accelerator');
  if (flags.has('accelerator') && (marker === undefined || !/^[!-/:-@[-`{-~]$/.test(marker))) errors.push('accelerator: expected a single punctuation character');
  return errors;
}
