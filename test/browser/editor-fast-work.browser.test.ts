// Fast work in the editor, in Chromium: the fields above the fold on a laptop and a phone, the counter with the
// max-length flag, special characters, the shortcuts and their "?" list, zen mode (saving in place, loading more while
// scrolling) and a bulk state change over a search.
import path from 'node:path';
import fsp from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { joinTeam, UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';
import { browserForFile, HAVE_CHROMIUM, RESULTS_DIR, signInPage, withPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const HEAD = (lang: string) => `msgid ""
msgstr ""
"Language: ${lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
`;
const NOTE = Array.from({ length: 12 }, () => 'This note explains at length where the string appears and what the translator must keep in mind.').join(' ');
const MANY = Array.from({ length: 24 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);
const POT = `${HEAD('en')}
#. ${NOTE}
#: src/main.c:10 src/dialog.c:42
msgctxt "main window"
msgid "Hello world"
msgstr ""

msgid "Goodbye world"
msgstr ""

msgid "Open"
msgstr ""
${MANY.map((s) => `\nmsgid "${s}"\nmsgstr ""\n`).join('')}`;
const CS = `${HEAD('cs')}
#. ${NOTE}
#: src/main.c:10 src/dialog.c:42
msgctxt "main window"
msgid "Hello world"
msgstr "Ahoj světe"

#, fuzzy
msgid "Goodbye world"
msgstr "Sbohem světe"

msgid "Open"
msgstr ""
${MANY.map((s) => `\nmsgid "${s}"\nmsgstr "${s} cs"\n`).join('')}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('editor fast work in Chromium on %s', (dialect) => {
  let s: TestServer;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (source: string) => {
    const body = await json(await s.api('/api/translations/pub/app/cs/units/?page_size=100'));
    return (body.results as { id: number; source: string[]; target: string[]; state: number; source_unit: string }[]).find((u) => u.source[0] === source)!;
  };
  /** The bottom edge of an element, in CSS pixels from the top of the page as it loaded (no scrolling). */
  const bottomOf = async (page: Page, selector: string) => {
    const box = await page.locator(selector).boundingBox();
    expect(box, selector).not.toBeNull();
    return box!.y + box!.height;
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub', 'app', buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }])), 201);
    await userWithPassword(s, 'tina');
    await userWithPassword(s, 'boss');
    await joinTeam(s, 'boss', 'Administration', 'pub');
    // A screenshot on the string with the long note: metadata that used to push the fields down.
    const shot = await json(await s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Main window', project_slug: 'pub', component_slug: 'app', language_code: 'en' }, { image: { name: 'main.png', data: PNG } }) }), 201);
    const hello = await unitOf('Hello world');
    const sourceId = Number(hello.source_unit.split('/').filter(Boolean).pop());
    await json(await s.api(`${new URL(shot.url).pathname}units/`, { method: 'POST', json: { unit_id: sourceId } }));
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the source, the translation field and the save buttons above the fold at ${viewport.width}×${viewport.height}`, () =>
      withPage(
        browser(),
        `${dialect}-editor-fold-${viewport.width}`,
        async ({ page }) => {
          const hello = await unitOf('Hello world');
          await signInPage(page, s.url, 'tina', UI_PASSWORD, `/translate/pub/app/cs/?id=${hello.id}`);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          // The long note and the screenshot are on the page, below the fields.
          expect(await page.locator('#unit-note').textContent()).toContain('explains at length');
          expect(await page.locator('.shots img').count()).toBe(1);
          for (const selector of ['#source-0', '#target-0', '#save-next', '#save']) {
            expect(await bottomOf(page, selector), `${selector} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
          }
          expect((await page.locator('#unit-note').boundingBox())!.y).toBeGreaterThan((await page.locator('#save-next').boundingBox())!.y);
          await fsp.mkdir(RESULTS_DIR, { recursive: true });
          await page.screenshot({ path: path.join(RESULTS_DIR, `editor-fold-${viewport.width}x${viewport.height}.png`) });
          await expectAccessible(page, `editor at ${viewport.width}×${viewport.height}`);
        },
        { viewport },
      ));
  }

  it('counts characters and words against the max-length flag and inserts special characters at the cursor', () =>
    withPage(browser(), `${dialect}-editor-counter`, async ({ page }) => {
      const open = await unitOf('Open');
      const sourceId = Number(open.source_unit.split('/').filter(Boolean).pop());
      await json(await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: 'max-length:12' } }));
      await signInPage(page, s.url, 'tina', UI_PASSWORD, `/translate/pub/app/cs/?id=${open.id}`);
      const counter = page.locator('#target-0-counter');
      expect((await counter.locator('[data-counter-text]').textContent())?.trim()).toBe('Characters: 0 / 12 · words: 0');
      await page.fill('#target-0', 'Otevřít soubor');
      expect((await counter.locator('[data-counter-text]').textContent())?.trim()).toBe('Characters: 14 / 12 · words: 2');
      expect(await counter.getAttribute('class')).toContain('over');
      expect(await page.getAttribute('#target-0', 'aria-invalid')).toBe('true');
      expect(await counter.locator('[data-counter-live]').textContent()).toBe('Over the limit of 12 characters.');
      expect(await counter.locator('[data-counter-live]').getAttribute('aria-live')).toBe('polite');
      await page.fill('#target-0', 'Otevřít');
      expect(await counter.getAttribute('class')).not.toContain('over');
      expect(await counter.locator('[data-counter-live]').textContent()).toBe('Within the limit of 12 characters.');

      // The Czech quotation marks and a non-breaking space, inserted where the cursor is.
      const bar = page.locator('#special-chars');
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.getAttribute('role')).toBe('toolbar');
      await page.fill('#target-0', 'Otevřít soubor');
      await page.focus('#target-0');
      await page.evaluate(() => (document.getElementById('target-0') as HTMLTextAreaElement).setSelectionRange(8, 8));
      await bar.getByRole('button', { name: 'Opening quotation mark', exact: true }).click();
      expect(await page.inputValue('#target-0')).toBe('Otevřít „soubor');
      await page.evaluate(() => (document.getElementById('target-0') as HTMLTextAreaElement).setSelectionRange(7, 8));
      await bar.getByRole('button', { name: 'Non-breaking space', exact: true }).click();
      expect(await page.inputValue('#target-0')).toBe('Otevřít\u00a0„soubor');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('target-0');
      await page.press('#target-0', 'End');
      await bar.getByRole('button', { name: 'Closing quotation mark', exact: true }).click();
      expect(await page.inputValue('#target-0')).toBe('Otevřít\u00a0„soubor“');
      await json(await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: '' } }));
    }));

  it('lists the shortcuts on "?", saves with Ctrl+Enter and goes to the next string with Alt+PageDown', () =>
    withPage(browser(), `${dialect}-editor-shortcuts`, async ({ page }) => {
      await signInPage(page, s.url, 'tina', UI_PASSWORD, `/translate/pub/app/cs/?offset=0`);
      await page.locator('h1').click();
      await page.keyboard.press('?');
      const dialog = page.locator('dialog#shortcuts');
      await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      const listed = await dialog.textContent();
      for (const text of ['Save and stay', 'First string of the search', 'Last string of the search', 'Focus the translation field', 'Save as a suggestion', 'Load machine translation and memory matches']) expect(listed).toContain(text);
      await expectAccessible(page, 'shortcuts dialog');
      await page.click('#shortcuts-close');

      await page.keyboard.press('Alt+PageDown');
      await page.waitForURL(/offset=1/);
      expect(await page.locator('#position').textContent()).toContain('String 2 of 27');
      await page.keyboard.press('Alt+End');
      await page.waitForURL(/offset=26/);
      await page.keyboard.press('Alt+Home');
      await page.waitForURL(/offset=0/);

      await page.keyboard.press('Control+I');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('target-0');
      await page.fill('#target-0', 'Ahoj, světe');
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/offset=1&done=saved|offset=1.*done=saved/);
      expect((await unitOf('Hello world')).target).toEqual(['Ahoj, světe']);
    }));

  it('edits strings in zen mode, saving on leaving a field, and loads more rows while scrolling', () =>
    withPage(browser(), `${dialect}-editor-zen`, async ({ page, problems }) => {
      await signInPage(page, s.url, 'tina', UI_PASSWORD, '/translate/pub/app/cs/?view=zen');
      const rows = page.locator('[data-zen-row]');
      expect(await rows.count()).toBe(20);
      await expectAccessible(page, 'zen mode');
      const item = await unitOf('Item 01');
      const field = page.locator(`#zen-${item.id}-target-0`);
      await field.fill('Položka 1');
      // Leaving the field saves it, without leaving the page.
      await page.locator(`#zen-${(await unitOf('Item 02')).id}-target-0`).focus();
      await expect.poll(() => page.locator(`#zen-${item.id}-status`).textContent()).toBe('Saved.');
      expect((await unitOf('Item 01')).target).toEqual(['Položka 1']);
      expect(page.url()).toContain('view=zen');
      // Ctrl+Enter saves too and moves on.
      const second = await unitOf('Item 02');
      await page.locator(`#zen-${second.id}-target-0`).fill('Položka 2');
      await page.keyboard.press('Control+Enter');
      await expect.poll(async () => (await unitOf('Item 02')).target).toEqual(['Položka 2']);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(`zen-${(await unitOf('Item 03')).id}-target-0`);
      // A refused save says why next to the row.
      const open = await unitOf('Open');
      const sourceId = Number(open.source_unit.split('/').filter(Boolean).pop());
      await json(await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: 'max-length:1' } }));
      const openField = page.locator(`#zen-${open.id}-target-0`);
      await openField.fill('x'.repeat(1200));
      await page.locator(`#zen-${open.id}-save`).click();
      await expect.poll(() => page.locator(`#zen-${open.id}-status`).textContent()).toContain('too long');
      expect(await openField.getAttribute('aria-invalid')).toBe('true');
      // Chromium logs the refusal's 400 as a failed resource load: expected here, and the only such entry.
      expect(problems.filter((p) => p.includes('/zen/') && p.includes('400'))).toHaveLength(1);
      problems.splice(0, problems.length, ...problems.filter((p) => !(p.includes('/zen/') && p.includes('400'))));
      await json(await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: '' } }));
      // Scrolling to the end loads the remaining strings in place.
      await page.locator('#zen-next').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBe(27);
      expect(await page.locator('#zen-next').count()).toBe(0);
      expect(page.url()).not.toContain('offset=20');
    }));

  it('changes the state of the strings a search finds in bulk', () =>
    withPage(browser(), `${dialect}-editor-bulk`, async ({ page }) => {
      expect((await unitOf('Goodbye world')).state).toBe(10);
      await signInPage(page, s.url, 'boss', UI_PASSWORD, '/translate/pub/app/cs/?view=list&q=state%3Aneeds-editing');
      await Promise.all([page.waitForURL(/\/bulk\//), page.click('#bulk-edit-link')]);
      expect(await page.locator('#matched').textContent()).toContain('1 string matches the search.');
      await expectAccessible(page, 'bulk edit page');
      await page.selectOption('#id_state', '20');
      await Promise.all([page.waitForURL(/done=bulk/), page.click('#bulk-submit')]);
      expect(await page.locator('#bulk-result').textContent()).toContain('1 string changed');
      expect((await unitOf('Goodbye world')).state).toBe(20);
    }));
});
