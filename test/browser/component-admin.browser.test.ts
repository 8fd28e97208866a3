// A manager adds components from the browser in a real Chromium: from the project page to the creation form, a refused
// slug kept next to its field, a ZIP upload, then a repository discovery whose progress page ends in proposed file layouts and
// a component made from the one picked, its settings saved, a lock, and a deletion after typing the slug; every page names
// its fields, keeps AA contrast and fits a 360 px screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, DE_PO, POT, poZip } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, withPage } from './browser.js';
import { expectAccessible, overflow } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('component administration in Chromium on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;

  const signIn = (page: Page) => signInPage(page, s.url, 'admin', 'admin-password');

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Shop', slug: 'shop', web: 'https://example.com/' } })).status).toBe(201);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-browser-discovery-'));
    bare = gitUpstream(root, { 'po/shop.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO }).bare;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('adds a component from a ZIP file and one from a discovered repository', () =>
    withPage(browser(), `${dialect}-component-admin`, async ({ page, problems }) => {
      await signIn(page);
      await page.goto(`${s.url}/projects/shop/`);
      await Promise.all([page.waitForURL(`${s.url}/create/component/?project=shop`), page.click('#add-component')]);
      await expectAccessible(page, 'create');

      // A ZIP upload with a slug that is not one: refused next to the field, the rest kept.
      const zip = path.join(root, 'app.zip');
      fs.writeFileSync(zip, poZip());
      await page.fill('#id_name', 'App');
      await page.fill('#id_slug', 'not a slug');
      await page.setInputFiles('#id_zipfile', zip);
      await page.fill('#id_filemask', 'po/*.po');
      await page.fill('#id_new_base', 'po/app.pot');
      await page.click('#create-component-submit');
      await expect.poll(() => page.locator('#id_slug_error').count()).toBe(1);
      expect(await page.getAttribute('#id_slug', 'aria-describedby')).toContain('id_slug_error');
      expect(await page.inputValue('#id_filemask')).toBe('po/*.po');
      await expectAccessible(page, 'create refused');
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/create\/component\//)]);
      await page.fill('#id_slug', 'app');
      await page.setInputFiles('#id_zipfile', zip);
      await Promise.all([page.waitForURL(`${s.url}/projects/shop/app/?done=component_created`), page.click('#create-component-submit')]);
      expect(await page.textContent('#notice')).toContain('Component created.');

      // Discovery: the progress page ends in the layouts found; the one picked fills the form in.
      await page.goto(`${s.url}/create/component/?project=shop`);
      await page.fill('#id_discover_repo', `file://${bare}`);
      await page.fill('#id_discover_branch', 'main');
      await Promise.all([page.waitForURL(/\/create\/component\/discover\/\?project=shop&task=/), page.click('#discover-component-submit')]);
      await page.waitForSelector('#discovered-0', { timeout: 20_000 });
      await expectAccessible(page, 'discovered');
      expect(await page.textContent('#discovered-0')).toBe('po/*.po');
      await Promise.all([page.waitForURL(/\/create\/component\/\?/), page.click('#discovered-0')]);
      expect(await page.inputValue('#id_repo')).toBe(`file://${bare}`);
      expect(await page.inputValue('#id_filemask')).toBe('po/*.po');
      expect(await page.inputValue('#id_new_base')).toBe('po/shop.pot');
      await page.fill('#id_name', 'Shop strings');
      await page.fill('#id_slug', 'strings');
      // The clone runs as a task whose progress page ends, without a reload, with a link to the component.
      await Promise.all([page.waitForURL(/\/tasks\/[0-9a-f-]{36}\/$/), page.click('#create-component-submit')]);
      await page.waitForSelector('#task-result', { timeout: 30_000 });
      await Promise.all([page.waitForURL(`${s.url}/projects/shop/strings/`), page.click('#task-back')]);
      await expect.poll(async () => (await (await s.api('/api/components/shop/strings/translations/')).json()).count, { timeout: 20_000 }).toBe(3);
      expect(problems).toEqual([]);

      // Settings: from the component page, saved, locked, then the component deleted after its slug is typed.
      await page.goto(`${s.url}/projects/shop/app/`);
      await Promise.all([page.waitForURL(`${s.url}/settings/shop/app/`), page.click('#component-settings-link')]);
      await expectAccessible(page, 'settings');
      await page.fill('#id_license', 'MIT');
      await page.check('#id_suggestion_voting');
      await Promise.all([page.waitForURL(`${s.url}/settings/shop/app/?saved=settings`), page.click('#component-settings-submit')]);
      expect(await page.textContent('#notice')).toBe('The settings are saved.');
      expect(await page.inputValue('#id_license')).toBe('MIT');
      expect(await page.isChecked('#id_suggestion_voting')).toBe(true);
      await Promise.all([page.waitForURL(`${s.url}/settings/shop/app/?saved=locked`), page.click('#component-lock-submit')]);
      expect(await page.textContent('#component-lock-submit')).toBe('Unlock');
      await page.fill('#id_confirm', 'app');
      await Promise.all([page.waitForURL(`${s.url}/projects/shop/?done=component_deleted`), page.click('#component-delete-submit')]);
      expect(await page.textContent('#notice')).toBe('Component deleted.');
      expect((await s.api('/api/components/shop/app/')).status).toBe(404);
    }));

  it('fits the creation and settings pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-component-admin-narrow`,
      async ({ page }) => {
        await signIn(page);
        for (const address of ['/create/component/?project=shop', '/settings/shop/strings/']) {
          await page.goto(`${s.url}${address}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
