// Scores translation-memory candidates by edit distance, computing it only for candidates that can still make the list.
import { distance } from 'fastest-levenshtein';
/*
 * An edit of one character destroys at most three trigrams, so two strings at edit distance d share at
 * least max(|a|, |b|) − 2 − 3d trigrams (the q-gram lemma). Counting shared trigrams is cheap; it gives
 * each candidate an upper bound of its similarity. Candidates are scored best bound first, and scoring
 * stops once no remaining bound can reach the worst quality still on the list: the result is the one a
 * full scoring gives, for a fraction of the distance computations.
 */

/** Levenshtein distance over UTF-16 code units (Myers' bit-parallel algorithm, several times faster than a table). */
export function levenshtein(a: string, b: string): number {
  return distance(a, b);
}

/** Levenshtein distance, or `max + 1` when the distance exceeds `max`. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = distance(a, b);
  return d > max ? max + 1 : d;
}

/** Quality 0–100 of a distance between strings whose longer one has `longer` code units; 100 only for equal strings. */
function quality(distance: number, longer: number): number {
  if (distance === 0) return 100;
  return Math.min(99, Math.floor(100 * (1 - distance / longer)));
}

/** Similarity 0–100: 100 × (1 − edit distance / longer length), 100 only for equal strings. */
export function similarity(a: string, b: string): number {
  if (a === b) return 100;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 100;
  return quality(levenshtein(a, b), longer);
}

/** Trigram counts of a string (UTF-16 code units, case as it is: the distance is case-sensitive too). */
function trigramCounts(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + 3 <= s.length; i++) {
    const t = s.slice(i, i + 3);
    out.set(t, (out.get(t) ?? 0) + 1);
  }
  return out;
}

/** The highest quality a candidate sharing `shared` trigrams with the text can have. */
function qualityBound(shared: number, textLength: number, candidateLength: number): number {
  const longer = Math.max(textLength, candidateLength);
  if (longer === 0) return 100;
  const minDistance = Math.max(Math.abs(textLength - candidateLength), Math.ceil((longer - 2 - shared) / 3));
  return minDistance <= 0 ? 100 : quality(minDistance, longer);
}

/** Largest distance that still gives at least `needed` quality. */
function maxDistanceFor(needed: number, longer: number): number {
  let d = Math.floor(longer * (1 - needed / 100));
  while (d > 0 && quality(d, longer) < needed) d--;
  while (quality(d + 1, longer) >= needed && d + 1 <= longer) d++;
  return d;
}

export interface Scored<C> {
  candidate: C;
  quality: number;
}

/**
 * The best `slots` distinct candidates (by `key`) with quality ≥ threshold, best first (ties: lower `id`
 * first). Equal to scoring every candidate and sorting, without computing most distances.
 */
export function rankCandidates<C extends { id: number; source: string }>(text: string, candidates: readonly C[], options: { threshold: number; slots: number; key: (c: C) => string }): Scored<C>[] {
  if (options.slots <= 0) return [];
  const grams = trigramCounts(text);
  const bounded = candidates.map((c) => {
    let shared = 0;
    const seen = new Map<string, number>();
    for (let i = 0; i + 3 <= c.source.length; i++) {
      const t = c.source.slice(i, i + 3);
      const available = grams.get(t);
      if (!available) continue;
      const used = seen.get(t) ?? 0;
      if (used < available) {
        shared++;
        seen.set(t, used + 1);
      }
    }
    return { c, bound: qualityBound(shared, text.length, c.source.length) };
  });
  bounded.sort((a, b) => b.bound - a.bound || a.c.id - b.c.id);
  const best = new Map<string, Scored<C>>();
  let needed = options.threshold;
  for (const { c, bound } of bounded) {
    if (bound < needed) break;
    const longer = Math.max(text.length, c.source.length);
    const max = maxDistanceFor(needed, longer);
    const distance = boundedLevenshtein(text, c.source, max);
    if (distance > max) continue;
    const q = quality(distance, longer);
    const key = options.key(c);
    const had = best.get(key);
    if (had && (had.quality > q || (had.quality === q && had.candidate.id < c.id))) continue;
    best.set(key, { candidate: c, quality: q });
    if (best.size >= options.slots) {
      const qualities = [...best.values()].map((s) => s.quality).sort((x, y) => y - x);
      needed = Math.max(needed, qualities[options.slots - 1]!);
    }
  }
  return [...best.values()].sort((a, b) => b.quality - a.quality || a.candidate.id - b.candidate.id).slice(0, options.slots);
}
