// Typography checks: end_interrobang, end_semicolon, punctuation_spacing, kashida, multiple_capital, kabyle-characters, accelerator.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail } from './result.js';
import { baseLanguage, endsWithInterrobang, perForm } from './chars.js';
import { msgid } from '../shared/msgid.js';

/** Entities at the end ("&amp;", "&#59;") end with ";" without being a semicolon. */
function stripTrailingEntities(s: string): string {
  let text = s;
  for (;;) {
    if (!text.endsWith(';')) return text;
    const amp = text.lastIndexOf('&');
    if (amp < 0 || text.length - amp > 34 || !ENTITY.test(text.slice(amp))) return text;
    text = text.slice(0, amp);
  }
}
const ENTITY = /^&(?:[A-Za-z][A-Za-z0-9]{0,31}|#\d{1,8}|#[xX][0-9A-Fa-f]{1,8});$/;

/** Any of the entities inside a text, for the scan of French punctuation ("&quot;" is no semicolon). */
const ENTITIES = /&(?:[A-Za-z][A-Za-z0-9]{0,31}|#\d{1,8}|#[xX][0-9A-Fa-f]{1,8});/g;

// The tatweel and the Arabic presentation forms that are only a tatweel with a mark on it.
const KASHIDA = new Set(['\u0640', '\ufcf2', '\ufcf3', '\ufcf4', '\ufe71', '\ufe77', '\ufe79', '\ufe7b', '\ufe7d', '\ufe7f']);
const ARABIC_LETTER = /^\p{Script=Arabic}$/u;

/**
 * A run of kashidas between two Arabic letters stretches a word ("كـــتاب"); a lone tatweel elsewhere
 * (a list marker, a quoted character) is left alone.
 */
function stretchedWord(text: string): boolean {
  if (!/[\u0640\ufcf2-\ufcf4\ufe71\ufe77\ufe79\ufe7b\ufe7d\ufe7f]/.test(text)) return false;
  const chars = [...text];
  for (let i = 1; i < chars.length; i++) {
    if (!KASHIDA.has(chars[i]!) || KASHIDA.has(chars[i - 1]!)) continue;
    let end = i;
    while (end < chars.length && KASHIDA.has(chars[end]!)) end++;
    if (end < chars.length && ARABIC_LETTER.test(chars[i - 1]!) && ARABIC_LETTER.test(chars[end]!)) return true;
    i = end;
  }
  return false;
}

const FRENCH_DOUBLE = new Set([':', ';', '?', '!']);
// A normal, no-break, narrow no-break or thin space before the sign is typographically right.
const FRENCH_SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009']);
// After the sign: a space, an opening or closing bracket, or the end; anything else ("10:30", "http://") is no sentence punctuation.
const AFTER_SIGN = /^[\p{Zs}\p{Ps}\p{Pe}]$/u;
const URL = /[a-z][a-z0-9+.-]*:\/\/\S*/gi;

/** The double punctuation signs of a French text that lack the space before them, in order of appearance. */
function unspacedFrench(text: string): string[] {
  let t = text.includes('&') ? text.replace(ENTITIES, ' ') : text;
  if (t.includes('://')) t = t.replace(URL, (m) => ' '.repeat(m.length));
  const found: string[] = [];
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (!FRENCH_DOUBLE.has(c)) continue;
    // "?!" takes one space in front of the run, so the run is one sign.
    if (i > 0 && FRENCH_DOUBLE.has(t[i - 1]!)) continue;
    let end = i;
    while (end + 1 < t.length && FRENCH_DOUBLE.has(t[end + 1]!)) end++;
    const next = t[end + 1];
    if (i > 0 && next !== undefined && !AFTER_SIGN.test(next)) continue;
    if ((i === 0 || !FRENCH_SPACES.has(t[i - 1]!)) && !found.includes(c)) found.push(c);
  }
  return found;
}

const UPPERCASE_RUN = /\p{Lu}{2}/u;

// Greek and Latin look-alikes that Kabyle texts get instead of the Latin letters of the Kabyle alphabet.
const KABYLE_CONFUSABLES: Readonly<Record<string, string>> = {
  'γ': 'ɣ',
  'Γ': 'Ɣ',
  'ε': 'ɛ',
  'Ε': 'Ɛ',
  'ğ': 'ǧ',
  'Ğ': 'Ǧ',
};
const KABYLE_WRONG = /[γΓεΕğĞ]/gu;

/** Markers of accelerator keys in `text`; a doubled marker is a literal one (as msgfmt reads it). */
function countAccelerators(text: string, marker: string): number {
  let n = 0;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    if (text[at + 1] === marker) {
      at++;
      continue;
    }
    n++;
  }
  return n;
}

const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

function acceleratorMarker(ctx: CheckContext): string | undefined {
  return ctx.flags.value('accelerator');
}

export const TYPOGRAPHY_CHECKS: readonly Check[] = [
  perForm(
    'end_interrobang',
    msgid('Mismatched interrobang'),
    msgid('Source and translation do not both end with an interrobang expression'),
    msgid('The source ends with a combined question and exclamation ("?!", "!?", "⁈", "⁉" or their full-width and Arabic forms) and the translation does not, or the other way round. Use the interrobang of the target language at the end, in either order.'),
    (s, t) => (endsWithInterrobang(s) !== endsWithInterrobang(t) ? msgid('Source and translation do not both end with an interrobang expression') : false),
  ),
  perForm(
    'end_semicolon',
    msgid('Mismatched semicolon'),
    msgid('Source and translation do not both end with a semicolon'),
    msgid('The source ends with a semicolon and the translation does not, or the other way round. A semicolon at the end usually continues a list or a statement, so keep it (or leave it out) as the source does. Entities such as "&amp;" do not count as a semicolon.'),
    (s, t, ctx) => {
      // Greek writes the question mark as ";": that is end_question's business.
      if (baseLanguage(ctx.language) === 'el' && s.endsWith('?')) return false;
      const src = stripTrailingEntities(s);
      const tgt = stripTrailingEntities(t);
      if (!src || !tgt) return false;
      return src.endsWith(';') !== tgt.endsWith(';') ? msgid('Source and translation do not both end with a semicolon') : false;
    },
  ),
  {
    id: 'punctuation_spacing',
    name: msgid('Punctuation spacing'),
    description: msgid('Missing non breakable space before double punctuation sign'),
    explanation:
      msgid('French puts a space before the double punctuation signs ":", ";", "?" and "!" (a no-break space before a colon, a narrow no-break space before the others). Add the space before the sign; a plain space is accepted too. The check looks at French translations only (not fr_CA) and ignores signs inside URLs and times such as "10:30".'),
    check(_sources, targets, ctx) {
      if (baseLanguage(ctx.language) !== 'fr' || /^fr[_-]CA$/i.test(ctx.language)) return PASS;
      for (const target of targets) {
        if (target === '') continue;
        const missing = unspacedFrench(target);
        if (missing.length) return fail(`Missing non breakable space before punctuation ${missing.length > 1 ? 'marks' : 'mark'} ${missing.join(' ')}`);
      }
      return PASS;
    },
  },
  {
    id: 'kashida',
    name: msgid('Kashida letter used'),
    description: msgid('The decorative kashida letters should not be used'),
    explanation:
      msgid('The translation stretches an Arabic word with kashida (tatweel, U+0640, or its presentation forms). Kashida is justification for print; in a user interface it breaks search, copying and line wrapping. Remove it and let the text renderer justify the line.'),
    check(_sources, targets) {
      return targets.some(stretchedWord) ? fail(msgid('The decorative kashida letters should not be used')) : PASS;
    },
  },
  perForm(
    'multiple_capital',
    msgid('Multiple capitals'),
    msgid('Translation contains words with multiple misplaced capital letters'),
    msgid('The translation has two capital letters in a row ("HEllo", "ÉTat") while the source has none, which usually means the Shift key was held too long. Write the word with the capitalisation the language uses. Abbreviations such as "PDF" in a source without capitals trigger it too: dismiss the check there.'),
    (s, t) => (UPPERCASE_RUN.test(t) && !UPPERCASE_RUN.test(s) ? msgid('Translation contains words with multiple misplaced capital letters') : false),
  ),
  {
    id: 'kabyle-characters',
    name: msgid('Non-standard characters in Kabyle'),
    description: msgid('Use standardized Latin Kabyle characters (e.g. ɣ instead of Greek γ; ɛ instead of ε)'),
    explanation:
      msgid('The Kabyle translation uses look-alike letters from other alphabets: Greek γ and ε, or ğ with a breve, instead of the Latin ɣ, ɛ and ǧ of the Kabyle alphabet. They look the same but sort, search and spell-check differently. Replace them with the standard letters.'),
    check(_sources, targets, ctx) {
      if (baseLanguage(ctx.language) !== 'kab') return PASS;
      const wrong = new Set<string>();
      for (const target of targets) for (const m of target.matchAll(KABYLE_WRONG)) wrong.add(m[0]);
      if (!wrong.size) return PASS;
      return fail(`Use standardized Latin Kabyle characters: ${[...wrong].map((c) => `${KABYLE_CONFUSABLES[c]} instead of ${c}`).join(', ')}`);
    },
  },
  {
    id: 'accelerator',
    name: msgid('Accelerator key'),
    description: msgid('Source and translation contain inconsistent accelerator keys'),
    explanation:
      msgid('The string has the accelerator:<marker> flag (for example accelerator:& or accelerator:_): the character after the marker is the keyboard shortcut of a menu item or button. The translation must have exactly as many markers as the source, and at most one. Place the marker before a letter of the translated word; a doubled marker ("&&") is a literal character.'),
    enableFlags: ['accelerator'],
    check(sources, targets, ctx) {
      const marker = acceleratorMarker(ctx);
      if (marker === undefined) return PASS;
      if (marker.length !== 1 || !PUNCTUATION.test(marker)) return fail(`The accelerator marker must be a single punctuation character, not "${marker}"`);
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const expected = countAccelerators(sources[Math.min(i, sources.length - 1)]!, marker);
        const actual = countAccelerators(target, marker);
        if (actual > 1) return fail(`The translation has ${actual} accelerator keys (${marker}), at most one is allowed`);
        if (actual !== expected) return fail(`The translation has ${actual} accelerator keys (${marker}), the source ${expected}`);
      }
      return PASS;
    },
  },
];
