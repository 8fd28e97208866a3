// Finds glossary terms in a text: case-insensitive whole-word (and multi-word) matching, substring matching for scripts written without spaces.

/**
 * Scripts written without spaces between words: a term in them is found as a substring, and
 * their characters never join a word of another script ("使用Git仓库" has the word "git").
 */
const NO_SPACE = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\p{Script=Tibetan}';
const NO_SPACE_CHAR = new RegExp(`[${NO_SPACE}]`, 'u');
const WORD = new RegExp(`(?:(?![${NO_SPACE}])[\\p{L}\\p{M}\\p{N}])+`, 'gu');

/** Case folding used on both sides of every comparison. */
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** The words of a text, folded; punctuation and the no-space scripts separate them. */
export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** Whether a term is matched as a substring (it contains characters of a no-space script). */
export function isSubstringTerm(term: string): boolean {
  return NO_SPACE_CHAR.test(term);
}

function indexOfSequence(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Whether `phrase` occurs in `text` by the same rules as glossary matching (used by check_glossary). */
export function containsPhrase(text: string, phrase: string): boolean {
  if (isSubstringTerm(phrase)) return fold(text).includes(fold(phrase).trim());
  const needle = words(phrase);
  if (needle.length === 0) return fold(text).includes(fold(phrase).trim());
  return indexOfSequence(words(text), needle) >= 0;
}

interface WordEntry<T> {
  words: string[];
  term: T;
}

/**
 * An index of terms built once (per glossary and language, see glossary.service) and queried per
 * text: word terms are keyed by their first word, so matching costs one map lookup per word of the
 * text instead of a scan of every term; substring terms are keyed by their first character.
 */
export class GlossaryIndex<T extends { source: string }> {
  private readonly byWord = new Map<string, WordEntry<T>[]>();
  private readonly byChar = new Map<string, { folded: string; term: T }[]>();
  readonly size: number;

  constructor(terms: readonly T[]) {
    let size = 0;
    for (const term of terms) {
      const text = term.source.trim();
      if (!text) continue;
      if (isSubstringTerm(text)) {
        const folded = fold(text);
        const first = String.fromCodePoint(folded.codePointAt(0)!);
        let list = this.byChar.get(first);
        if (!list) this.byChar.set(first, (list = []));
        list.push({ folded, term });
        size++;
        continue;
      }
      const w = words(text);
      if (w.length === 0) continue; // punctuation only: nothing a word could match
      let list = this.byWord.get(w[0]!);
      if (!list) this.byWord.set(w[0]!, (list = []));
      list.push({ words: w, term });
      size++;
    }
    this.size = size;
  }

  /** The terms occurring in `text`, each once, in the order of their first occurrence. */
  match(text: string): T[] {
    const found: { at: number; term: T }[] = [];
    const seen = new Set<T>();
    const folded = fold(text);
    if (this.byWord.size) {
      const tokens = [...folded.matchAll(WORD)];
      for (let i = 0; i < tokens.length; i++) {
        const candidates = this.byWord.get(tokens[i]![0]);
        if (!candidates) continue;
        for (const c of candidates) {
          if (seen.has(c.term) || i + c.words.length > tokens.length) continue;
          let same = true;
          for (let j = 1; j < c.words.length && same; j++) same = tokens[i + j]![0] === c.words[j];
          if (same) {
            seen.add(c.term);
            found.push({ at: tokens[i]!.index, term: c.term });
          }
        }
      }
    }
    if (this.byChar.size) {
      let offset = 0;
      for (const ch of folded) {
        const candidates = this.byChar.get(ch);
        if (candidates) {
          for (const c of candidates) {
            if (seen.has(c.term) || !folded.startsWith(c.folded, offset)) continue;
            seen.add(c.term);
            found.push({ at: offset, term: c.term });
          }
        }
        offset += ch.length;
      }
    }
    return found.sort((a, b) => a.at - b.at).map((f) => f.term);
  }
}
