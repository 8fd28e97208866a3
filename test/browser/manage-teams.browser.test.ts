// A site administrator manages teams in a real Chromium: from /manage/ to the team list, a team created after a refused name
// (kept next to its field), a role and a member added through the team page's forms; every page names its controls, keeps
// AA contrast and fits a 360 px screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithPassword } from '../helpers/ui-session.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { expectAccessible as accessible, overflow } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('team administration in Chromium on %s', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'pavel');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('creates a team and adds a role and a member through the forms', () =>
    withPage(browser(), `${dialect}-manage-teams`, async ({ page, problems }) => {
      await signInPage(page, s.url, 'admin', 'admin-password');
      await page.goto(`${s.url}/manage/`);
      await Promise.all([page.waitForURL(`${s.url}/manage/teams/`), page.click('#manage-teams')]);
      await accessible(page, 'teams');

      // A name another team has: refused next to the field, the choices kept.
      await page.fill('#id_name', 'Guests');
      await page.selectOption('#id_project_selection', '1');
      await page.click('#team-create-submit');
      await expect.poll(() => page.locator('#id_name_error').count()).toBe(1);
      expect(await page.getAttribute('#id_name', 'aria-describedby')).toContain('id_name_error');
      expect(await page.inputValue('#id_project_selection')).toBe('1');
      await accessible(page, 'teams refused');
      expect(problems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/manage\/teams\//)]);

      await page.fill('#id_name', 'Proofreaders');
      await Promise.all([page.waitForURL(/\/manage\/teams\/\d+\/\?done=team_created$/), page.click('#team-create-submit')]);
      expect(await page.textContent('#notice')).toContain('The team is created.');
      await accessible(page, 'team');
      const id = /\/manage\/teams\/(\d+)\//.exec(page.url())![1]!;

      await page.selectOption('#id_role_id', { label: 'Review strings' });
      await Promise.all([page.waitForURL(/\?done=roles_added/), page.click('#team-add-roles-submit')]);
      expect(await page.textContent('#team-roles')).toContain('Review strings');

      await page.fill('#id_username', 'pavel');
      await Promise.all([page.waitForURL(/\?done=members_added/), page.click('#team-add-members-submit')]);
      expect(await page.textContent('#team-members')).toContain('pavel');
      await accessible(page, 'team with a member');

      const user = (await (await s.api('/api/users/pavel/')).json()) as { groups: string[] };
      expect(user.groups).toContain(`${s.url}/api/groups/${id}/`);
      const group = (await (await s.api(`/api/groups/${id}/`)).json()) as { roles: string[]; project_selection: number };
      expect(group.roles).toHaveLength(1);
      expect(group.project_selection).toBe(1);
      expect(problems).toEqual([]);
    }));

  it('fits the team and role pages on a 360 px screen', () =>
    withPage(
      browser(),
      `${dialect}-manage-teams-narrow`,
      async ({ page }) => {
        await signInPage(page, s.url, 'admin', 'admin-password');
        const guests = ((await (await s.api('/api/groups/?page_size=1000')).json()) as { results: { id: number; name: string }[] }).results.find((g) => g.name === 'Guests')!;
        for (const address of ['/manage/teams/', `/manage/teams/${guests.id}/`, '/manage/roles/', '/manage/component-lists/']) {
          await page.goto(`${s.url}${address}`);
          const o = await overflow(page);
          expect(o.scrollWidth, `${address}: ${o.widest}`).toBeLessThanOrEqual(o.clientWidth);
        }
      },
      { viewport: { width: 360, height: 740 } },
    ));
});
