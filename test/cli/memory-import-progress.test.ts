// `parla memory import` reports its progress: plain lines when standard error is a pipe, a bar rewritten in place on a terminal.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progress } from '../../src/cli/progress.js';
import { DIALECTS } from '../helpers/databases.js';
import { BIN, ROOT } from '../helpers/processes.js';
import { startServer, type TestServer } from '../helpers/server.js';

const N = 2500;

function tmx(n: number): string {
  const units = Array.from({ length: n }, (_, i) => `<tu><tuv xml:lang="en"><seg>Progress line ${i}</seg></tuv><tuv xml:lang="de"><seg>Fortschrittszeile ${i}</seg></tuv></tu>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="t" creationtool="t" creationtoolversion="1"/><body>\n${units.join('\n')}\n</body></tmx>\n`;
}

describe('the progress module', () => {
  it('rewrites one line with a bar on a terminal and writes plain lines elsewhere', () => {
    const out: string[] = [];
    const tty = progress((done, total) => `imported ${done} of ${total} entries`, { isTTY: true, columns: 80, write: (t: string) => out.push(t) });
    tty.update(1000, 4000);
    tty.update(1000, 4000);
    tty.update(4000, 4000);
    tty.end();
    const ESC = '\u001b';
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^\r\[#+-+\] {2}25% imported 1000 of 4000 entries/);
    expect(out[0]!.endsWith(`${ESC}[K`)).toBe(true);
    expect(out[1]).toMatch(/^\r\[#+\] 100% imported 4000 of 4000 entries/);
    expect(out[2]).toBe('\n');
    const piped: string[] = [];
    const plain = progress((done, total) => `imported ${done} of ${total} entries`, { write: (t: string) => piped.push(t) });
    plain.update(1000, 4000);
    plain.end();
    expect(piped).toEqual(['imported 1000 of 4000 entries\n']);
  });
});

describe.each(DIALECTS)('parla memory import in a pipe (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
  });
  afterAll(() => s?.close());

  const cli = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, PARLA_DATA_DIR: s.dataDir, PARLA_DATABASE_URL: s.container.config.databaseUrl, PARLA_LOG_LEVEL: 'silent' };
      execFile(process.execPath, [BIN, ...args], { env, cwd: ROOT, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });

  it('prints "imported N of M entries" lines, no control characters, then the result', async () => {
    const file = path.join(s.dataDir, 'progress.tmx');
    await fs.writeFile(file, tmx(N));
    const r = await cli(['memory', 'import', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      'imported 1000 of 2500 entries',
      'imported 2000 of 2500 entries',
      'imported 2500 of 2500 entries',
      'Imported 2500 translation memory entries (0 skipped: duplicates, unknown languages or empty strings).',
    ]);
    expect(r.stderr.includes('\r') || r.stderr.includes('\u001b')).toBe(false);
    const listed = (await (await s.api('/api/memory/?source=progress%20line%202499')).json()) as { count: number; results: { target: string }[] };
    expect(listed.results.map((e) => e.target)).toEqual(['Fortschrittszeile 2499']);
  }, 120_000);
});
