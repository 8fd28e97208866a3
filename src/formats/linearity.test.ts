// Parsing and writing grow linearly with the file: each format of the real-file bench, grown from its real file by 500
// and by 5,000 strings through its own writer, parses the larger file, and writes a new translation into each of its
// strings, in about ten times the time, not a hundred.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_FORMAT_FILES } from '../../bench/real-format-files.js';
import { growthRatio } from '../../test/helpers/timing.js';
import { formats } from './registry.js';
import type { NewUnit } from './format.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real file with `n` generated strings added by the format's own writer (an XWiki full page: `n` more lines). */
function grown(id: string, file: string, language: string, n: number): Buffer {
  const format = formats.get(id)!;
  const store = format.parse(fs.readFileSync(path.join(ROOT, file)), { language, filename: file });
  if (id === 'xwiki-fullpage') {
    const index = store.units.findIndex((u) => u.context === 'content' || u.key === 'content');
    const lines = Array.from({ length: n }, (_, i) => `Line ${i} of the page, with **markup** and a [[link>>Page${i}]].`);
    store.updateUnit(index, { target: [lines.join('\n')] });
  } else {
    for (let i = 0; i < n; i++) {
      const unit: NewUnit = { key: `generated_key${i}`, context: `generated_key${i}`, source: [`Source text ${i}`], target: [`Target text number ${i}`] } as NewUnit;
      store.addUnit(unit);
    }
  }
  return store.serialize();
}

describe('parsing is linear in the file size', () => {
  it.each(REAL_FORMAT_FILES.map((f) => [f.format, f] as const))('%s', (id, { file, language }) => {
    const format = formats.get(id)!;
    const inputs = new Map([500, 5_000].map((n) => [n, grown(id, file, language, n)]));
    const parsed = format.parse(inputs.get(5_000)!, { language, filename: file });
    if (id !== 'xwiki-fullpage') expect(parsed.units.length).toBeGreaterThanOrEqual(5_000);
    // The better of two measurements: another test file running beside this one can slow either size down.
    const ratio = Math.min(...[1, 2].map(() => growthRatio((n) => format.parse(inputs.get(n)!, { language, filename: file }), 500).ratio));
    expect(ratio).toBeLessThan(40); // about 10 when linear (up to 30 with garbage collection), about 100 when quadratic
  });
});

describe('writing every string of a file is linear in the file size', () => {
  it.each(REAL_FORMAT_FILES.filter((f) => f.format !== 'xwiki-fullpage').map((f) => [f.format, f] as const))('%s', (id, { file, language }) => {
    const format = formats.get(id)!;
    const inputs = new Map([500, 5_000].map((n) => [n, grown(id, file, language, n)]));
    // What the file writer does after a review of the whole translation: every generated string changed, then written out.
    const rewrite = (n: number) => {
      const store = format.parse(inputs.get(n)!, { language, filename: file });
      for (let i = 0; i < store.units.length; i++) store.updateUnit(i, { target: [`Reviewed text ${i}`] });
      return store.serialize();
    };
    const written = format.parse(rewrite(5_000), { language, filename: file }).units;
    expect(written.at(-1)!.target[0]).toBe(`Reviewed text ${written.length - 1}`);
    const ratio = Math.min(...[1, 2].map(() => growthRatio(rewrite, 500).ratio));
    expect(ratio).toBeLessThan(40);
  });
});
