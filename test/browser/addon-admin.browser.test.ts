// A manager installs, sees and uninstalls a component add-on in a real Chromium: from the component settings to the
// add-on list, the options form submitted from the keyboard, the add-on listed with its configuration, then uninstalled
// after the confirmation; every page names its controls, keeps AA contrast, and the add-on and machine translation
// pages fit a 360 px screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { expectAccessible, overflow, unnamedControls } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('add-on pages in Chromium on %s', (dialect) => {
  let s: TestServer;
  const BASE = '/settings/shop/app/addons/';
  const installed = async () => (await (await s.api('/api/components/shop/app/addons/')).json()).results as { id: number; name: string; configuration: Record<string, unknown> }[];

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
  }, 60_000);
  afterAll(async () => s?.close());

  it('installs an add-on through its options form, lists it and uninstalls it', () =>
    withPage(browser(), `${dialect}-addon-admin`, async ({ page, problems }) => {
      await signInPage(page, s.url, 'admin', 'admin-password', '/settings/shop/app/');
      await Promise.all([page.waitForURL(`${s.url}${BASE}`), page.click('#addons-link')]);
      await expectAccessible(page, 'list');
      await Promise.all([page.waitForURL(`${s.url}${BASE}install/weblate.gettext.mo/`), page.click('#install-weblate-gettext-mo')]);
      await expectAccessible(page, 'install form');

      // A refused option is shown next to its field, the rest kept.
      await page.fill('#id_path', 'po/{{ language_code }}.txt');
      await page.check('#id_fuzzy');
      await page.click('#addon-form-submit');
      await expect.poll(() => page.locator('#id_path_error').count()).toBe(1);
      expect(await page.textContent('#id_path_error')).toContain('.mo');
      expect(await page.isChecked('#id_fuzzy')).toBe(true);
      await expectAccessible(page, 'install refused');
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/install\/weblate\.gettext\.mo\//)]);

      // Submitted from the keyboard: Enter in the text field.
      await page.fill('#id_path', 'po/{{ language_code }}.mo');
      await page.focus('#id_path');
      await Promise.all([page.waitForURL(`${s.url}${BASE}?done=addon_installed`), page.keyboard.press('Enter')]);
      expect(await page.textContent('#notice')).toBe('The add-on is installed.');
      const [mo] = await installed();
      expect(mo).toMatchObject({ name: 'weblate.gettext.mo', configuration: { path: 'po/{{ language_code }}.mo', fuzzy: true } });
      expect(await page.textContent(`#addon-${mo!.id}`)).toContain('Generate MO files');
      expect(await page.textContent(`#addon-${mo!.id}-configuration`)).toContain('po/{{ language_code }}.mo');
      await expectAccessible(page, 'list with the add-on');

      await Promise.all([page.waitForURL(`${s.url}${BASE}${mo!.id}/delete/`), page.click(`#uninstall-${mo!.id}`)]);
      await expectAccessible(page, 'uninstall confirmation');
      expect(await installed()).toHaveLength(1);
      await Promise.all([page.waitForURL(`${s.url}${BASE}?done=addon_uninstalled`), page.click('#addon-uninstall-submit')]);
      expect(await page.textContent('#notice')).toBe('The add-on is uninstalled.');
      expect(await page.textContent('#installed-addons')).toBe('No add-ons are installed.');
      expect(await installed()).toEqual([]);
    }));

  it('fits the add-on and machine translation pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-addon-admin-narrow`,
      async ({ page }) => {
        expect((await s.api('/api/components/shop/app/addons/', { method: 'POST', json: { name: 'weblate.generate.generate', configuration: { filename: 'stats/a-rather-long-file-name-for-a-narrow-screen.json', template: '{"translated": "{{ stats.translated_percent }}"}' } } })).status).toBe(201);
        const [generate] = await installed();
        await signInPage(page, s.url, 'admin', 'admin-password', BASE);
        for (const address of [BASE, `${BASE}install/weblate.autotranslate.autotranslate/`, `${BASE}${generate!.id}/`, '/settings/shop/addons/', '/settings/shop/machinery/', '/settings/shop/machinery/generic/', '/manage/machinery/']) {
          await page.goto(`${s.url}${address}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
          expect(await unnamedControls(page), address).toEqual([]);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
