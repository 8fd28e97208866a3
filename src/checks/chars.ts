// Checks on leading/trailing characters: newlines, spaces and sentence punctuation with per-script equivalents.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail, type CheckResult } from './result.js';
import { msgid } from '../shared/msgid.js';

/** Base language code: "zh" for "zh_Hans", "pt" for "pt-BR". */
export function baseLanguage(code: string): string {
  const cut = code.search(/[_\-@]/);
  return (cut < 0 ? code : code.slice(0, cut)).toLowerCase();
}

function isLanguage(ctx: CheckContext, codes: ReadonlySet<string>): boolean {
  return codes.has(baseLanguage(ctx.language));
}

/** Last UTF-16 unit is enough: every punctuation mark below is in the BMP. */
const lastChar = (s: string): string => s[s.length - 1] ?? '';

/** Fails when exactly one of source and target ends with a character from `chars`. */
function endsDiffer(source: string, target: string, chars: ReadonlySet<string>): boolean {
  if (!source || !target) return false;
  return chars.has(lastChar(source)) !== chars.has(lastChar(target));
}

type SingleCheck = (source: string, target: string, ctx: CheckContext) => string | false;

const INTERROBANGS = ['?!', '!?', '؟!', '!؟', '？！', '！？', '⁈', '⁉'];

/** Ends with a combined question and exclamation, which end_interrobang looks after. */
export function endsWithInterrobang(s: string): boolean {
  return INTERROBANGS.some((i) => s.endsWith(i));
}

/** Runs a per-form check over the plural forms, pairing target i with the matching source form. */
export function perForm(id: string, name: string, description: string, explanation: string, single: SingleCheck): Check {
  return {
    id,
    name,
    description,
    explanation,
    check(sources, targets, ctx): CheckResult {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const source = sources[Math.min(i, sources.length - 1)]!;
        const result = single(source, target, ctx);
        if (result !== false) return fail(result);
      }
      return PASS;
    },
  };
}

const set = (...chars: string[]): ReadonlySet<string> => new Set(chars);

// Full stops of the scripts the reference knows: CJK 。, Devanagari danda ।, Urdu ۔, Armenian ։,
// Greek ano teleia ·, Sinhala ෴, Khmer ។, Ethiopic ።.
const STOPS = set('.', '。', '।', '۔', '։', '·', '෴', '។', '።');
const STOPS_INDIC = set('.', '।', '|'); // "|" for danda is not typographically right but widespread
const STOPS_JA_AFTER_COLON = set(';', ':', '：', '.', '。');
const STOPS_HY = set('.', '。', '।', '۔', '։', '·', '෴', '។', ':', '՝', '?', '!', '`');
const COLONS = set(':', '：', '៖');
const QUESTIONS = set('?', '՞', '؟', '⸮', '？', '፧', '꘏', '⳺');
const QUESTIONS_EL = set('?', ';', '\u037e'); // Greek writes the question mark as ";" (U+037E)
const EXCLAMATIONS = set('!', '！', '՜', '᥄', '႟', '߹');
const ELLIPSIS = set('…');

// Languages without the mark at all: the check would only produce noise there.
const NO_STOP = set('th', 'jbo');
const INDIC = set('hi', 'bn', 'or', 'mr', 'ne');
const JA = set('ja');
const HY = set('hy');
const EL = set('el');
const JBO = set('jbo');
// Armenian puts ՜ and ՞ over the stressed vowel inside the word, not at the end.
const NO_END_EXCLAMATION = set('hy', 'jbo');
const NO_END_QUESTION_END = set('jbo');
const FRENCH_SPACING = set('fr', 'br');
const ENDS_DOUBLE_PUNCTUATION = /[:!?;] ?$/;
const ARMENIAN_QUESTION = /[՞?]/;

const leadingSpaces = (s: string): number => {
  let k = 0;
  while (s.charCodeAt(k) === 32) k++;
  return k;
};

export const CHAR_CHECKS: readonly Check[] = [
  perForm('begin_newline', msgid('Starting newline'), msgid('Source and translation do not both start with a newline'), msgid('Newlines at the start of a string usually separate it from text the program writes before it. Start the translation with a newline exactly when the source does.'), (s, t) =>
    s.startsWith('\n') !== t.startsWith('\n') ? msgid('Source and translation do not both start with a newline') : false,
  ),
  perForm('end_newline', msgid('Trailing newline'), msgid('Source and translation do not both end with a newline'), msgid('Newlines at the end of a string usually separate it from what the program writes next. End the translation with a newline exactly when the source does.'), (s, t) =>
    s.endsWith('\n') !== t.endsWith('\n') ? msgid('Source and translation do not both end with a newline') : false,
  ),
  perForm('begin_space', msgid('Starting spaces'), msgid('Source and translation do not both start with same number of spaces'), msgid('Leading spaces usually indent the text or separate it from what comes before it in the interface. Start the translation with the same number of spaces as the source. One-character strings and translations made only of spaces are not checked.'), (s, t) => {
    // One-character strings are usually separators (" ", ","), translated freely.
    if (s.length <= 1 && t.length <= 1) return false;
    const tSpaces = leadingSpaces(t);
    if (tSpaces === t.length) return false; // translated to spaces only
    const sSpaces = leadingSpaces(s);
    return sSpaces !== tSpaces ? `Source starts with ${sSpaces} spaces, translation with ${tSpaces}` : false;
  }),
  perForm('end_space', msgid('Trailing space'), msgid('Source and translation do not both end with a space'), msgid('A trailing space usually separates the string from a value or widget that follows it. End the translation with a space exactly when the source does. French and Breton may handle the space before a final ":", "!", "?" or ";" their own way.'), (s, t, ctx) => {
    if (s.length <= 1 && t.length <= 1) return false;
    // French and Breton put a (non-breaking) space before ":", "!", "?" and ";": whatever
    // the translator did with the space there is a typographic choice.
    if (isLanguage(ctx, FRENCH_SPACING) && ENDS_DOUBLE_PUNCTUATION.test(s)) return false;
    if (t.trim() === '') return false;
    return s.endsWith(' ') !== t.endsWith(' ') ? msgid('Source and translation do not both end with a space') : false;
  }),
  perForm('end_stop', msgid('Mismatched full stop'), msgid('Source and translation do not both end with a full stop'), msgid('The source ends with a full stop and the translation does not, or the other way round. Use the full stop of the target language ("。" in Chinese and Japanese, "।" in Hindi, "۔" in Urdu). Strings of four characters or fewer, Thai and "..." translated as "…" are not checked.'), (s, t, ctx) => {
    // Short strings may be abbreviations ("Mr.", "etc.") translated without a stop.
    if (s.length <= 4) return false;
    if (isLanguage(ctx, NO_STOP)) return false;
    // "..." may become "…", which is a different check's business.
    if (s.endsWith('...') && t.endsWith('…')) return false;
    let chars = STOPS;
    if (isLanguage(ctx, JA) && (s.endsWith(':') || s.endsWith(';'))) chars = STOPS_JA_AFTER_COLON;
    else if (isLanguage(ctx, HY)) chars = STOPS_HY;
    else if (isLanguage(ctx, INDIC)) chars = STOPS_INDIC;
    return endsDiffer(s, t, chars) ? msgid('Source and translation do not both end with a full stop') : false;
  }),
  perForm('end_colon', msgid('Mismatched colon'), msgid('Source and translation do not both end with a colon'), msgid('The source ends with a colon (often a label before a value) and the translation does not, or the other way round. Use the colon of the target language ("：" in Chinese). Japanese labels may end without one.'), (s, t, ctx) => {
    if (isLanguage(ctx, JBO)) return false;
    // Japanese often ends a label with nothing or with "：" / a full stop; only an added colon is wrong.
    if (isLanguage(ctx, JA) && COLONS.has(lastChar(s))) return false;
    return endsDiffer(s, t, COLONS) ? msgid('Source and translation do not both end with a colon') : false;
  }),
  perForm('end_question', msgid('Mismatched question mark'), msgid('Source and translation do not both end with a question mark'), msgid('The source ends with a question mark and the translation does not, or the other way round. Use the question mark of the target language ("؟" in Arabic, ";" in Greek, "？" full width).'), (s, t, ctx) => {
    if (isLanguage(ctx, NO_END_QUESTION_END)) return false;
    if (endsWithInterrobang(s) || endsWithInterrobang(t)) return false; // end_interrobang's business
    if (isLanguage(ctx, HY) && QUESTIONS.has(lastChar(s)) && ARMENIAN_QUESTION.test(t)) return false;
    const chars = isLanguage(ctx, EL) ? QUESTIONS_EL : QUESTIONS;
    return endsDiffer(s, t, chars) ? msgid('Source and translation do not both end with a question mark') : false;
  }),
  perForm(
    'end_exclamation',
    msgid('Mismatched exclamation mark'),
    msgid('Source and translation do not both end with an exclamation mark'),
    msgid('The source ends with an exclamation mark and the translation does not, or the other way round. Use the exclamation mark of the target language ("！" full width). Armenian puts it over a vowel inside the word and is not checked.'),
    (s, t, ctx) => {
      if (isLanguage(ctx, NO_END_EXCLAMATION)) return false;
      if (endsWithInterrobang(s) || endsWithInterrobang(t)) return false; // end_interrobang's business
      // "Texy!" is a product name, not an exclamation.
      if (s.endsWith('Texy!') || t.endsWith('Texy!')) return false;
      return endsDiffer(s, t, EXCLAMATIONS) ? msgid('Source and translation do not both end with an exclamation mark') : false;
    },
  ),
  perForm('end_ellipsis', msgid('Mismatched ellipsis'), msgid('Source and translation do not both end with an ellipsis'), msgid('The source ends with an ellipsis character (…) and the translation does not, or the other way round. An ellipsis usually says that a dialog follows. End the translation with "…" exactly when the source ends with an ellipsis; three dots in the source may become "…" in the translation.'), (s, t, ctx) => {
    if (isLanguage(ctx, JBO)) return false;
    // Three dots in the source may be typeset as a real ellipsis in the translation.
    if (s.endsWith('...') && t.endsWith('…')) return false;
    return endsDiffer(s, t, ELLIPSIS) ? msgid('Source and translation do not both end with an ellipsis') : false;
  }),
];
