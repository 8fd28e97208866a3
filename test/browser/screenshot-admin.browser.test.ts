// Screenshots in a real Chromium: from the component page to the screenshots list, a PNG uploaded, source strings found with
// the query language and two of them ticked (one from the keyboard) and assigned, then listed on the screenshot and in the API;
// the labels page reached from the project settings; every page names its controls, keeps AA contrast, shows its image
// under the page's CSP and fits a 360 px screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { expectAccessible, overflow } from './a11y.js';

const browser = browserForFile();

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('screenshots in Chromium on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let shotAddress = '';

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-browser-screenshots-'));
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('uploads a screenshot, finds two strings with the query language and assigns them', () =>
    withPage(browser(), `${dialect}-screenshot-admin`, async ({ page, problems }) => {
      await signInPage(page, s.url, 'admin', 'admin-password');
      await page.goto(`${s.url}/projects/shop/app/`);
      await Promise.all([page.waitForURL(`${s.url}/screenshots/shop/app/`), page.click('#component-screenshots-link')]);
      await expectAccessible(page, 'list');

      const png = path.join(root, 'login.png');
      fs.writeFileSync(png, PNG);
      await page.fill('#id_name', 'Login dialog');
      await page.setInputFiles('#id_image', png);
      expect(await page.inputValue('#id_language_code')).toBe('en');
      await Promise.all([page.waitForURL(/\/screenshots\/shop\/app\/\d+\/\?done=screenshot_added$/), page.click('#screenshot-upload-submit')]);
      shotAddress = page.url().replace(/\?.*$/, '');
      expect(await page.textContent('#notice')).toContain('The screenshot is uploaded.');
      // The image loads from the page's own address, which the CSP allows.
      expect(await page.$eval('#screenshot-image', (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
      await expectAccessible(page, 'uploaded');

      await page.fill('#id_q', 'source:hello OR source:goodbye');
      await Promise.all([page.waitForURL(/\?q=/), page.click('#string-search-submit')]);
      const boxes = page.locator('#assign-strings input[type=checkbox]');
      expect(await boxes.count()).toBe(2);
      await expectAccessible(page, 'search results');
      await boxes.nth(0).check();
      // The second one from the keyboard.
      await boxes.nth(1).focus();
      await page.keyboard.press('Space');
      expect(await boxes.nth(1).isChecked()).toBe(true);
      await Promise.all([page.waitForURL(/done=strings_assigned/), page.click('#assign-strings-submit')]);
      expect(await page.textContent('#notice')).toBe('The strings are assigned.');
      const listed = await page.textContent('#assigned-strings');
      expect(listed).toContain('Hello');
      expect(listed).toContain('Goodbye world');
      await expectAccessible(page, 'assigned');

      const shots = (await (await s.api('/api/components/shop/app/screenshots/')).json()).results as { name: string; units: string[] }[];
      expect(shots).toEqual([expect.objectContaining({ name: 'Login dialog', units: [expect.stringMatching(/\/api\/units\/\d+\/$/), expect.stringMatching(/\/api\/units\/\d+\/$/)] })]);
      await page.goto(`${s.url}/screenshots/shop/app/`);
      expect(await page.textContent('#screenshots')).toContain('2 strings assigned');
      expect(problems).toEqual([]);
    }));

  it('shows the labels page with named controls, swatches named in text and AA contrast', () =>
    withPage(browser(), `${dialect}-label-admin`, async ({ page, problems }) => {
      expect((await s.api('/api/projects/shop/labels/', { method: 'POST', json: { name: 'Needs context', color: 'yellow' } })).status).toBe(201);
      await signInPage(page, s.url, 'admin', 'admin-password');
      await page.goto(`${s.url}/settings/shop/`);
      await Promise.all([page.waitForURL(`${s.url}/labels/shop/`), page.click('#labels-link')]);
      expect(await page.textContent('#labels tbody tr')).toContain('Yellow');
      await expectAccessible(page, 'labels');
      await page.fill('#id_name', 'Blocked');
      await page.selectOption('#id_color', 'red');
      await Promise.all([page.waitForURL(`${s.url}/labels/shop/?done=label_added`), page.click('#label-create-submit')]);
      expect(await page.textContent('#labels')).toContain('Blocked');
      await expectAccessible(page, 'label added');
      expect(problems).toEqual([]);
    }));

  it('fits the screenshots and labels pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-screenshot-admin-narrow`,
      async ({ page }) => {
        await signInPage(page, s.url, 'admin', 'admin-password');
        expect(shotAddress).not.toBe('');
        for (const address of ['/labels/shop/', '/screenshots/shop/app/', `${shotAddress.replace(s.url, '')}?q=${encodeURIComponent('source:hello OR source:goodbye OR source:open')}`]) {
          await page.goto(`${s.url}${address}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
