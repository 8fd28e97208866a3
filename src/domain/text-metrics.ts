// Word and character counts of source strings, the units of the words/chars statistics.
import { PLURAL_SEPARATOR } from './plurals.js';

export function countWords(forms: readonly string[]): number {
  let n = 0;
  for (const s of forms) {
    for (const w of s.split(/\s+/)) if (w) n++;
  }
  return n;
}

/**
 * Characters (code points) of the source as stored: its plural forms with the separator between them
 * (two characters each), which is what the character statistics count.
 */
export function countChars(forms: readonly string[]): number {
  let n = 0;
  for (const s of forms) n += [...s].length;
  return n + PLURAL_SEPARATOR.length * Math.max(0, forms.length - 1);
}
