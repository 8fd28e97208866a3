// Unit test: temporary files of killed atomic writes are swept once stale, and nothing else is touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepStaleTempFiles, writeFileAtomic } from './component-files.js';

describe('sweepStaleTempFiles', () => {
  it('removes stale temporary files of atomic writes and keeps fresh ones and other files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-temp-'));
    try {
      const now = Date.now();
      const stale = `po/cs.po.parla-4242-${now - 3600_000}.tmp`;
      const fresh = `po/de.po.parla-4242-${now - 1000}.tmp`;
      await writeFileAtomic(path.join(dir, 'po/cs.po'), new TextEncoder().encode('msgid ""\n'));
      for (const f of [stale, fresh, 'po/new.po']) fs.writeFileSync(path.join(dir, f), 'x');
      const kept = await sweepStaleTempFiles(dir, [stale, fresh, 'po/new.po', 'po/cs.po'], now);
      expect(kept).toEqual([fresh, 'po/new.po', 'po/cs.po']);
      expect(fs.existsSync(path.join(dir, stale))).toBe(false);
      expect(fs.readdirSync(path.join(dir, 'po')).sort()).toEqual(['cs.po', path.basename(fresh), 'new.po'].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
