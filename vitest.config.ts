// Vitest configuration: unit tests next to the code, HTTP tests under test/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each test file starts its own servers and databases; sharing the imported modules between the files of a
    // worker saves re-importing the whole app per file (the suite ran 587 s isolated, 404 s shared, on 2 cores).
    poolOptions: { forks: { isolate: false } },
  },
});
