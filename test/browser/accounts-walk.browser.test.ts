// A new translator's way into Parla in a real Chromium with a real SMTP server, end to end: the administrator invites them,
// the invitation arrives, they choose a password, set up an authenticator app, sign out and back in with a code and
// translate a string; a watcher of the project gets the instant mail at once and the daily digest the next day.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { HAVE_CHROMIUM, browserForFile, withPage } from './browser.js';

const browser = browserForFile();
const PASSWORD = 'lanterns over the river';

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('a translator joins, secures the account and translates, in Chromium on %s', (dialect) => {
  let s: TestServer;
  let smtp: TestSmtp;
  let teamId: number;

  const api = async (path: string, init: Parameters<TestServer['api']>[1] = {}, status = 200) => {
    const res = await s.api(path, init);
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const to = (address: string) => (m: { envelopeTo: string[] }) => m.envelopeTo.includes(address);
  /** Hands every change so far to the notification feed, then lets the queued mail go out. */
  const deliver = async () => {
    const last = Number((await s.container.database.db.selectFrom('changes').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
    const cursor = async () => Number((await s.container.database.db.selectFrom('notification_cursor').select('last_change_id').executeTakeFirstOrThrow()).last_change_id);
    for (let i = 0; i < 100 && (await cursor()) < last; i++) {
      await s.container.notificationFeed.flush();
      if ((await cursor()) < last) await new Promise((r) => setTimeout(r, 50));
    }
    await s.container.tasks.idle();
  };
  const signIn = async (page: Page, username: string, password: string, next: string) => {
    await page.goto(`${s.url}/accounts/login/?next=${encodeURIComponent(next)}`);
    await page.fill('#id_username', username);
    await page.fill('#id_password', password);
    await page.click('#login-submit');
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url });
    expect((await createProject(s, 'walk')).status).toBe(201);
    expect((await createPoComponent(s, 'walk', 'app')).status).toBe(201);
    teamId = (await api('/api/groups/', { method: 'POST', json: { name: 'Walk translators', defining_project: `${s.url}/api/projects/walk/` } }, 201)).id;
    // Wendy watches the project: every translation at once, and the watched projects' translations in a daily digest.
    await s.createUser('wendy');
    await api('/api/users/wendy/', { method: 'PATCH', json: { profile: { watched: ['walk'] } } });
    await api('/api/users/wendy/notifications/', { method: 'POST', json: { notification: 'TranslatedStringNotificaton', scope: 0, frequency: 1 } }, 201);
    await api('/api/users/wendy/notifications/', { method: 'POST', json: { notification: 'TranslatedStringNotificaton', scope: 10, frequency: 2 } }, 201);
    await deliver();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('walks from the invitation to a translation that the watcher hears about at once and in the next daily digest', () =>
    withPage(browser(), `${dialect}-accounts-walk`, async ({ page, context }) => {
      // The administrator invites the translator into the project's team.
      await signIn(page, 'admin', 'admin-password', '/accounts/invite/');
      await page.waitForURL(`${s.url}/accounts/invite/`);
      await page.fill('#id_email', 'ivo@example.com');
      await page.selectOption('#id_group', String(teamId));
      await page.click('#invite-form-submit');
      await expect.poll(() => page.textContent('#notice')).toContain('An invitation is on its way to ivo@example.com.');
      const invitation = await smtp.waitFor(to('ivo@example.com'));
      const link = /https?:\/\/\S+\/accounts\/invitation\/[A-Za-z0-9_-]{43}\//.exec(invitation.text)![0];

      // The translator follows the link in a browser of their own and chooses a username and a password.
      await context.clearCookies();
      await page.goto(link);
      await page.fill('#id_username', 'ivo');
      await page.fill('#id_full_name', 'Ivo Translator');
      await page.fill('#id_password', PASSWORD);
      await page.fill('#id_password2', PASSWORD);
      await Promise.all([page.waitForURL(`${s.url}/?done=welcome`), page.click('#invitation-form-submit')]);
      expect(await page.textContent('#username')).toBe('Ivo Translator');

      // From the profile page to the second factors: an authenticator app, confirmed with a computed code.
      await page.goto(`${s.url}/accounts/profile/`);
      await Promise.all([page.waitForURL(`${s.url}/accounts/2fa/`), page.click('#profile-2fa')]);
      await Promise.all([page.waitForURL(/\/accounts\/2fa\/\?done=started/), page.click('#totp-start')]);
      const secret = (await page.locator('#totp-secret').textContent())!.trim();
      await page.fill('#id_totp_code', await generate({ secret }));
      await page.click('#totp-confirm');
      await page.waitForSelector('#recovery-codes');
      await page.click('#recovery-done');
      await Promise.all([page.waitForURL(`${s.url}/`), page.click('#sign-out')]);

      // Signing in again takes the password and then a code of the next time step (each code works once).
      const unit = (await api('/api/translations/walk/app/cs/units/')).results.find((u: { source: string[] }) => u.source[0] === 'Open');
      const editor = `/translate/walk/app/cs/?id=${unit.id}`;
      await signIn(page, 'ivo', PASSWORD, editor);
      await page.waitForURL(/\/accounts\/2fa\/verify\//);
      await page.fill('#id_code', await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await Promise.all([page.waitForURL(`${s.url}${editor}`), page.click('#twofa-submit')]);
      expect(await page.textContent('#username')).toBe('Ivo Translator');

      // The translator translates the string in the editor.
      await page.fill('#target-0', 'Otevřít soubor');
      await Promise.all([page.waitForURL(/done=saved/), page.click('#save')]);
      expect((await api(`/api/units/${unit.id}/`)).target).toEqual(['Otevřít soubor']);

      // The watcher hears about it at once, and in the next day's digest; the translator hears nothing of their own work.
      await deliver();
      const instant = await smtp.waitFor((m) => to('wendy@example.com')(m) && m.text.includes('Otevřít soubor'));
      expect(instant.subject).not.toContain('digest');
      expect(instant.header('List-Unsubscribe')).toMatch(/\/accounts\/unsubscribe\/[^>]+\/>$/);
      await s.container.digests.sweep(new Date(Date.now() + 24 * 3600_000));
      await s.container.tasks.idle();
      const digest = await smtp.waitFor((m) => to('wendy@example.com')(m) && m.subject.includes('Daily digest'));
      expect(digest.text).toContain('Otevřít soubor');
      expect(smtp.messages.filter(to('ivo@example.com'))).toHaveLength(1); // the invitation only
      const audit = (await api('/api/users/ivo/audit/')).results.map((e: { activity: string }) => e.activity);
      expect(audit).toEqual(expect.arrayContaining(['login', '2fa.added']));
    }));
});
