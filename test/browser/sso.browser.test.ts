// Single sign-on in a real Chromium: the sign-in page's provider button, the provider's own sign-in and consent pages
// (oidc-provider on a loopback port), and the way back to the page the sign-in started from, signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { HAVE_CHROMIUM, launchBrowser, withPage } from './browser.js';

// The browser only clicks through pages here: the database behind them is covered on both engines by test/http/oidc.test.ts.
describe.skipIf(!HAVE_CHROMIUM)('single sign-on in Chromium', () => {
  let browser: Browser;
  let provider: TestProvider;
  let s: TestServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    provider = await startProvider();
    s = await startServer('sqlite', {
      PARLA_OIDC_ISSUER: provider.issuer,
      PARLA_OIDC_CLIENT_ID: provider.clientId,
      PARLA_OIDC_CLIENT_SECRET: provider.clientSecret,
      PARLA_OIDC_NAME: 'Example ID',
      PARLA_OIDC_CREATE_USERS: 'on',
    });
    provider.start([`${s.url}/accounts/oidc/callback/`]);
    provider.accounts.set('sub-petra', { email: 'petra@example.com', email_verified: true, name: 'Petra Novak', preferred_username: 'petra' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await provider?.close();
    await browser?.close();
  });

  it('signs in with the provider button and comes back to the page it started from (one that needs a signed-in user)', () =>
    withPage(browser, 'sso-sign-in', async ({ page }) => {
      // The provider's development pages ask for a web font and an icon, which an offline machine cannot load.
      await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
      await page.route(`${provider.issuer}/favicon.ico`, (route) => route.fulfill({ status: 200, contentType: 'image/x-icon', body: '' }));
      await page.goto(`${s.url}/accounts/login/?next=${encodeURIComponent('/accounts/profile/')}`);
      const button = page.getByRole('link', { name: 'Sign in with Example ID' });
      await button.click();
      // The provider's own pages: its sign-in form, then its consent form.
      await page.waitForURL(`${provider.issuer}/interaction/**`);
      await page.fill('input[name="login"]', 'sub-petra');
      await page.fill('input[name="password"]', 'anything');
      await page.click('button[type="submit"]');
      await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
      await Promise.all([page.waitForURL(`${s.url}/accounts/profile/`), page.click('button[type="submit"]')]);
      expect(await page.locator('#username').textContent()).toBe('Petra Novak');
      const cookies = await page.context().cookies(s.url);
      expect(cookies.find((c) => c.name === 'parla_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookies.find((c) => c.name === 'parla_oidc_state')).toBeUndefined();
    }));
});
