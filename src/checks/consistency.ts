// Consistency checks: same (unchanged), plurals, same-plurals, duplicate words, inconsistent, reused, translated.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail } from './result.js';
import { baseLanguage } from './chars.js';
import { FORMAT_FLAG_PARSERS } from './format-strings.js';
import { msgid } from '../shared/msgid.js';

/**
 * Words that commonly stay the same in every language (product and technical terms, units);
 * a string made only of them is not reported as untranslated unless the unit has strict-same.
 */
const SAME_IGNORED_WORDS = new Set(
  (
    'abc about admin android api app audio auto avatar backend bitcoin blog bluetooth bzip2 cd cm cpu css csv cvs ' +
    'dark data debian debug demo design dns docker dpi dvd e-mail email emoji esperanto expert export facebook faq ' +
    'firmware flash font fps ftp gb gib gif git github gitlab gmail gnome gnu google gpl gps gpu gzip hardware hd ' +
    'html http https id ide imap imei import info instagram internet ios ip irc isbn jabber java javascript jpeg ' +
    'jpg json kb kde kg kib km latex linkedin linux login logo mac macos mail markdown mb menu mib min mm mp3 ms ' +
    'mysql name news normal ok online open os pdf php png pop3 port portal post pro proxy python rss sdk server ' +
    'sftp sha sms smtp sql ssh ssl status stop svg tab tb telegram text tib tls total twitter ubuntu ui unicode ' +
    'unix url usb utf-8 video vpn web webhook wifi wiki windows www x xml xmpp yaml youtube zip'
  ).split(' '),
);

const MAX_STRIPPED = 64;
const URL_OR_EMAIL = /(?:https?|ftps?):\/\/\S+|www\.\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
const TAGS_AND_ENTITIES = /<[^>]*>|&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);/g;
const MD_LINK_TARGET = /\]\([^)]*\)/g;
const LETTER = /\p{L}/u;
const WORD = /[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.-]*/gu;

/**
 * Whether an unchanged `source` has nothing a translator could translate: once placeholders of
 * the unit's format flags, URLs, e-mail addresses, tags and entities are removed, it has no
 * letters left (numbers, "%s: %d", "https://weblate.org"), or only words from the list above.
 */
function untranslatable(source: string, ctx: CheckContext): boolean {
  let text = source;
  const placeholders = new Set<string>();
  for (const [flag, parser] of FORMAT_FLAG_PARSERS) {
    if (ctx.flags.has(flag)) for (const placeholder of parser(source).texts.values()) placeholders.add(placeholder);
  }
  // Longest first, so that "%10$s" goes before "%1$s"; each removal is a pass over the text, so only
  // the first MAX_STRIPPED count (a string with more is not a sentence anyone translates word by word).
  const longestFirst = [...placeholders].sort((a, b) => b.length - a.length).slice(0, MAX_STRIPPED);
  for (const placeholder of longestFirst) text = text.split(placeholder).join(' ');
  if (ctx.flags.has('placeholders')) {
    for (const p of ctx.flags.params('placeholders') ?? []) if (!p.raw && p.value) text = text.split(p.value).join(' ');
  }
  text = text.replace(URL_OR_EMAIL, ' ').replace(TAGS_AND_ENTITIES, ' ');
  if (ctx.flags.has('md-text')) text = text.replace(MD_LINK_TARGET, ' ');
  if (!LETTER.test(text)) return true;
  if (ctx.flags.has('strict-same')) return false;
  const words = text.toLowerCase().match(WORD) ?? [];
  // Single letters ("A", "x") are labels, not language.
  return words.every((w) => SAME_IGNORED_WORDS.has(w) || SAME_IGNORED_WORDS.has(w.replace(/[.'’-]+$/, '')) || !LETTER.test(w) || w.length === 1);
}

/**
 * Repeated words that are grammatical in the language ("nous nous" in French reflexives,
 * "die die" in German relative clauses), so a repetition of them is not reported.
 */
const DUPLICATE_ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  af: new Set(['dat']),
  cs: new Set(['se']),
  de: new Set(['sie', 'die', 'das', 'der']),
  en: new Set(['that', 'had']),
  es: new Set(['que']),
  fr: new Set(['vous', 'nous']),
  hu: new Set(['hogy']),
  it: new Set(['che']),
  nl: new Set(['die', 'dat']),
  pl: new Set(['się']),
  pt: new Set(['que']),
  ru: new Set(['что']),
  tl: new Set(['na']),
};
const WORD_CHARS = /[\p{L}\p{M}\p{N}]+/gu;
const DIGITS = /^\p{N}+$/u;

/** Lower-cased words that appear twice in a row, separated only by whitespace. */
function consecutiveDuplicates(text: string): Set<string> | undefined {
  let found: Set<string> | undefined;
  let previous: string | undefined;
  let previousEnd = 0;
  WORD_CHARS.lastIndex = 0;
  for (let m = WORD_CHARS.exec(text); m; m = WORD_CHARS.exec(text)) {
    const word = m[0].toLowerCase();
    if (previous === word && m.index > previousEnd && onlySpace(text, previousEnd, m.index) && !DIGITS.test(word)) {
      (found ??= new Set()).add(word);
    }
    previous = word;
    previousEnd = m.index + m[0].length;
  }
  return found;
}

function onlySpace(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xa0 && c !== 0x3000) return false;
  }
  return true;
}

const sameArrays = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export const CONSISTENCY_CHECKS: readonly Check[] = [
  {
    id: 'same',
    name: msgid('Unchanged translation'),
    description: msgid('Source and translation are identical'),
    explanation: msgid('The translation is the same as the source, so it was probably left untranslated. Translate it; if the text really stays the same in the language (a product name, a code), dismiss the check. Strings with nothing to translate (numbers, URLs, placeholders, common international words) are not reported unless the string has the strict-same flag.'),
    check(sources, targets, ctx) {
      // en_GB from an English source is legitimately identical for most strings.
      if (baseLanguage(ctx.language) === baseLanguage(ctx.sourceLanguage ?? 'en')) return PASS;
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        const source = sources[Math.min(i, sources.length - 1)]!;
        if (target === '' || target !== source) continue;
        if (!untranslatable(source, ctx)) return fail(msgid('Source and translation are identical'));
      }
      return PASS;
    },
  },
  {
    id: 'plurals',
    name: msgid('Missing plurals'),
    description: msgid('Some plural forms are not translated'),
    explanation: msgid('Some plural forms of the translation are empty while others are filled in. The program shows nothing (or the source) for the numbers of an empty form, so translate every form; the plural formula next to the editor says which numbers each form is for.'),
    check(sources, targets) {
      if (sources.length === 1 || targets.length === 1) return PASS;
      const empty = targets.map((t, i) => (t === '' ? i : -1)).filter((i) => i >= 0);
      // All empty is "untranslated", not a quality problem.
      if (empty.length === 0 || empty.length === targets.length) return PASS;
      return fail(`Some plural forms are not translated: form ${empty.join(', ')}`);
    },
  },
  {
    id: 'same-plurals',
    name: msgid('Same plurals'),
    description: msgid('Some plural forms are translated in the same way'),
    explanation: msgid('Every plural form of the translation is the same text. Most languages change the word with the number, so check that each form suits its numbers; dismiss the check when the language really uses one form here.'),
    check(sources, targets) {
      if (sources.length === 1 || targets.length < 2 || targets[0] === '') return PASS;
      return targets.every((t) => t === targets[0]) ? fail('All plural forms are translated in the same way') : PASS;
    },
  },
  {
    id: 'duplicate',
    name: msgid('Consecutive duplicated words'),
    description: msgid('Text contains the same word twice in a row'),
    explanation: msgid('The translation repeats a word ("the the"), which is usually a typing mistake. Remove the repetition; repetitions copied from the source and ones the grammar needs ("nous nous", "die die") are not reported.'),
    check(sources, targets, ctx) {
      const allowed = DUPLICATE_ALLOWED[baseLanguage(ctx.language)];
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const duplicates = consecutiveDuplicates(target);
        if (!duplicates) continue;
        // Repetition copied from the source is intentional ("Bora Bora", "ha ha").
        const inSource = consecutiveDuplicates(sources[Math.min(i, sources.length - 1)]!);
        const reported = [...duplicates].filter((w) => !inSource?.has(w) && !allowed?.has(w));
        if (reported.length) return fail(`Text contains the same word twice in a row: ${reported.join(', ')}`);
      }
      return PASS;
    },
  },
  {
    id: 'inconsistent',
    name: msgid('Inconsistent'),
    description: msgid('This string has more than one translation in this project or is not translated in some components'),
    explanation: msgid('The same source string is translated differently, or not at all, in another component of the project. Users then see two wordings for one thing. Use one translation everywhere, or dismiss the check when the contexts really need different wordings.'),
    check(_sources, targets, ctx) {
      const others = ctx.otherTranslations;
      if (!others || others.length === 0) return PASS;
      for (const other of others) {
        if (sameArrays(other, targets)) continue;
        return other.every((t) => t === '')
          ? fail('This string is not translated in some components')
          : fail('This string has more than one translation in this project');
      }
      return PASS;
    },
  },
  {
    id: 'reused',
    name: msgid('Reused translation'),
    description: msgid('Different strings are translated the same'),
    explanation:
      msgid('Another string of the project, with a different source, has exactly this translation in this language. Users then cannot tell the two apart (two menu items with one name). Make the translations differ as the sources do, or dismiss the check when one wording really fits both. Languages with a single plural form are not checked, as they often merge what the source tells apart.'),
    check(sources, targets, ctx) {
      const others = ctx.sameTargetSources;
      if (!others || others.length === 0 || ctx.pluralCount <= 1) return PASS;
      if (targets.every((t) => t === '')) return PASS;
      const differing = others.filter((other) => !sameArrays(other, sources));
      if (!differing.length) return PASS;
      return fail(`The same translation is used for a different source: ${differing.slice(0, 3).map((o) => `"${o[0]}"`).join(', ')}`);
    },
  },
  {
    id: 'translated',
    name: msgid('Has been translated'),
    description: msgid('This string has been translated in the past'),
    explanation: msgid('The string is untranslated (or needs editing) now, but its history holds a translation. This happens when a translation was lost in a file update or reverted in the repository. Look at the history and restore the old translation if it still fits.'),
    runsOnUntranslated: true,
    check(_sources, targets, ctx) {
      const translated = ctx.unitTranslated ?? targets.some((t) => t !== '');
      if (translated) return PASS;
      const previous = ctx.previousTarget;
      if (!previous || previous.every((t) => t === '')) return PASS;
      // Needs-editing units that still hold the old text are not "lost" translations.
      if (sameArrays(previous, targets)) return PASS;
      return fail(msgid('This string has been translated in the past'));
    },
  },
];
