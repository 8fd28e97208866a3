// Whether work grows linearly with its input, judged by the ratio of two sizes timed in the same run (robust to a loaded machine).

/** The best of `runs` timings of `work(n)`, in ms: the minimum filters out pauses caused by other processes. */
function bestOf(work: (n: number) => unknown, n: number, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work(n);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Times `work` at `small` and at ten times that size and returns the ratio of the two (about 10 when
 * linear, about 100 when quadratic). Each size runs three times: the best of three rides out a garbage collection or another process's burst.
 */
export function growthRatio(work: (n: number) => unknown, small: number): { ratio: number; smallMs: number; largeMs: number } {
  work(small); // warm up the JIT and the caches
  const smallMs = Math.max(bestOf(work, small, 3), 1);
  const largeMs = bestOf(work, small * 10, 3);
  return { ratio: largeMs / smallMs, smallMs, largeMs };
}
