// Counting checks: max-length, max-lines, newline-count, escaped_newline, zero-width-space, double_space.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail } from './result.js';
import { baseLanguage } from './chars.js';
import { msgid } from '../shared/msgid.js';

function count(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** Length in code points (what the reference's Python len() counts), computed only when it matters. */
function codePointLength(s: string, limit: number): number {
  // UTF-16 length is an upper bound; most strings are far below the limit.
  if (s.length <= limit) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * replacements:FROM:TO:… expands placeables before measuring ("%s" → "John Doe"), as the
 * reference does for max-length, so the limit holds for realistic values.
 */
export function applyReplacements(text: string, ctx: CheckContext): string {
  const params = ctx.flags.params('replacements');
  if (!params || params.length < 2) return text;
  let out = text;
  for (let i = 0; i + 1 < params.length; i += 2) out = out.split(params[i]!.value).join(params[i + 1]!.value);
  return out;
}

// Khmer, Lao, Burmese and Thai do not separate words with spaces and use U+200B as the
// line-break hint, so it is expected there.
const ZWSP_LANGUAGES = new Set(['km', 'lo', 'my', 'th']);

function countingCheck(id: string, name: string, needle: string, label: string, description: string, explanation: string): Check {
  return {
    id,
    name,
    description,
    explanation,
    check(sources, targets) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const source = sources[Math.min(i, sources.length - 1)]!;
        const expected = count(source, needle);
        const actual = count(target, needle);
        if (expected !== actual) return fail(`Number of ${label} in translation (${actual}) does not match source (${expected})`);
      }
      return PASS;
    },
  };
}

export const LENGTH_CHECKS: readonly Check[] = [
  {
    id: 'max-length',
    name: msgid('Maximum length of translation'),
    description: msgid('Translation should not exceed given length'),
    explanation: msgid('The string has a max-length:N flag (the space available in the interface) and the translation is longer than N characters. Shorten it, for example with a shorter synonym or an abbreviation the language uses. Placeholders are measured with the values of the replacements flag when it is set.'),
    enableFlags: ['max-length'],
    check(_sources, targets, ctx) {
      const limit = ctx.flags.intValue('max-length');
      if (limit === undefined) return PASS;
      for (const target of targets) {
        const length = codePointLength(applyReplacements(target, ctx), limit);
        if (length > limit) return fail(`Translation is ${length} characters long, the limit is ${limit}`);
      }
      return PASS;
    },
  },
  {
    id: 'max-lines',
    name: msgid('Maximum number of lines'),
    description: msgid('Translation should not exceed given number of lines'),
    explanation:
      msgid('The string has a max-lines:N flag (a display, terminal or box with room for N lines) and a form of the translation has more than N lines. Join lines or shorten the text so that it fits. Placeholders are expanded with the replacements flag before counting.'),
    enableFlags: ['max-lines'],
    check(_sources, targets, ctx) {
      const limit = ctx.flags.intValue('max-lines');
      if (limit === undefined) return PASS;
      for (const target of targets) {
        const text = applyReplacements(target, ctx);
        let lines = 1;
        for (let i = text.indexOf('\n'); i >= 0 && lines <= limit; i = text.indexOf('\n', i + 1)) lines++;
        if (lines > limit) return fail(`Translation has more than ${limit} ${limit === 1 ? 'line' : 'lines'}`);
      }
      return PASS;
    },
  },
  countingCheck('newline-count', msgid('Mismatching line breaks'), '\n', 'line breaks', msgid('Number of line breaks in translation does not match source'), msgid('The translation has a different number of line breaks than the source. Line breaks usually lay out program output or a fixed-size label, so use as many as the source does.')),
  // A literal backslash-n, as in C or Java sources where "\n" is still escaped in the string.
  countingCheck('escaped_newline', msgid('Mismatched \\n'), '\\n', '\\n', msgid('Number of \\n in translation does not match source'), msgid('The translation has a different number of escaped newlines (the two characters \\n) than the source. The program turns them into line breaks, so write as many as the source does.')),
  {
    id: 'zero-width-space',
    name: msgid('Zero-width space'),
    description: msgid('Translation contains extra zero-width space character'),
    explanation: msgid('The translation contains a zero-width space (U+200B), which the source does not. It is invisible but breaks search and some programs, and usually comes from copying text. Remove it; Khmer, Lao, Burmese and Thai use it as a line-break hint and are not checked.'),
    check(sources, targets, ctx) {
      if (ZWSP_LANGUAGES.has(baseLanguage(ctx.language))) return PASS;
      if (sources.some((s) => s.includes('\u200b'))) return PASS;
      return targets.some((t) => t.includes('\u200b')) ? fail(msgid('Translation contains extra zero-width space character')) : PASS;
    },
  },
  {
    id: 'double_space',
    name: msgid('Double space'),
    description: msgid('Translation contains double space'),
    explanation: msgid('The translation contains two spaces in a row, which the source does not. It is usually a typing mistake; use a single space.'),
    check(sources, targets) {
      // A double space in the source is intentional (alignment), so it may stay.
      if (sources.some((s) => s.includes('  '))) return PASS;
      return targets.some((t) => t.includes('  ')) ? fail(msgid('Translation contains double space')) : PASS;
    },
  },
];
