// A memory manager imports a TMX file in a real Chromium: the progress page's bar follows the task and ends with the result shown
// in place, without a reload; a malformed file ends with its error the same way; the pages name their controls, keep AA
// contrast and fit a 360 px screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { multipart } from '../helpers/fixtures.js';
import { buildZip } from '../helpers/zip.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { contrastProblems, labelsNotInName, overflow, unnamedControls } from './a11y.js';

const browser = browserForFile();
/** Enough entries that the bar has something to follow (a few seconds of writes). */
const N = 8000;

async function accessible(page: Page, what: string) {
  expect(await unnamedControls(page), what).toEqual([]);
  expect(await labelsNotInName(page), what).toEqual([]);
  expect((await contrastProblems(page)).problems, what).toEqual([]);
}

function tmx(n: number): string {
  const units = Array.from({ length: n }, (_, i) => `<tu><tuv xml:lang="en"><seg>Browser entry number ${i}</seg></tuv><tuv xml:lang="fr"><seg>Entrée du navigateur numéro ${i}</seg></tuv></tu>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="t" creationtool="t" creationtoolversion="1"/><body>\n${units.join('\n')}\n</body></tmx>\n`;
}

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('translation memory import in Chromium on %s', (dialect) => {
  let s: TestServer;
  let root: string;

  beforeAll(async () => {
    s = await startServer(dialect);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-browser-memory-'));
    fs.writeFileSync(path.join(root, 'big.tmx'), tmx(N));
    fs.writeFileSync(path.join(root, 'broken.tmx'), '<tmx version="1.4"><body><tu>');
    // A glossary, whose terms page is checked at 360 px too.
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Words', slug: 'words' } })).status).toBe(201);
    const term = (en: string, cs: string, i: number) => `<termEntry id="t${i}"><langSet xml:lang="en"><tig><term>${en}</term></tig></langSet><langSet xml:lang="cs"><tig><term>${cs}</term></tig></langSet></termEntry>`;
    const terms = [['a rather long glossary term about the settings window', 'poměrně dlouhý termín o okně nastavení'], ['file', 'soubor']].map(([en, cs], i) => term(en!, cs!, i)).join('');
    const zip = buildZip([{ name: 'tbx/cs.tbx', data: `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><text><body>${terms}</body></text></martif>\n` }]);
    const res = await s.api('/api/projects/words/components/', { method: 'POST', body: multipart({ name: 'Terms', slug: 'terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true', manage_units: 'true' }, { zipfile: { name: 'g.zip', data: zip } }) });
    expect(res.status, await res.text()).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('imports a TMX file: the bar moves and the result appears without a reload', () =>
    withPage(browser(), `${dialect}-memory-import`, async ({ page, problems }) => {
      await signInPage(page, s.url, 'admin', 'admin-password', '/memory/');
      await accessible(page, 'memory page');
      await page.setInputFiles('#id_file', path.join(root, 'big.tmx'));
      // Tasks run one at a time: one that waits for the test keeps the import queued until its page has been looked at
      // (on a busy machine the import could otherwise end before the page first shows).
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      s.container.tasks.register('test-gate', () => gate);
      await s.container.tasks.enqueue('test-gate', {});
      await Promise.all([page.waitForURL(/\/memory\/import\/[0-9a-f-]{36}\/$/), page.click('#memory-import-submit')]);
      // Still running: the bar is there and the result waits, hidden.
      expect(await page.locator('#import-progress').count()).toBe(1);
      expect(await page.isHidden('#import-done')).toBe(true);
      await accessible(page, 'import running');
      // A mark on this document: a reload would lose it.
      await page.evaluate(() => ((window as unknown as { parlaMark: string }).parlaMark = 'same page'));
      openGate();
      await page.waitForSelector('#import-done', { state: 'visible', timeout: 60_000 });
      expect(await page.textContent('#import-done')).toContain(`${N} entries imported`);
      expect(await page.evaluate(() => (window as unknown as { parlaMark?: string }).parlaMark)).toBe('same page');
      expect(await page.getAttribute('#import-progress', 'value')).toBe('100');
      expect(await page.isHidden('#import-error')).toBe(true);
      await accessible(page, 'import done');
      const listed = (await (await s.api('/api/memory/?source=browser%20entry%20number%207999')).json()) as { results: { target: string }[] };
      expect(listed.results.map((e) => e.target)).toEqual(['Entrée du navigateur numéro 7999']);

      // A malformed file: the same page ends with the reason, in words.
      await page.goto(`${s.url}/memory/`);
      await page.setInputFiles('#id_file', path.join(root, 'broken.tmx'));
      await Promise.all([page.waitForURL(/\/memory\/import\/[0-9a-f-]{36}\/$/), page.click('#memory-import-submit')]);
      await page.waitForSelector('#import-error', { state: 'visible', timeout: 20_000 });
      expect(await page.textContent('#import-error')).toMatch(/The file could not be read \(broken\.tmx.*\); nothing was imported\./);
      expect(problems).toEqual([]);
    }));

  it('fits the memory pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-memory-narrow`,
      async ({ page, problems }) => {
        await signInPage(page, s.url, 'admin', 'admin-password', '/memory/');
        for (const address of ['/memory/', '/memory/?q=browser', '/glossary/words/terms/cs/']) {
          await page.goto(`${s.url}${address}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
        await page.goto(`${s.url}/memory/`);
        await accessible(page, 'narrow memory page');
        await page.goto(`${s.url}/glossary/words/terms/cs/`);
        await accessible(page, 'narrow glossary page');
        // The glossary's add form: a refused empty term is named next to its field.
        await page.fill('#id_target', 'okno');
        await page.click('#glossary-add-submit');
        await page.waitForSelector('#id_source_error');
        expect(await page.textContent('#id_source_error')).toBe('Enter the term.');
        await accessible(page, 'narrow glossary refused');
        expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/glossary\/words\/terms\/cs\/add\//)]);
        const o = await overflow(page);
        expect(o.scrollWidth, `refused glossary form: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
