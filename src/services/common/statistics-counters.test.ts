// Unit tests of the statistics counters and the percentage rounding rules.
import { describe, expect, it } from 'vitest';
import { addUnit, emptyCounters, percent, unitDelta } from './statistics-counters.js';

const unit = (state: number, words = 2, chars = 10, extra: Partial<{ has_failing_check: number; has_suggestion: number; has_comment: number }> = {}) => ({
  state, num_words: words, num_chars: chars, has_failing_check: 0, has_suggestion: 0, has_comment: 0, ...extra,
});

describe('percent', () => {
  it('truncates to one decimal', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.6);
  });
  it('never shows 0.0 for a non-zero part nor 100.0 for an incomplete total', () => {
    expect(percent(1, 100000)).toBe(0.1);
    expect(percent(99999, 100000)).toBe(99.9);
    expect(percent(5, 5)).toBe(100);
  });
  it('reports an empty total as complete only for the completion metric', () => {
    expect(percent(0, 0, true)).toBe(100);
    expect(percent(0, 0)).toBe(0);
  });
});

describe('counters', () => {
  it('counts approved and read-only units as translated', () => {
    const c = emptyCounters();
    for (const s of [0, 10, 20, 30, 100]) addUnit(c, unit(s));
    expect(c).toMatchObject({ total: 5, translated: 3, fuzzy: 1, approved: 1, readonly: 1, total_words: 10, translated_chars: 30 });
  });
  it('computes deltas between two versions of a unit', () => {
    const d = unitDelta(unit(10, 3), unit(20, 3, 10, { has_comment: 1 }));
    expect(d).toMatchObject({ total: 0, fuzzy: -1, fuzzy_words: -3, translated: 1, translated_words: 3, comments: 1 });
  });
});
