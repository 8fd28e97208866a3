// Estimated trigram frequencies from a random sample of stored texts: lets a search ask the trigram index only for the rarest trigrams.
/*
 * A trigram index answers a query by reading one posting list per trigram, and the common trigrams
 * ("the", "ing", " a ") have lists as long as the table. Reading the few rarest trigrams of a text and
 * checking the candidates afterwards gives the same rows for a fraction of the work. Which trigrams are
 * rare is estimated from a sample of a few thousand rows: a trigram missing from the sample occurs in
 * fewer than about 1 row in SAMPLE_SIZE, which is all the choice needs.
 */

export const SAMPLE_SIZE = 3000;

/**
 * pg_trgm indexes the trigrams of words, each padded with two spaces in front and one behind: besides the
 * trigrams inside a word, " ab" (a word starting "ab" after a space) and "ab " (ending "ab" before one) are
 * index keys too. Any other trigram with a space or punctuation in it is not one it can look up alone.
 */
const PG_TRGM_KEY = /^(?:[\p{L}\p{N}]{3}| [\p{L}\p{N}]{2}|[\p{L}\p{N}]{2} )$/u;

export function isPgTrgmKey(trigram: string): boolean {
  return PG_TRGM_KEY.test(trigram);
}

/**
 * The trigrams pg_trgm can look up alone in a LIKE pattern at an acceptable cost. A word-start trigram
 * " ab" comes with "  a" (every word starting with "a"), whose posting list is read too: it is only worth
 * asking when words starting with that letter are rarer than `maxShare` of the rows.
 */
export function pgTrgmLookup(freq: TrigramFrequencies, maxShare: number): (trigram: string) => boolean {
  return (t) => isPgTrgmKey(t) && (t[0] !== ' ' || freq.wordStartShare(t[1]!) <= maxShare);
}

const WORD = /[\p{L}\p{N}]+/gu;
/** The estimate is rebuilt when the table has grown or shrunk by this factor, or has aged past maxAgeMs. */
const DRIFT = 1.25;

/** Up to `count` distinct random ids in 1..max (all of them when there are fewer): a uniform sample of a table with dense ids. */
export function randomIds(max: number, count: number): number[] {
  const ids = new Set<number>();
  if (max <= count) for (let i = 1; i <= max; i++) ids.add(i);
  else while (ids.size < count) ids.add(1 + Math.floor(Math.random() * max));
  return [...ids];
}

/** The distinct trigrams of a text, lower-cased as both indexes fold case. */
export function trigramsOf(text: string): Set<string> {
  const chars = [...text.toLowerCase()];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return out;
}

/** How often each trigram occurs, as a share of rows, from one sample. */
export class TrigramFrequencies {
  private readonly counts = new Map<string, number>();
  /** Rows with a word starting with each character (pg_trgm's "  a" keys). */
  private readonly wordStarts = new Map<string, number>();
  readonly rows: number;

  constructor(texts: readonly string[]) {
    this.rows = texts.length;
    for (const text of texts) {
      const lower = text.toLowerCase();
      for (const t of trigramsOf(lower)) this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
      const starts = new Set<string>();
      for (const m of lower.matchAll(WORD)) starts.add(String.fromCodePoint(m[0].codePointAt(0)!));
      for (const c of starts) this.wordStarts.set(c, (this.wordStarts.get(c) ?? 0) + 1);
    }
  }

  /** Share of rows with a word (a run of letters and digits) starting with `char`. */
  wordStartShare(char: string): number {
    if (this.rows === 0) return 0;
    return (this.wordStarts.get(char.toLowerCase()) ?? 0.5) / this.rows;
  }

  /** Share of rows holding the trigram (0–1); unseen trigrams count as half a row of the sample. */
  share(trigram: string): number {
    if (this.rows === 0) return 0;
    return (this.counts.get(trigram.toLowerCase()) ?? 0.5) / this.rows;
  }

  /**
   * The rarest trigrams of `texts` (each one's own trigrams: none spans two texts), rarest first: at most `max`, and fewer when the rarest already narrow
   * the rows to `enough` (a share) on the assumption that trigrams occur independently.
   * `usable` filters trigrams the index cannot answer alone (pg_trgm splits at non-word characters).
   */
  rarest(texts: string | readonly string[], options: { max: number; enough?: number; usable?: (trigram: string) => boolean }): string[] {
    const all = new Set<string>();
    for (const text of typeof texts === 'string' ? [texts] : texts) for (const t of trigramsOf(text)) all.add(t);
    const candidates = [...all].filter((t) => options.usable?.(t) ?? true);
    candidates.sort((a, b) => this.share(a) - this.share(b) || (a < b ? -1 : a > b ? 1 : 0));
    const out: string[] = [];
    let share = 1;
    for (const t of candidates) {
      if (out.length >= options.max || (out.length > 0 && share <= (options.enough ?? 0))) break;
      out.push(t);
      share *= this.share(t);
    }
    return out;
  }
}

/** Keeps one sample per table, rebuilt in the background when the table's size drifts or the sample ages. */
export class TrigramSampler {
  private estimate: { freq: TrigramFrequencies; size: number; at: number } | null = null;
  private probedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    /** Rows in the table now (an estimate is fine: max(id) works). */
    private readonly size: () => Promise<number>,
    /** `count` random texts of the table. */
    private readonly sample: (count: number) => Promise<string[]>,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /** The estimate at hand without waiting (null until the first sample is in); starts a sample or a drift check. */
  current(): TrigramFrequencies | null {
    if (!this.estimate) void this.refresh().catch(() => undefined);
    else if (!this.refreshing) void this.checkDrift().catch(() => undefined);
    return this.estimate?.freq ?? null;
  }

  /** The current estimate; the first call waits for a sample, later ones never wait for a refresh. */
  async frequencies(): Promise<TrigramFrequencies> {
    if (!this.estimate) await this.refresh();
    else if (!this.refreshing) void this.checkDrift();
    return this.estimate!.freq;
  }

  private async checkDrift(): Promise<void> {
    const c = this.estimate!;
    if (Date.now() - this.probedAt < 5000) return; // at most one size probe every few seconds
    this.probedAt = Date.now();
    const size = await this.size().catch(() => c.size);
    const drifted = size > c.size * DRIFT || size * DRIFT < c.size || Date.now() - c.at > this.maxAgeMs;
    if (drifted) await this.refresh().catch(() => undefined);
  }

  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const size = await this.size();
        const texts = await this.sample(SAMPLE_SIZE);
        this.estimate = { freq: new TrigramFrequencies(texts), size, at: Date.now() };
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}
