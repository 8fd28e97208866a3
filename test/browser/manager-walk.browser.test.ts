// A localization manager runs a project from the browser alone, in a real Chromium: signs in, creates a project, makes a
// component from a local upstream repository through discovery, adds a language and a translator, sets up the
// project's resources, lets the translator translate, then commits and pushes and finds the translation upstream.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { unnamedControls } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('a manager runs a project from the browser on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  let work: string;

  /** Follows a link or submits a form and waits for the address it leads to. */
  const go = async (page: Page, url: string | RegExp, selector: string) => {
    await Promise.all([page.waitForURL(typeof url === 'string' ? `${s.url}${url}` : url), page.click(selector)]);
    expect(await unnamedControls(page), page.url()).toEqual([]);
  };

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-manager-walk-'));
    ({ bare, work } = gitUpstream(root, { 'po/shop.pot': POT, 'po/cs.po': CS_PO, 'README.md': '# Shop\n' }));
    // Marta may create projects (the site-wide "Project creators" team); Tomas is a translator with an account only.
    await userWithPassword(s, 'marta');
    await userWithPassword(s, 'tomas');
    const groups = (await (await s.api('/api/groups/?page_size=200')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const creators = groups.find((g) => g.name === 'Project creators' && g.defining_project === null)!;
    expect((await s.api('/api/users/marta/groups/', { method: 'POST', json: { group_id: creators.id } })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sets up a project, a translator translates, and the translation reaches the upstream repository', () =>
    withPage(browser(), `${dialect}-manager-walk`, async ({ page, problems }) => {
      // The manager creates the project from the dashboard.
      await signInPage(page, s.url, 'marta', UI_PASSWORD);
      await go(page, '/create/project/', '#add-project');
      await page.fill('#id_name', 'Corner Shop');
      await page.fill('#id_web', 'https://shop.example/');
      await go(page, '/settings/corner-shop/?saved=created', '#project-create-submit');
      // Only superusers create protected projects; its administrator then makes it protected (everyone may look, only
      // the project's teams may translate).
      await page.selectOption('#id_access_control', '1');
      await go(page, '/settings/corner-shop/?saved=settings', '#project-settings-submit');

      // A component from the upstream repository: discovery proposes po/*.po, which is chosen.
      await page.goto(`${s.url}/projects/corner-shop/`);
      await go(page, '/create/component/?project=corner-shop', '#add-component');
      await page.fill('#id_discover_repo', `file://${bare}`);
      await page.fill('#id_discover_branch', 'main');
      await go(page, /\/create\/component\/discover\/\?project=corner-shop&task=/, '#discover-component-submit');
      await page.waitForSelector('#discovered-0', { timeout: 30_000 });
      expect(await page.textContent('#discovered-0')).toBe('po/*.po');
      await go(page, /\/create\/component\/\?/, '#discovered-0');
      await page.fill('#id_name', 'Storefront');
      await page.fill('#id_slug', 'storefront');
      await go(page, '/projects/corner-shop/storefront/?done=component_created', '#create-component-submit');
      await expect.poll(async () => (await (await s.api('/api/components/corner-shop/storefront/translations/')).json()).count, { timeout: 30_000 }).toBe(2);

      // German is added from the component's settings.
      await go(page, '/settings/corner-shop/storefront/', '#component-settings-link');
      await page.fill('#id_language_code', 'de');
      await go(page, /\/settings\/corner-shop\/storefront\/\?saved=language$/, '#component-add-language-submit');
      expect((await s.api('/api/translations/corner-shop/storefront/de/')).status).toBe(200);

      // Tomas joins the project's translators.
      await page.goto(`${s.url}/projects/corner-shop/`);
      await go(page, '/access/corner-shop/', '#project-access-link');
      await page.fill('#id_user', 'tomas');
      await page.selectOption('#id_group', { label: 'Translate' });
      await go(page, '/access/corner-shop/?done=added', '#add-member-submit');
      await page.click('#sign-out');
      await page.waitForURL(/\/$/);

      // The translator signs in and translates the first string into German.
      await signInPage(page, s.url, 'tomas', UI_PASSWORD, '/translate/corner-shop/storefront/de/');
      expect(await page.textContent('#source-0')).toBe('Hello');
      await page.fill('#target-0', 'Hallo');
      await go(page, /done=saved/, '#save');
      expect(await page.textContent('#notice')).toContain('Translation saved.');
      await page.click('#sign-out');
      await page.waitForURL(/\/$/);

      // The manager commits and pushes from the component page; the upstream repository has the translation.
      await signInPage(page, s.url, 'marta', UI_PASSWORD, '/projects/corner-shop/storefront/');
      await go(page, /\/projects\/corner-shop\/storefront\/\?done=commit$/, '#repo-commit');
      await go(page, /\/projects\/corner-shop\/storefront\/\?done=push$/, '#repo-push');
      git(work, 'pull', '--quiet', 'origin', 'main');
      const pushed = fs.readFileSync(path.join(work, 'po/de.po'), 'utf8');
      expect(pushed).toMatch(/msgid "Hello"\nmsgstr "Hallo"/);
      expect(git(work, 'log', '-1', '--format=%an')).toBe('tomas');
      expect(problems).toEqual([]);
    }));
});
