// The editor's context panels in Chromium: they load after the page, a nearby string opens, another language's text
// is copied into the field, a revert from the history saves and shows the notice, diffs use <ins>/<del>, all accessible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, withPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const HEAD = (lang: string) => `msgid ""
msgstr ""
"Language: ${lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
`;
const strings = ['Hello', 'Goodbye world', 'Open', 'Save', 'Close'];
/** A PO file with every string, translated as `done` says (the Czech "Goodbye world" needs editing after a source change). */
const po = (lang: string, done: Record<string, string>) =>
  HEAD(lang) +
  strings
    .map((s) => {
      const previous = s === 'Goodbye world' && lang === 'cs' ? '#, fuzzy\n#| msgid "Goodbye old world"\n' : '';
      return `\n${previous}msgid "${s}"\nmsgstr "${done[s] ?? ''}"\n`;
    })
    .join('');
const POT = po('en', {});
const CS = po('cs', { 'Goodbye world': 'Sbohem světe' });
const DE = po('de', { 'Goodbye world': 'Auf Wiedersehen Welt' });

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('editor context panels in Chromium on %s', (dialect) => {
  let s: TestServer;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (lang: string, source: string) => {
    const body = await json(await s.api(`/api/translations/pub/app/${lang}/units/?page_size=100`));
    return (body.results as { id: number; source: string[]; target: string[] }[]).find((u) => u.source[0] === source)!;
  };
  /** Waits until every context panel of the editor holds its fragment. */
  const panelsLoaded = async (page: Page) => {
    await expect.poll(() => page.locator('.context-body[data-loaded="1"]').count()).toBe(4);
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await json(await createProject(s, 'pub'), 201);
    const zip = buildZip([
      { name: 'po/app.pot', data: POT },
      { name: 'po/cs.po', data: CS },
      { name: 'po/de.po', data: DE },
    ]);
    await json(await createPoComponent(s, 'pub', 'app', zip), 201);
    await userWithPassword(s, 'tina');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('loads the panels, opens a nearby string, copies another language and shows the source change', () =>
    withPage(browser(), `${dialect}-editor-context-panels`, async ({ page }) => {
      const goodbye = await unitOf('cs', 'Goodbye world');
      await signInPage(page, s.url, 'tina', UI_PASSWORD, `/translate/pub/app/cs/?id=${goodbye.id}`);
      await panelsLoaded(page);
      // The page's own links stay until the script replaced them.
      expect(await page.locator('#context-nearby-link').count()).toBe(0);
      await expectAccessible(page, 'editor with its context panels');

      // The previous source as a word diff: "old" removed, announced as such.
      const removed = page.locator('#previous-source del');
      expect(await removed.count()).toBe(1);
      expect((await removed.textContent())?.trim()).toBe('Removed: old');

      // A nearby string opens in the editor.
      const save = await unitOf('cs', 'Save');
      expect(await page.getAttribute(`#nearby-${goodbye.id}`, 'aria-current')).toBe('true');
      await Promise.all([page.waitForURL(`${s.url}/translate/pub/app/cs/?id=${save.id}`), page.click(`#nearby-link-${save.id}`)]);
      expect(await page.textContent('#source-0')).toBe('Save');
      await panelsLoaded(page);
      expect(await page.getAttribute(`#nearby-${save.id}`, 'aria-current')).toBe('true');

      // Back on the first string: another language into the translation field.
      await Promise.all([page.waitForURL(`${s.url}/translate/pub/app/cs/?id=${goodbye.id}`), page.click(`#nearby-link-${goodbye.id}`)]);
      await panelsLoaded(page);
      await page.click('#copy-language-de');
      expect(await page.inputValue('#target-0')).toBe('Auf Wiedersehen Welt');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('target-0');
    }));

  it('reverts from the history and shows the notice', () =>
    withPage(browser(), `${dialect}-editor-context-revert`, async ({ page }) => {
      const open = await unitOf('cs', 'Open');
      await signInPage(page, s.url, 'tina', UI_PASSWORD, `/translate/pub/app/cs/?id=${open.id}`);
      for (const text of ['Otevřít', 'Otevřít soubor']) {
        await page.fill('#target-0', text);
        await Promise.all([page.waitForURL(/done=saved/), page.click('#save')]);
      }
      await panelsLoaded(page);
      const older = page.locator('#history-list li.history-entry').nth(1);
      // The older text against the current one: "soubor" was added since.
      expect((await older.locator('ins').textContent())?.trim()).toBe('Added: soubor');
      expect(await older.locator('del').count()).toBe(0);
      await expectAccessible(page, 'history with a revert button');
      await Promise.all([page.waitForURL(/done=reverted/), older.locator('button[id^="revert-"]').click()]);
      expect(await page.textContent('#notice')).toContain('Translation reverted to the earlier text.');
      expect(await page.inputValue('#target-0')).toBe('Otevřít');
      expect((await unitOf('cs', 'Open')).target).toEqual(['Otevřít']);
      await panelsLoaded(page);
      expect(await page.locator('#history-list li.history-entry').count()).toBe(3);
    }));

  it('works without the script: each panel is a link to a page of its own', async () => {
    const goodbye = await unitOf('cs', 'Goodbye world');
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${s.url}/translate/pub/app/cs/?id=${goodbye.id}`);
      await Promise.all([page.waitForURL(`${s.url}/translate/pub/app/cs/context/${goodbye.id}/languages/`), page.click('#context-languages-link')]);
      expect(await page.textContent('h1')).toBe('Other languages');
      expect(await page.textContent('#language-de')).toContain('Auf Wiedersehen Welt');
      // Copy needs the script and a translation field: hidden here.
      expect(await page.isVisible('#copy-language-de')).toBe(false);
      await Promise.all([page.waitForURL(`${s.url}/translate/pub/app/cs/?id=${goodbye.id}`), page.click('#back-to-editor')]);
    } finally {
      await context.close();
    }
  });
});
