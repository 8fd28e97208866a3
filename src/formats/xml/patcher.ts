// Collects replacements of character ranges of an original text and applies them in one pass.

export type Patch = [start: number, end: number, replacement: string];

/**
 * Edits of the original document text by offset, so that everything outside the edited ranges
 * is written back untouched. `set` on a range that was already set replaces the earlier
 * replacement (an edit made twice writes the last value); `insert` adds text at a point, several
 * inserts at one point keep their order. Ranges must not overlap otherwise (apply() throws).
 */
export class TextPatcher {
  private readonly ranges = new Map<string, Patch>();
  private readonly inserts: { at: number; seq: number; text: string }[] = [];
  private seq = 0;

  constructor(readonly original: string) {}

  /** Replaces original[start, end) with `replacement` (a later set of the same range wins). */
  set(start: number, end: number, replacement: string): void {
    if (start < 0 || end < start || end > this.original.length) throw new RangeError(`bad patch range ${start}..${end}`);
    this.ranges.set(`${start}:${end}`, [start, end, replacement]);
  }

  /** Forgets a replacement made with set(start, end, ...): the original text comes back. */
  unset(start: number, end: number): void {
    this.ranges.delete(`${start}:${end}`);
  }

  /** Inserts `text` at original offset `at` (before a replacement starting at the same offset). */
  insert(at: number, text: string): void {
    if (at < 0 || at > this.original.length) throw new RangeError(`bad insert offset ${at}`);
    this.inserts.push({ at, seq: this.seq++, text });
  }

  /** True when some replacement or insertion is pending. */
  get changed(): boolean {
    return this.ranges.size > 0 || this.inserts.length > 0;
  }

  /** The original text with every replacement and insertion applied. */
  apply(): string {
    if (!this.changed) return this.original;
    const patches: { start: number; end: number; text: string; order: number }[] = [];
    for (const { at, seq, text } of this.inserts) patches.push({ start: at, end: at, text, order: seq });
    for (const [start, end, text] of this.ranges.values()) patches.push({ start, end, text, order: Number.MAX_SAFE_INTEGER });
    patches.sort((a, b) => a.start - b.start || a.order - b.order || a.end - b.end);
    const parts: string[] = [];
    let at = 0;
    for (const p of patches) {
      if (p.start < at) throw new Error(`overlapping patches at offset ${p.start}`);
      parts.push(this.original.slice(at, p.start), p.text);
      at = p.end;
    }
    parts.push(this.original.slice(at));
    return parts.join('');
  }
}

/** Applies [start, end, replacement] patches (non-overlapping) to `text`. */
export function applyPatches(text: string, patches: readonly Patch[]): string {
  const patcher = new TextPatcher(text);
  for (const [start, end, replacement] of patches) {
    if (start === end) patcher.insert(start, replacement);
    else patcher.set(start, end, replacement);
  }
  return patcher.apply();
}
