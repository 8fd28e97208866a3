// The web UI in a real Chromium: sign in, translate with the keyboard, statistics,
// shortcuts, memory matches, suggestions, comments, right-to-left, and accessibility at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, POT } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, type BrowserRun, withPage } from './browser.js';
import { contrastProblems, focusStops, labelsNotInName, overflow, unnamedControls } from './a11y.js';

/** A second component whose Hebrew file puts "Goodbye world" into the translation memory. */
const HE_PO = `msgid ""
msgstr ""
"Language: he\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:11
msgid "Goodbye world"
msgstr "שלום עולם"
`;

const TRANSLATOR = { username: 'tina', password: 'tina-password-7', name: 'Tina Translator' };

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('web UI in Chromium on %s', (dialect) => {
  let s: TestServer;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitBySource = async (lang: string, source: string, component = 'app') => {
    const body = await json(await s.api(`/api/translations/pub/${component}/${lang}/units/?page_size=100`));
    return (body.results as { id: number; source: string[]; target: string[]; state: number }[]).find((u) => u.source[0] === source)!;
  };
  /**
   * A test with a fresh browser page; a failure leaves test-results/<dialect>-<name>.png behind. Tests of what the
   * page itself does (layout, keys, accessibility) run on SQLite only: the database behind it changes nothing
   * there, and the suite has to stay short for CI.
   */
  const browse = (name: string, body: (run: BrowserRun) => Promise<void>, o: { viewport?: { width: number; height: number }; pageOnly?: boolean } = {}) => {
    if (o.pageOnly && dialect !== 'sqlite') return;
    it(name, () => withPage(browser(), `${dialect}-${name}`, body, { viewport: o.viewport }));
  };

  /** Signs in through the form, as a person would, and lands on `next`. */
  const signIn = (page: Page, who: { username: string; password: string }, next = '/') => signInPage(page, s.url, who.username, who.password, next);
  const admin = { username: 'admin', password: 'admin-password' };
  /** The count of a row of the statistics table on a translation page. */
  const statCount = (page: Page, row: string) =>
    page.evaluate((label) => {
      const tr = [...document.querySelectorAll('#statistics tbody tr')].find((r) => r.querySelector('th')?.textContent?.trim() === label);
      return tr ? Number(tr.querySelector('td.num')?.textContent) : NaN;
    }, row);

  beforeAll(async () => {
    s = await startServer(dialect);
    await s.container.users.create({ username: TRANSLATOR.username, email: 'tina@example.com', full_name: TRANSLATOR.name, password: TRANSLATOR.password });
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    await json(await s.api('/api/components/pub/app/translations/', { method: 'POST', json: { language_code: 'he' } }), 201);
    await json(await createPoComponent(s, 'pub', 'extra', buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/he.po', data: HE_PO }])), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  browse('signs in, saves a translation with Ctrl+Enter and sees the statistics change', async ({ page }) => {
    await page.goto(`${s.url}/`);
    await page.click('#sign-in');
    await page.fill('#id_username', TRANSLATOR.username);
    await page.fill('#id_password', TRANSLATOR.password);
    await Promise.all([page.waitForURL(`${s.url}/`), page.press('#id_password', 'Enter')]);
    expect(await page.locator('#username').textContent()).toBe(TRANSLATOR.name);

    // The dashboard lists the project with a drawn progress bar (the stylesheet gives the bar its width).
    const row = page.locator('#projects tbody tr', { has: page.locator('a[href="/projects/pub/"]') });
    expect(await row.locator('.progress').getAttribute('aria-label')).toMatch(/^PUB: [\d.]+% translated/);
    const done = await row.locator('.progress .done').boundingBox();
    const bar = await row.locator('.progress').boundingBox();
    expect(done!.width).toBeGreaterThan(0);
    expect(done!.width).toBeLessThan(bar!.width);

    // Project → component → translation through the links.
    await Promise.all([page.waitForURL(`${s.url}/projects/pub/`), row.locator('a[href="/projects/pub/"]').click()]);
    await Promise.all([page.waitForURL(`${s.url}/projects/pub/app/`), page.click('#components a[href="/projects/pub/app/"]')]);
    await Promise.all([page.waitForURL(`${s.url}/projects/pub/app/cs/`), page.click('#translations a[href="/projects/pub/app/cs/"]')]);
    const translatedBefore = await statCount(page, 'Translated');
    const apiBefore = await json(await s.api('/api/translations/pub/app/cs/statistics/'));
    expect(translatedBefore).toBe(apiBefore.translated);

    // The editor opens on the first string; Ctrl+↓ moves on to "Open" (the third, untranslated).
    await Promise.all([page.waitForURL(`${s.url}/translate/pub/app/cs/`), page.click('#translate')]);
    expect(await page.locator('#position').textContent()).toBe('String 1 of 4');
    await Promise.all([page.waitForURL(/offset=1$/), page.keyboard.press('Control+ArrowDown')]);
    await Promise.all([page.waitForURL(/offset=2$/), page.keyboard.press('Control+ArrowDown')]);
    expect(await page.locator('#source-0').textContent()).toBe('Open');

    await page.click('#target-0');
    await page.keyboard.type('Otevřít');
    await Promise.all([page.waitForURL(/\?offset=3&done=saved$/), page.keyboard.press('Control+Enter')]);
    expect(await page.locator('#notice').textContent()).toContain('Translation saved.');
    expect(await page.locator('#position').textContent()).toBe('String 4 of 4');
    expect(await page.locator('#source-0').textContent()).toBe('One file');

    const unit = await unitBySource('cs', 'Open');
    expect(unit.target).toEqual(['Otevřít']);
    expect(unit.state).toBe(20);

    // Back on the translation page (breadcrumb), one more string counts as translated.
    await Promise.all([page.waitForURL(`${s.url}/projects/pub/app/cs/`), page.click('nav.crumbs a[href="/projects/pub/app/cs/"]')]);
    expect(await statCount(page, 'Translated')).toBe(translatedBefore + 1);
    expect((await json(await s.api('/api/translations/pub/app/cs/statistics/'))).translated).toBe(translatedBefore + 1);
  });

  browse('labels each plural field with its form and example numbers and saves every form', async ({ page }) => {
    await signIn(page, TRANSLATOR, '/translate/pub/app/cs/?offset=3');
    expect(await page.locator('#source-0').textContent()).toBe('One file');
    // The Czech file's own Plural-Forms has three forms: 1, 2–4, and the rest.
    const labels = await page.locator('label[for^="target-"]').allTextContents();
    expect(labels).toEqual(['Translation, plural form 1: one (1)', 'Translation, plural form 2: few (2, 3, 4)', 'Translation, plural form 3: other (0, 5, 6, 7, 8, 9, …)']);
    const forms = ['%d soubor', '%d soubory', '%d souborů'];
    for (const [i, text] of forms.entries()) await page.fill(`#target-${i}`, text);
    await Promise.all([page.waitForURL(/done=saved/), page.click('#save')]);
    expect((await unitBySource('cs', 'One file')).target).toEqual(forms);
    const file = await (await s.api('/api/translations/pub/app/cs/file/')).text();
    expect(file).toContain('msgstr[0] "%d soubor"\nmsgstr[1] "%d soubory"\nmsgstr[2] "%d souborů"\n');
  });

  browse('opens the shortcut help with ?, copies the source with Ctrl+B and toggles Needs editing with Ctrl+E', async ({ page }) => {
    const unit = await unitBySource('cs', 'Goodbye world');
    await signIn(page, TRANSLATOR, `/translate/pub/app/cs/?id=${unit.id}`);
    const dialog = page.locator('#shortcuts');
    expect(await dialog.isVisible()).toBe(false);
    await page.keyboard.press('?');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('Save and go to the next string');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The script shows the button that opens the same help.
    await page.click('#shortcuts-open');
    await dialog.waitFor({ state: 'visible' });
    await page.click('#shortcuts-close');
    await dialog.waitFor({ state: 'hidden' });

    // "?" typed into a translation is text, not the shortcut.
    const field = page.locator('#target-0');
    await field.fill('');
    await field.press('?');
    expect(await field.inputValue()).toBe('?');
    expect(await dialog.isVisible()).toBe(false);

    await field.press('Control+b');
    expect(await field.inputValue()).toBe('Goodbye world');
    const fuzzy = page.locator('#fuzzy');
    expect(await fuzzy.isChecked()).toBe(true);
    await field.press('Control+e');
    expect(await fuzzy.isChecked()).toBe(false);
    // The Copy source button does the same as Ctrl+B.
    await field.fill('x');
    await page.click('#copy-source-0');
    expect(await field.inputValue()).toBe('Goodbye world');
    // Saved with the box cleared, the string is translated.
    await Promise.all([page.waitForURL(/done=saved/), field.press('Control+Shift+Enter')]);
    const saved = await unitBySource('cs', 'Goodbye world');
    expect(saved.target).toEqual(['Goodbye world']);
    expect(saved.state).toBe(20);
  }, { pageOnly: true });

  browse('fills a right-to-left field from a translation memory match', async ({ page }) => {
    const unit = await unitBySource('he', 'Goodbye world');
    expect(unit.target).toEqual(['']);
    await signIn(page, TRANSLATOR, `/translate/pub/app/he/?id=${unit.id}`);
    const field = page.locator('#target-0');
    expect(await field.getAttribute('dir')).toBe('rtl');
    expect(await field.getAttribute('lang')).toBe('he');
    expect(await field.evaluate((el) => [getComputedStyle(el).direction, getComputedStyle(el).textAlign])).toEqual(['rtl', 'right']);
    expect(await page.locator('#source-0').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    await page.click('#machinery-load');
    const match = page.locator('#machinery-results li', { has: page.locator('button[aria-label="Use this translation: שלום עולם"]') });
    const use = match.locator('button');
    await use.waitFor();
    expect(await page.locator('#machinery-status').textContent()).toMatch(/^\d+ match(es)?\./);
    expect(await match.locator('.source-text').getAttribute('dir')).toBe('rtl');
    expect(await match.locator('.muted').textContent()).toMatch(/^Parla translation memory · 100% · source: Goodbye world$/);
    await use.click();
    expect(await field.inputValue()).toBe('שלום עולם');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('target-0');
    // Ctrl+M loads the matches again from the keyboard.
    await page.evaluate(() => (document.getElementById('machinery-status')!.textContent = ''));
    await field.press('Control+m');
    await page.waitForFunction(() => /match/.test(document.getElementById('machinery-status')!.textContent ?? ''));
    await Promise.all([page.waitForURL(/done=saved/), field.press('Control+Shift+Enter')]);
    expect((await unitBySource('he', 'Goodbye world')).target).toEqual(['שלום עולם']);
  });

  browse('adds a suggestion and a comment from the editor and deletes the suggestion', async ({ page }) => {
    const unit = await unitBySource('cs', 'Hello');
    await signIn(page, TRANSLATOR, `/translate/pub/app/cs/?id=${unit.id}`);
    await page.fill('#target-0', 'Nazdar');
    await Promise.all([page.waitForURL(/done=suggested/), page.click('#suggest')]);
    expect(await page.locator('#notice').textContent()).toContain('Suggestion added.');
    const listed = page.locator('#suggestions li.suggestion');
    expect(await listed.count()).toBe(1);
    expect(await listed.locator('.source-text').textContent()).toBe('Nazdar');
    const suggestions = (await json(await s.api(`/api/units/${unit.id}/suggestions/`))).results as { id: number; target: string[] }[];
    expect(suggestions.map((x) => x.target)).toEqual([['Nazdar']]);
    expect((await unitBySource('cs', 'Hello')).target).toEqual(['Ahoj']);

    // The comment is posted by the script: the page stays, and so does what was typed in the translation.
    const here = page.url();
    await page.fill('#target-0', 'Čau');
    await page.fill('#comment-text', 'Is this too informal?');
    await page.click('#comment-submit');
    await page.locator('#comments li.comment', { hasText: 'Is this too informal?' }).waitFor();
    expect(page.url()).toBe(here);
    expect(await page.inputValue('#target-0')).toBe('Čau');
    expect(await page.locator('#notice').textContent()).toContain('Comment added.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('notice');
    // Ctrl+Enter in the comment field adds the comment; it does not save the translation.
    await page.fill('#comment-text', 'Or is it fine?');
    await page.press('#comment-text', 'Control+Enter');
    await page.locator('#comments li.comment', { hasText: 'Or is it fine?' }).waitFor();
    expect(page.url()).toBe(here);
    expect(await page.inputValue('#target-0')).toBe('Čau');
    expect((await unitBySource('cs', 'Hello')).target).toEqual(['Ahoj']);
    expect(await page.locator('#comments li.comment').count()).toBe(2);

    // Deleting asks first; the list is refreshed in place.
    const id = suggestions[0]!.id;
    page.once('dialog', (d) => void d.accept());
    await page.click(`#delete-${id}`);
    await page.locator(`#suggestion-${id}`).waitFor({ state: 'detached' });
    await page.locator('#no-suggestions').waitFor();
    expect(await page.inputValue('#target-0')).toBe('Čau');
    expect((await json(await s.api(`/api/units/${unit.id}/suggestions/`))).results).toEqual([]);
  });

  browse('votes for a suggestion in place, keeping what was typed', async ({ page }) => {
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { suggestion_voting: true } }));
    const unit = await unitBySource('de', 'Goodbye world');
    const created = await json(await s.api(`/api/units/${unit.id}/suggestions/`, { method: 'POST', json: { target: ['Tschüss Welt'] } }), 201);
    await signIn(page, TRANSLATOR, `/translate/pub/app/de/?id=${unit.id}`);
    // The author's own vote counts from the start.
    expect(await page.locator(`#suggestion-${created.id}`).textContent()).toContain('1 vote');
    const here = page.url();
    await page.fill('#target-0', 'Bis bald, Welt');
    // The vote buttons are named "action": the script must still post to the form's address.
    await page.click(`#upvote-${created.id}`);
    await page.locator(`#suggestion-${created.id}`, { hasText: '2 votes' }).waitFor();
    expect(page.url()).toBe(here);
    expect(await page.inputValue('#target-0')).toBe('Bis bald, Welt');
    expect(await page.locator('#notice').textContent()).toContain('Vote recorded.');
    const listed = (await json(await s.api(`/api/units/${unit.id}/suggestions/`))).results as { id: number; votes?: number }[];
    expect(listed.find((x) => x.id === created.id)?.votes).toBe(2);
  });

  browse('searches, pages with Alt+PageDown / Alt+PageUp, opens the list view and signs out', async ({ page }) => {
    await signIn(page, TRANSLATOR, '/translate/pub/app/de/');
    await page.fill('#search-q', 'source:Goodbye');
    await Promise.all([page.waitForURL(/\?q=source%3AGoodbye$/), page.press('#search-q', 'Enter')]);
    expect(await page.locator('#position').textContent()).toBe('String 1 of 1');
    expect(await page.locator('#source-0').textContent()).toBe('Goodbye world');
    await page.goto(`${s.url}/translate/pub/app/de/`);
    await Promise.all([page.waitForURL(/offset=1$/), page.keyboard.press('Alt+PageDown')]);
    expect(await page.locator('#position').textContent()).toBe('String 2 of 4');
    await Promise.all([page.waitForURL(/offset=0$/), page.keyboard.press('Alt+PageUp')]);
    expect(await page.locator('#position').textContent()).toBe('String 1 of 4');
    await Promise.all([page.waitForURL(/view=list/), page.click('#list-view')]);
    expect(await page.locator('#units tbody tr').count()).toBe(4);
    await Promise.all([page.waitForURL(/offset=2$/), page.click('#units a[aria-label="Edit string 3"]')]);
    expect(await page.locator('#source-0').textContent()).toBe('Open');
    await Promise.all([page.waitForNavigation(), page.click('#sign-out')]);
    await page.locator('#sign-in').waitFor();
    expect(await page.locator('#translate-form').count()).toBe(0);
  }, { pageOnly: true });

  const PAGES = ['/', '/accounts/login/', '/projects/pub/', '/projects/pub/app/', '/projects/pub/app/cs/', '/languages/cs/', '/translate/pub/app/cs/?offset=3', '/translate/pub/app/he/?offset=1', '/translate/pub/app/de/?offset=1', '/translate/pub/app/cs/?view=list'];

  browse('names every field and keeps text contrast at AA on every page', async ({ page }) => {
    await signIn(page, admin);
    for (const path of PAGES) {
      await page.goto(`${s.url}${path}`);
      expect(await unnamedControls(page), path).toEqual([]);
      expect(await labelsNotInName(page), path).toEqual([]);
      const contrast = await contrastProblems(page);
      expect(contrast.checked, path).toBeGreaterThan(10);
      expect(contrast.problems, path).toEqual([]);
    }
    // The dialog's text, too, once open.
    await page.keyboard.press('?');
    await page.locator('#shortcuts').waitFor();
    expect((await contrastProblems(page)).problems).toEqual([]);
  }, { pageOnly: true });

  browse('moves the focus through the editor in reading order', async ({ page }) => {
    const unit = await unitBySource('cs', 'One file');
    await signIn(page, TRANSLATOR, `/translate/pub/app/cs/?id=${unit.id}`);
    const stops = await focusStops(page, 40);
    const at = (id: string) => {
      const i = stops.indexOf(id);
      expect(i, `${id} in ${stops.join(' ')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    // The skip link comes first, then the header, the search, the string navigation, and the fields in form order.
    expect(stops[0]).toBe('a:Skip to content');
    const order = ['#sign-out', '#search-q', '#search-submit', '#prev', '#list-view', '#shortcuts-open', '#target-0', '#copy-source-0', '#target-1', '#target-2', '#fuzzy', '#save-next', '#save', '#suggest', '#machinery-load'].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The skip link takes the keyboard straight to the content.
    await page.goto(page.url());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // A visible focus ring on the translation field.
    await page.focus('#target-0');
    expect(await page.locator('#target-0').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  }, { pageOnly: true });

  browse(
    'fits a 360 px wide phone screen without sideways scrolling',
    async ({ page }) => {
      await signIn(page, admin);
      for (const path of PAGES) {
        await page.goto(`${s.url}${path}`);
        const o = await overflow(page);
        expect(o.scrollWidth, `${path}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        expect(o.scrollingTables, path).toEqual([]);
      }
      // The editor's save button is on the screen (once scrolled to) and inside its width.
      await page.goto(`${s.url}/translate/pub/app/cs/?offset=0`);
      // The search is one line high (it once grew to 14rem tall, a flex basis meant for its width).
      expect((await page.locator('#search-q').boundingBox())!.height).toBeLessThan(60);
      const save = page.locator('#save-next');
      await save.scrollIntoViewIfNeeded();
      expect(await save.isVisible()).toBe(true);
      const box = (await save.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      // Translation field and source side by side would not fit: they stack.
      const source = (await page.locator('#source-0').boundingBox())!;
      const target = (await page.locator('#target-0').boundingBox())!;
      expect(target.y).toBeGreaterThan(source.y + source.height);
      expect(target.width).toBeGreaterThan(250);
    },
    { viewport: { width: 360, height: 740 }, pageOnly: true },
  );
});
