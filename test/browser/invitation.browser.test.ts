// An invitation in a real Chromium with a real SMTP server: an administrator invites a translator into a team, the
// message arrives, and the translator follows its link, chooses a username and a password, and is signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { HAVE_CHROMIUM, browserForFile, withPage } from './browser.js';
import { unnamedControls } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('invitations in Chromium on %s', (dialect) => {
  let s: TestServer;
  let smtp: TestSmtp;
  let teamId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url });
    expect((await createProject(s, 'docs')).status).toBe(201);
    const res = await s.api('/api/groups/', { method: 'POST', json: { name: 'Docs translators', defining_project: `${s.url}/api/projects/docs/` } });
    expect(res.status).toBe(201);
    teamId = (await res.json()).id;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('invites a translator by e-mail, who follows the link, chooses a password and is signed in', () =>
    withPage(browser(), `${dialect}-invitation`, async ({ page, context, problems }) => {
      // The administrator signs in and sends the invitation from the form.
      await page.goto(`${s.url}/accounts/login/?next=${encodeURIComponent('/accounts/invite/')}`);
      await page.fill('#id_username', 'admin');
      await page.fill('#id_password', 'admin-password');
      await page.click('#login-submit');
      await page.waitForURL(`${s.url}/accounts/invite/`);
      expect(await unnamedControls(page)).toEqual([]);
      await page.fill('#id_email', 'tomas@example.com');
      await page.selectOption('#id_group', String(teamId));
      await page.click('#invite-form-submit');
      await expect.poll(() => page.textContent('#notice')).toContain('An invitation is on its way to tomas@example.com.');

      const mail = await smtp.waitFor((m) => m.envelopeTo.includes('tomas@example.com'));
      expect(mail.subject).toBe('admin invites you to Parla');
      const link = /https?:\/\/\S+\/accounts\/invitation\/[A-Za-z0-9_-]{43}\//.exec(mail.text)![0];

      // The translator, in a browser of their own, follows the link.
      await context.clearCookies();
      await page.goto(link);
      expect(await page.textContent('h1')).toBe('Accept the invitation');
      expect(await page.textContent('main')).toContain('Docs translators');
      expect(await unnamedControls(page)).toEqual([]);
      await page.fill('#id_username', 'tomas');
      await page.fill('#id_full_name', 'Tomáš Translator');
      // A refused password is explained next to its field.
      await page.fill('#id_password', 'tomas12345');
      await page.fill('#id_password2', 'tomas12345');
      await page.click('#invitation-form-submit');
      expect(await page.textContent('#id_password_error')).toContain('The password is too similar to the username.');
      expect(await page.getAttribute('#id_password', 'aria-invalid')).toBe('true');
      // The refused form is answered with a 400, which Chromium reports as a failed load: expected here, and only this once.
      const refused = problems.splice(0);
      expect(refused).toEqual([expect.stringMatching(/status of 400 .*\/accounts\/invitation\//)]);
      await page.fill('#id_password', 'a quiet harbour at dawn');
      await page.fill('#id_password2', 'a quiet harbour at dawn');
      await page.click('#invitation-form-submit');
      await page.waitForURL(`${s.url}/?done=welcome`);
      expect(await page.textContent('#username')).toBe('Tomáš Translator');
      expect(await page.textContent('#notice')).toContain('Your account is ready');

      const user = await (await s.api('/api/users/tomas/')).json();
      expect(user.groups).toContain(`${s.url}/api/groups/${teamId}/`);
    }));
});
