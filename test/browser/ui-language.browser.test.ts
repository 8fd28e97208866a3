// The web UI in the reader's language in Chromium: a German browser (Accept-Language) gets German pages, scripts and
// shortcut help; choosing Czech as the interface language in the profile switches every page to Czech.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM)('the UI language in Chromium', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer('sqlite');
    await userWithPassword(s, 'greta');
    expect((await createProject(s, 'p1')).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('shows German to a German browser and Czech once the profile asks for it', () =>
    withPage(browser(), 'ui-language', async ({ page, context }) => {
      await context.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' });
      await page.goto(`${s.url}/accounts/login/`);
      expect(await page.title()).toBe('Anmelden – Parla');
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.textContent('#login-submit')).toBe('Anmelden');
      await expectAccessible(page, 'the German sign-in page');

      await signInPage(page, s.url, 'greta', UI_PASSWORD);
      expect(await page.title()).toBe('Übersicht – Parla');
      expect(await page.textContent('#sign-out')).toBe('Abmelden');
      // Scripts read their texts from the page: the same catalog.
      expect(await page.evaluate(() => (window as unknown as { parlaText: (key: string) => string }).parlaText('loading'))).toBe('Wird geladen …');
      // The shortcut help opens on "?" and is German too.
      await page.keyboard.press('?');
      await expect.poll(() => page.isVisible('#shortcuts')).toBe(true);
      expect(await page.textContent('#shortcuts-title')).toBe('Tastenkürzel');
      await page.click('#shortcuts-close');

      // The profile's interface language wins over the browser's.
      await page.goto(`${s.url}/accounts/profile/`);
      await page.selectOption('#id_language', 'cs');
      await Promise.all([page.waitForURL(/\/accounts\/profile\/\?saved=languages/), page.click('#languages-submit')]);
      expect(await page.getAttribute('html', 'lang')).toBe('cs');
      expect(await page.textContent('#profile-notice')).toBe('Vaše jazyky jsou uloženy.');
      await page.goto(`${s.url}/`);
      expect(await page.title()).toBe('Přehled – Parla');
      expect(await page.textContent('caption')).toBe('1 projekt');
      await expectAccessible(page, 'the Czech dashboard');
    }));
});
