// Unit tests of the trigram frequency estimate and the choice of the rarest trigrams.
import { describe, expect, it } from 'vitest';
import { TrigramFrequencies, TrigramSampler, trigramsOf } from './trigram-sample.js';

describe('trigramsOf', () => {
  it('lower-cases and keeps each trigram once, counting characters not UTF-16 units', () => {
    expect([...trigramsOf('AbAbA')]).toEqual(['aba', 'bab']);
    expect([...trigramsOf('ab')]).toEqual([]);
    expect([...trigramsOf('Ž😀ý')]).toEqual(['ž😀ý']);
  });
});

describe('TrigramFrequencies', () => {
  const rows = [...Array.from({ length: 98 }, (_, i) => `Source string number ${i} about`), 'Přeložený řetězec', 'zzz quux'];
  const freq = new TrigramFrequencies(rows);

  it('estimates the share of rows holding a trigram', () => {
    expect(freq.share('sou')).toBeCloseTo(0.98);
    expect(freq.share('ZZZ')).toBeCloseTo(0.01);
    expect(freq.share('xyz')).toBeCloseTo(0.005); // unseen: half a row
  });

  it('picks the rarest trigrams first and stops once they are selective enough', () => {
    const picked = freq.rarest('number 42 quux', { max: 3 });
    expect(picked).toHaveLength(3);
    for (const t of picked) expect(freq.share(t)).toBeLessThanOrEqual(0.01);
    expect(freq.rarest('number quux', { max: 1, usable: (t) => !t.includes(' ') })).toEqual(['quu']);
    expect(freq.rarest('number 42 quux', { max: 3, enough: 0.05 })).toHaveLength(1);
  });

  it('skips trigrams the index cannot use', () => {
    const words = freq.rarest('ab cd number', { max: 5, usable: (t) => !t.includes(' ') });
    expect(words.every((t) => !t.includes(' '))).toBe(true);
    expect(words).toContain('num');
  });
});

describe('TrigramSampler', () => {
  it('samples once, then again only when the table has grown', async () => {
    let size = 100;
    let samples = 0;
    const sampler = new TrigramSampler(
      async () => size,
      async () => {
        samples++;
        return samples === 1 ? ['alpha'] : ['omega'];
      },
    );
    expect((await sampler.frequencies()).share('alp')).toBe(1);
    await sampler.frequencies();
    expect(samples).toBe(1);
    size = 1000;
    (sampler as unknown as { probedAt: number }).probedAt = 0;
    await sampler.frequencies(); // notices the growth, refreshes in the background
    await new Promise((r) => setTimeout(r, 10));
    expect(samples).toBe(2);
    expect((await sampler.frequencies()).share('ome')).toBe(1);
  });
});
