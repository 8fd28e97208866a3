// A manager runs a project from the browser in a real Chromium: adds a project (the slug filled from the name as it is
// typed), changes its settings, adds and moves a category, and deletes the project after typing its slug; every page
// names its fields, keeps AA contrast and fits a 360 px screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, withPage } from './browser.js';
import { expectAccessible, overflow } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('project administration in Chromium on %s', (dialect) => {
  let s: TestServer;

  const signIn = (page: Page) => signInPage(page, s.url, 'admin', 'admin-password');

  beforeAll(async () => {
    s = await startServer(dialect);
  }, 60_000);
  afterAll(() => s?.close());

  it('creates, configures, organises and deletes a project', () =>
    withPage(browser(), `${dialect}-project-admin`, async ({ page, problems }) => {
      await signIn(page);
      await Promise.all([page.waitForURL(`${s.url}/create/project/`), page.click('#add-project')]);
      await expectAccessible(page, 'create');
      await page.fill('#id_name', 'Garden Helper');
      // The slug follows the name until it is edited by hand.
      expect(await page.inputValue('#id_slug')).toBe('garden-helper');
      await page.fill('#id_web', 'not a website');
      await page.selectOption('#id_access_control', '1');
      await page.click('#project-create-submit');
      // Refused: the message is next to the website field, what was typed is kept.
      await expect.poll(() => page.locator('#id_web_error').count()).toBe(1);
      expect(await page.getAttribute('#id_web', 'aria-describedby')).toContain('id_web_error');
      expect(await page.inputValue('#id_name')).toBe('Garden Helper');
      expect(await page.inputValue('#id_access_control')).toBe('1');
      await expectAccessible(page, 'create refused');
      // The refused form is answered with a 400, which Chromium reports as a failed load: expected here, and only this once.
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/create\/project\//)]);
      await page.fill('#id_web', 'https://garden.example/');
      await Promise.all([page.waitForURL(`${s.url}/settings/garden-helper/?saved=created`), page.click('#project-create-submit')]);
      expect(await page.textContent('#notice')).toContain('The project is created.');
      await expectAccessible(page, 'settings');

      // Settings: review on, a license, then saved and shown again.
      await page.check('#id_translation_review');
      await page.fill('#id_license', 'MIT');
      await page.selectOption('#id_commit_policy', '30');
      await Promise.all([page.waitForURL(`${s.url}/settings/garden-helper/?saved=settings`), page.click('#project-settings-submit')]);
      expect(await page.isChecked('#id_translation_review')).toBe(true);
      expect(await page.inputValue('#id_license')).toBe('MIT');
      const api = await (await s.api('/api/projects/garden-helper/')).json();
      expect(api).toMatchObject({ translation_review: true, license: 'MIT', commit_policy: 30, access_control: 1 });

      // Categories: two, the second moved into the first.
      await Promise.all([page.waitForURL(`${s.url}/settings/garden-helper/categories/`), page.click('#categories-link')]);
      await expectAccessible(page, 'categories');
      await page.fill('#id_name', 'Plants');
      expect(await page.inputValue('#id_slug')).toBe('plants');
      await Promise.all([page.waitForURL(/\?saved=category_added$/), page.click('#category-create-submit')]);
      await page.fill('#id_name', 'Trees');
      await Promise.all([page.waitForURL(/\?saved=category_added$/), page.click('#category-create-submit')]);
      await Promise.all([page.waitForURL(/\/categories\/\d+\/$/), page.click('#categories a:text("Trees")')]);
      await expectAccessible(page, 'category');
      await page.selectOption('#id_category', { label: 'Plants' });
      await Promise.all([page.waitForURL(/\?saved=category_saved$/), page.click('#category-edit-submit')]);
      expect(await page.textContent('h1')).toBe('Category Plants / Trees');

      // Deleting: a wrong slug is refused next to the field, the right one deletes the project.
      await page.goto(`${s.url}/settings/garden-helper/`);
      await Promise.all([page.waitForURL(`${s.url}/settings/garden-helper/delete/`), page.click('#delete-link')]);
      await expectAccessible(page, 'delete');
      await page.fill('#id_confirm', 'garden');
      await page.click('#project-delete-submit');
      await expect.poll(() => page.locator('#id_confirm_error').count()).toBe(1);
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/settings\/garden-helper\/delete\//)]);
      expect((await s.api('/api/projects/garden-helper/')).status).toBe(200);
      await page.fill('#id_confirm', 'garden-helper');
      await Promise.all([page.waitForURL(`${s.url}/?done=project_deleted`), page.click('#project-delete-submit')]);
      expect(await page.textContent('#notice')).toBe('The project is deleted.');
      expect((await s.api('/api/projects/garden-helper/')).status).toBe(404);
    }));

  it('fits the administration pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-project-admin-narrow`,
      async ({ page }) => {
        await signIn(page);
        expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Narrow', slug: 'narrow', web: 'https://example.com/' } })).status).toBe(201);
        for (const path of ['/create/project/', '/settings/narrow/', '/settings/narrow/categories/', '/settings/narrow/delete/']) {
          await page.goto(`${s.url}${path}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${path}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
