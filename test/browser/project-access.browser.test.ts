// A project administrator manages who works on the project from the browser in a real Chromium: opens Access from the
// project page, adds a member by e-mail address after a refused name, removes one, invites an address, makes a project
// token (shown once) and revokes it; every state of the page names its controls, keeps AA contrast and fits 360 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, withPage } from './browser.js';
import { expectAccessible, overflow } from './a11y.js';

const browser = browserForFile();
const PASSWORD = 'a long enough passphrase';

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('project access in Chromium on %s', (dialect) => {
  let s: TestServer;
  let teams: Record<string, number>;

  const signIn = (page: Page) => signInPage(page, s.url, 'olga', PASSWORD, '/projects/shop/');

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Shop', slug: 'shop', web: 'https://example.com/', access_control: 1 } })).status).toBe(201);
    for (const name of ['olga', 'pia']) {
      await s.createUser(name);
      const user = await s.container.users.findByUsername(s.container.database.db, name);
      await s.container.users.setPassword(user!.id, PASSWORD);
    }
    const all = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    teams = Object.fromEntries(all.filter((g) => g.defining_project === `${s.url}/api/projects/shop/`).map((g) => [g.name, g.id]));
    expect((await s.api('/api/users/olga/groups/', { method: 'POST', json: { group_id: teams.Administration } })).status).toBe(200);
  }, 60_000);
  afterAll(() => s?.close());

  it('adds, removes and invites people and makes and revokes a project token', () =>
    withPage(browser(), `${dialect}-project-access`, async ({ page, problems }) => {
      await signIn(page);
      await Promise.all([page.waitForURL(`${s.url}/access/shop/`), page.click('#project-access-link')]);
      expect(await page.textContent('h1')).toBe('Access to Shop');
      expect(await page.textContent(`#team-${teams.Administration}`)).toContain('olga');
      await expectAccessible(page, 'access');

      // A name nobody has: refused next to the field, what was typed and the team kept.
      await page.fill('#id_user', 'piaa');
      await page.selectOption('#id_group', String(teams.Translate));
      await page.click('#add-member-submit');
      await expect.poll(() => page.locator('#id_user_error').count()).toBe(1);
      expect(await page.getAttribute('#id_user', 'aria-describedby')).toContain('id_user_error');
      expect(await page.inputValue('#id_user')).toBe('piaa');
      expect(await page.inputValue('#id_group')).toBe(String(teams.Translate));
      await expectAccessible(page, 'add refused');
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/access\/shop\/add\//)]);

      await page.fill('#id_user', 'pia@example.com');
      await Promise.all([page.waitForURL(`${s.url}/access/shop/?done=added`), page.click('#add-member-submit')]);
      expect(await page.textContent('#notice')).toContain('The member is added to the team.');
      expect(await page.textContent(`#members-${teams.Translate}`)).toContain('pia');
      await Promise.all([page.waitForURL(`${s.url}/access/shop/?done=removed`), page.click(`#remove-${teams.Translate}-pia`)]);
      expect(await page.locator(`#remove-${teams.Translate}-pia`).count()).toBe(0);

      // An invitation to a new address.
      await page.fill('#id_email', 'newcomer@example.net');
      await page.selectOption('#id_invite_group', String(teams.Review));
      await Promise.all([page.waitForURL(`${s.url}/access/shop/?done=invited`), page.click('#invite-member-submit')]);
      expect(await page.textContent('#notice')).toContain('An invitation is on its way');

      // A project token: shown on the answer only, then listed without its secret, then revoked.
      await page.fill('#id_name', 'Nightly import');
      await page.click('#create-token-submit');
      await expect.poll(() => page.locator('#project-token-value').count()).toBe(1);
      const token = (await page.textContent('#project-token-value'))!;
      expect(token).toMatch(/^plp_/);
      await expectAccessible(page, 'token created');
      await page.goto(`${s.url}/access/shop/`);
      expect(await page.content()).not.toContain(token);
      expect(await page.textContent('#tokens-table')).toContain('Nightly import');
      const id = (await (await s.api('/api/projects/shop/tokens/')).json()).results[0].id as number;
      await Promise.all([page.waitForURL(`${s.url}/access/shop/?done=revoked`), page.click(`#revoke-${id}`)]);
      expect(await page.locator('#no-tokens').count()).toBe(1);
      expect(problems).toEqual([]);
    }));

  it('fits the access page on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-project-access-narrow`,
      async ({ page }) => {
        await signIn(page);
        await page.goto(`${s.url}/access/shop/`);
        const o = await overflow(page);
        expect(o.scrollWidth, o.widest).toBeLessThanOrEqual(o.clientWidth);
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
