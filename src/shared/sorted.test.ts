import { describe, expect, it } from 'vitest';
import { lastAtMost } from './sorted.js';

describe('lastAtMost', () => {
  it('finds the last element not above the value', () => {
    const starts = [0, 10, 20, 30];
    expect([0, 5, 10, 19, 20, 29, 30, 1000].map((v) => lastAtMost(starts, v))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(lastAtMost(new Uint32Array([5, 7]), 6)).toBe(0);
    expect(lastAtMost([0], 3)).toBe(0);
  });
});
