// An upload from a translation page in a real Chromium: the form leads to the task page, whose bar follows the task to its end
// and whose outcome appears in place without a reload; the translation page's forms and the task page name their controls,
// keep AA contrast and fit a 360 px screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { contrastProblems, labelsNotInName, overflow, unnamedControls } from './a11y.js';

const browser = browserForFile();
/** Enough strings that the import is still running when the task page first shows. */
const STRINGS = 3000;

async function accessible(page: Page, what: string) {
  expect(await unnamedControls(page), what).toEqual([]);
  expect(await labelsNotInName(page), what).toEqual([]);
  expect((await contrastProblems(page)).problems, what).toEqual([]);
}

const po = (language: string, target: (i: number) => string) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n` +
  Array.from({ length: STRINGS }, (_, i) => `msgid "String number ${i}"\nmsgstr "${target(i)}"\n`).join('\n');

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('task progress in Chromium on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let file: string;

  beforeAll(async () => {
    s = await startServer(dialect);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-browser-task-'));
    expect((await createProject(s, 'big')).status).toBe(201);
    const zip = buildZip([{ name: 'po/app.pot', data: po('', () => '') }, { name: 'po/de.po', data: po('de', () => '') }]);
    expect((await createPoComponent(s, 'big', 'app', zip)).status).toBe(201);
    await s.container.tasks.idle();
    file = path.join(root, 'de.po');
    fs.writeFileSync(file, po('de', (i) => `Zeichenkette Nummer ${i}`));
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an upload follows its task to the end and shows the result without a reload', () =>
    withPage(browser(), `${dialect}-task-progress`, async ({ page }) => {
      await signInPage(page, s.url, 'admin', 'admin-password');
      await page.goto(`${s.url}/projects/big/app/de/`);
      await accessible(page, 'translation page with its forms');
      await page.setInputFiles('#upload-file', file);
      await Promise.all([page.waitForURL(/\/tasks\/[0-9a-f-]{36}\/$/), page.click('#upload-submit')]);
      const taskUrl = page.url();
      // The page shows the running task: a bar the script moves, not an outcome drawn by the server.
      expect(await page.locator('#task-status[data-task-url]').count()).toBe(1);
      expect(await page.locator('#task-result').count()).toBe(0);
      await accessible(page, 'running task');
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      await page.waitForSelector('#task-result', { timeout: 60_000 });
      expect(await page.textContent('#task-result')).toBe(`The file is processed: ${STRINGS} of ${STRINGS} strings accepted.`);
      expect(await page.getAttribute('#task-progress', 'value')).toBe('100');
      // Still the same document: no reload, no navigation.
      expect(page.url()).toBe(taskUrl);
      expect(navigations).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('task-result');
      await accessible(page, 'finished task');

      const units = (await (await s.api('/api/translations/big/app/de/statistics/')).json()) as { translated: number };
      expect(units.translated).toBe(STRINGS);
      await Promise.all([page.waitForURL(`${s.url}/projects/big/app/de/`), page.click('#task-back')]);
    }), 120_000);

  it('fits the translation page, the task page and the repository page on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-task-progress-narrow`,
      async ({ page }) => {
        await signInPage(page, s.url, 'admin', 'admin-password');
        const tasks = (await s.container.taskControl.recent((await s.container.users.authenticateToken(s.adminToken)), 'done').page(10, 0)).filter((t) => t.name === 'translation-upload');
        for (const address of ['/projects/big/app/de/', `/tasks/${tasks[0]!.id}/`, '/projects/big/app/repository/']) {
          await page.goto(`${s.url}${address}`);
          await accessible(page, address);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
