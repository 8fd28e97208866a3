// Unit tests of memory candidate ranking: pruned scoring gives exactly what scoring every candidate gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedLevenshtein, levenshtein, rankCandidates, similarity } from './memory-ranking.js';

/** The textbook two-row table, as the reference for the fast distance. */
function tableDistance(a: string, b: string): number {
  let prev = Array.from({ length: a.length + 1 }, (_, i) => i);
  for (let j = 1; j <= b.length; j++) {
    const cur = [j];
    for (let i = 1; i <= a.length; i++) cur[i] = Math.min(prev[i]! + 1, cur[i - 1]! + 1, prev[i - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[a.length]!;
}

/** The obvious ranking: score all, best first (ties by id), one per key, at least the threshold. */
function bruteForce(text: string, candidates: { id: number; source: string; target: string }[], threshold: number, slots: number) {
  const scored = candidates.map((c) => ({ c, q: similarity(text, c.source) })).sort((a, b) => b.q - a.q || a.c.id - b.c.id);
  const seen = new Set<string>();
  const out: { id: number; quality: number }[] = [];
  for (const { c, q } of scored) {
    const key = `${c.source}\u0000${c.target}`;
    if (q < threshold || seen.has(key)) continue;
    seen.add(key);
    out.push({ id: c.id, quality: q });
  }
  return out.slice(0, slots);
}

describe('memory ranking', () => {
  it('levenshtein of known pairs, in every script', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('Übersetzung', 'Ubersetzung')).toBe(1);
    expect(levenshtein('翻訳メモリ', '翻訳メモ')).toBe(1);
    expect(similarity('Open the file', 'Open the file')).toBe(100);
    expect(similarity('Open the file', 'Open the files')).toBe(92);
  });

  it('bounded distance is exact up to the bound and bound + 1 beyond it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'ö', '文'), maxLength: 70 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'ö', '文'), maxLength: 70 }), fc.nat(70), (a, b, max) => {
        const d = tableDistance(a, b);
        expect(levenshtein(a, b)).toBe(d);
        expect(boundedLevenshtein(a, b, max)).toBe(d <= max ? d : max + 1);
      }),
      { numRuns: 500 },
    );
  });

  it('pruned ranking equals scoring every candidate', () => {
    const word = fc.constantFrom('open', 'the', 'file', 'save', 'files', 'close', 'window', 'Datei', 'öffnen', '文件');
    const sentence = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        sentence,
        fc.array(fc.record({ source: sentence, target: fc.constantFrom('x', 'y') }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 8 }),
        (text, raw, threshold, slots) => {
          const candidates = raw.map((c, i) => ({ id: i + 1, ...c }));
          const ranked = rankCandidates(text, candidates, { threshold, slots, key: (c) => `${c.source}\u0000${c.target}` });
          expect(ranked.map((r) => ({ id: r.candidate.id, quality: r.quality }))).toEqual(bruteForce(text, candidates, threshold, slots));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
