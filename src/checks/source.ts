// Source checks, for the developers of the source strings: optional_plural, ellipsis, source-max-length, unnamed_format, icu_message_format_syntax, multiple_failures, long_untranslated.
import type { Check } from './registry.js';
import { PASS, fail } from './result.js';
import { baseLanguage } from './chars.js';
import { applyReplacements } from './length.js';
import { unnamedPlaceholders } from './format-strings.js';
import { parseIcu } from './icu.js';
import { msgid } from '../shared/msgid.js';

// "file(s)": a word, "(s)", then the end or a non-word character.
const OPTIONAL_PLURAL = /\w\(s\)(?!\w)/u;
const TAG = /<[^<>]*>/g;
/** English source strings leave room for languages that need more words for the same thing. */
const ENGLISH_SHARE = 0.85;
/** How long a string stays untranslated before long_untranslated looks at it. */
const UNTRANSLATED_DAYS = 90;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const SOURCE_CHECKS: readonly Check[] = [
  {
    id: 'optional_plural',
    name: msgid('Unpluralised'),
    description: msgid('The string is used as plural, but not using plural forms'),
    explanation:
      msgid('The source writes a plural with "(s)" ("%d file(s)") instead of using plural forms. Many languages change more than an ending with the number, so translators cannot write such a string correctly. Use the plural-aware call of the program\'s i18n library (ngettext and the like) with a singular and a plural source.'),
    sourceCheck: true,
    check(sources) {
      if (sources.length > 1) return PASS;
      return OPTIONAL_PLURAL.test(sources[0]!) ? fail(msgid('The string is used as plural, but not using plural forms')) : PASS;
    },
  },
  {
    id: 'ellipsis',
    name: msgid('Ellipsis'),
    description: msgid('The string uses three dots (...) instead of an ellipsis character (…)'),
    explanation:
      msgid('The source uses three dots ("...") where the ellipsis character ("…") belongs. The character renders better, keeps the dots together when lines wrap, and is read correctly by screen readers. Replace the three dots with "…" in the source.'),
    sourceCheck: true,
    check(sources) {
      return sources[0]!.includes('...') ? fail(msgid('The string uses three dots (...) instead of an ellipsis character (…)')) : PASS;
    },
  },
  {
    id: 'source-max-length',
    name: msgid('Source longer than the limit'),
    description: msgid('The source string leaves no room within the maximum length of its translations'),
    explanation:
      msgid('The string has a max-length:N flag and the source itself comes too close to N: an English source may use at most 85 % of the limit, as translations are often longer; a source in another language must fit the limit. Shorten the source or raise the limit. Placeholders are measured with the replacements flag, and tags are not counted with xml-text.'),
    enableFlags: ['max-length'],
    sourceCheck: true,
    check(sources, _targets, ctx) {
      if (!ctx.flags.has('max-length')) return PASS;
      const limit = ctx.flags.intValue('max-length');
      if (limit === undefined) return fail('The max-length flag is not a number');
      const allowed = baseLanguage(ctx.language) === 'en' ? Math.floor(limit * ENGLISH_SHARE) : limit;
      for (const source of sources) {
        let text = applyReplacements(source, ctx);
        if (ctx.flags.has('xml-text') && text.includes('<')) text = text.replace(TAG, '');
        const length = codePoints(text);
        if (length > allowed) return fail(`The source is ${length} characters long, more than ${allowed} of the limit ${limit}`);
      }
      return PASS;
    },
  },
  {
    id: 'unnamed_format',
    name: msgid('Multiple unnamed variables'),
    description: msgid('There are multiple unnamed variables in the string, making it impossible for translators to reorder them'),
    explanation:
      msgid('The source has two or more placeholders that take their value by position ("%s of %s", "{} {}"), so a translation must keep their order even where its grammar needs another one. Number or name them instead ("%1$s of %2$s", "{count} {name}"). The check looks at the format flags of the string (c-format, python-format, python-brace-format …).'),
    sourceCheck: true,
    check(sources, _targets, ctx) {
      return unnamedPlaceholders(sources[0]!, ctx) >= 2
        ? fail(msgid('There are multiple unnamed variables in the string, making it impossible for translators to reorder them'))
        : PASS;
    },
  },
  {
    id: 'icu_message_format_syntax',
    name: msgid('ICU MessageFormat syntax'),
    description: msgid('Syntax errors in ICU MessageFormat strings'),
    explanation:
      msgid('The string has the icu-message-format flag and the source is not valid ICU MessageFormat: a brace is not closed, a plural or select has no "other" case, or an argument type is unknown. Translators cannot write a valid translation of a broken source; fix the source.'),
    enableFlags: ['icu-message-format'],
    sourceCheck: true,
    check(sources) {
      for (const source of sources) {
        if (!source.includes('{') && !source.includes('}') && !source.includes("'")) continue;
        const error = parseIcu(source).error;
        if (error) return fail(`Syntax error: ${error}`);
      }
      return PASS;
    },
  },
  {
    id: 'multiple_failures',
    name: msgid('Multiple failing checks'),
    description: msgid('The translations in several languages have failing checks'),
    explanation:
      msgid('The translations of this string fail quality checks in two or more languages. That often points at the source: a missing full stop, a stray space or a placeholder that translators keep fixing. Look at the failing checks of the translations and improve the source string.'),
    sourceCheck: true,
    check(_sources, _targets, ctx) {
      const count = ctx.sourceFacts?.failingTranslations;
      return count !== undefined && count >= 2 ? fail(`The translations in ${count} languages have failing checks`) : PASS;
    },
  },
  {
    id: 'long_untranslated',
    name: msgid('Long untranslated'),
    description: msgid('The string has not been translated for a long time'),
    explanation:
      msgid('The string is older than 90 days and is translated in less than half as many languages as the component on average. Translators may be skipping it because it is unclear, too long or hard to translate. Add an explanation or context, or simplify the source.'),
    sourceCheck: true,
    check(_sources, _targets, ctx) {
      const facts = ctx.sourceFacts;
      if (!facts || facts.ageDays === undefined || facts.translatedPercent === undefined || facts.componentTranslatedPercent === undefined) return PASS;
      if (facts.ageDays < UNTRANSLATED_DAYS) return PASS;
      return 2 * facts.translatedPercent < facts.componentTranslatedPercent ? fail(msgid('The string has not been translated for a long time')) : PASS;
    },
  },
];
