// Word and character counts of source strings, the units of the words/chars statistics.
export function countWords(forms: readonly string[]): number {
  let n = 0;
  for (const s of forms) {
    for (const w of s.split(/\s+/)) if (w) n++;
  }
  return n;
}

export function countChars(forms: readonly string[]): number {
  let n = 0;
  for (const s of forms) n += [...s].length;
  return n;
}
