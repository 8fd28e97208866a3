// Two-factor authentication in a real Chromium: enrolling an authenticator app on the page and signing in with a computed
// code, and registering a security key and signing in with it through Chromium's virtual authenticator (CDP WebAuthn).
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { HAVE_CHROMIUM, browserForFile, withPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const browser = browserForFile();

/** A code of the time step `offset` steps from now (the server accepts one step either side, each step once). */
const codeAt = (secret: string, offset: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Every control has an accessible name that holds its visible label, and text has AA contrast. */
describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('two-factor authentication in Chromium on %s', (dialect) => {
  let s: TestServer;
  /** WebAuthn needs a host name as its relying party id, not an IP address: the pages are opened on localhost. */
  let site: string;

  const signInWithPassword = async (page: Page, username: string, password: string, next: string) => {
    await page.goto(`${site}/accounts/login/?next=${encodeURIComponent(next)}`);
    await page.fill('#id_username', username);
    await page.fill('#id_password', password);
    await Promise.all([page.waitForURL(/\/accounts\/2fa\/verify\//), page.click('#login-submit')]);
  };
  const signOut = async (page: Page) => {
    await Promise.all([page.waitForURL(`${site}/`), page.click('#sign-out')]);
    expect(await page.locator('#sign-in').count()).toBe(1);
  };
  const firstSignIn = async (page: Page, username: string, password: string) => {
    await page.goto(`${site}/accounts/login/?next=${encodeURIComponent('/accounts/2fa/')}`);
    await page.fill('#id_username', username);
    await page.fill('#id_password', password);
    await Promise.all([page.waitForURL(`${site}/accounts/2fa/`), page.click('#login-submit')]);
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    site = s.url.replace('127.0.0.1', 'localhost');
    await s.container.users.create({ username: 'olga', email: 'olga@example.com', full_name: 'Olga', password: 'olga-password-1' });
    await s.container.users.create({ username: 'karl', email: 'karl@example.com', full_name: 'Karl', password: 'karl-password-1' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('enrols an authenticator app on the page, then signs in with the password and a computed code', () =>
    withPage(browser(), `${dialect}-2fa-totp`, async ({ page, problems }) => {
      await firstSignIn(page, 'olga', 'olga-password-1');
      expect(await page.locator('#totp-state').textContent()).toContain('No authenticator app');
      await Promise.all([page.waitForURL(/\/accounts\/2fa\/\?done=started/), page.click('#totp-start')]);
      // The QR code is an image the page draws from its own data (no outside service).
      expect(await page.locator('#totp-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectAccessible(page, 'the set-up with its QR code');
      const secret = (await page.locator('#totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.fill('#id_totp_code', await codeAt(secret, 0));
      await page.click('#totp-confirm');
      await page.waitForSelector('#recovery-codes');
      expect(await page.locator('#recovery-codes li').count()).toBe(10);
      await page.click('#recovery-done');
      expect(await page.locator('#totp-state').textContent()).toContain('An authenticator app is set up.');
      expect(await page.locator('#totp-secret').count()).toBe(0);
      await signOut(page);

      await signInWithPassword(page, 'olga', 'olga-password-1', '/accounts/2fa/');
      expect(await page.locator('#username').count()).toBe(0); // not signed in yet
      await expectAccessible(page, 'the second step of signing in');
      await page.fill('#id_code', '000000');
      await page.click('#twofa-submit');
      expect(await page.locator('#twofa-error').textContent()).toContain('not valid');
      // The refused code's page comes with status 400, which Chromium logs; that one is expected.
      const refused = problems.findIndex((p) => p.includes('status of 400') && p.includes('/accounts/2fa/verify/'));
      expect(refused).toBeGreaterThanOrEqual(0);
      problems.splice(refused, 1);
      await page.fill('#id_code', await codeAt(secret, 1));
      await Promise.all([page.waitForURL(`${site}/accounts/2fa/`), page.click('#twofa-submit')]);
      expect(await page.locator('#username').textContent()).toBe('Olga');
      expect(await page.locator('#recovery-count').textContent()).toContain('10 unused recovery codes');
      await expectAccessible(page, 'the second factors page');
    }));

  it('registers a security key and signs in with it (Chromium virtual authenticator)', () =>
    withPage(browser(), `${dialect}-2fa-webauthn`, async ({ context, page }) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: false, automaticPresenceSimulation: true },
      });
      await firstSignIn(page, 'karl', 'karl-password-1');
      await page.fill('#id_key_name', 'Desk key');
      await page.click('#webauthn-register');
      await page.waitForSelector('#webauthn-codes:not([hidden])');
      expect(await page.locator('#webauthn-code-list li').count()).toBe(10);
      await page.goto(`${site}/accounts/2fa/`);
      expect(await page.locator('#webauthn-keys li').textContent()).toContain('Desk key');
      await signOut(page);

      await signInWithPassword(page, 'karl', 'karl-password-1', '/accounts/2fa/');
      await Promise.all([page.waitForURL(`${site}/accounts/2fa/`), page.click('#webauthn-signin')]);
      expect(await page.locator('#username').textContent()).toBe('Karl');
      const status = await (await s.api('/api/users/karl/')).json();
      expect(status.profile.last_2fa).not.toBeNull();
    }));
});
