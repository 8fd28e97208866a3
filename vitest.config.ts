// Vitest configuration: unit tests next to the code, HTTP tests under test/.
import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files spend most of their time waiting on servers, databases, git and Chromium: on two cores two forks finish
// the suite in a little over half the time of the one fork Vitest would start there (cores - 1). minForks equal to
// maxForks keeps the pool from ending idle forks while a file's servers still close.
const FORKS = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each test file starts its own servers and databases; sharing the imported modules between the files of a
    // worker saves re-importing the whole app per file (the suite ran 587 s isolated, 404 s shared, on 2 cores).
    poolOptions: { forks: { isolate: false, maxForks: FORKS, minForks: FORKS } },
  },
});
