// Binary search over sorted numbers (line starts, code point ranges).

/** The index of the last element of `sorted` (ascending) that is at most `value`; 0 when none is. */
export function lastAtMost(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
