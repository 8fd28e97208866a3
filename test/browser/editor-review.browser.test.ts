// Quality and review in Chromium: a failing check explained by its name, dismissed in place (the failing count drops on
// the page and in the translation's statistics), and a reviewer approving from the editor and from the review queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { joinTeam, UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { browserForFile, HAVE_CHROMIUM, signInPage, type BrowserRun, withPage } from './browser.js';
import { contrastProblems, expectAccessible, labelsNotInName, unnamedControls } from './a11y.js';

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('editor quality and review in Chromium on %s', (dialect) => {
  let s: TestServer;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitBySource = async (source: string) => {
    const body = await json(await s.api('/api/translations/rev/app/cs/units/?page_size=100'));
    return (body.results as { id: number; source: string[]; target: string[]; state: number }[]).find((u) => u.source[0] === source)!;
  };
  const browse = (name: string, body: (run: BrowserRun) => Promise<void>) => it(name, () => withPage(browser(), `${dialect}-${name}`, body));
  /** The count of a row of the statistics table on a translation page. */
  const statCount = (page: Page, row: string) =>
    page.evaluate((label) => {
      const tr = [...document.querySelectorAll('#statistics tbody tr')].find((r) => r.querySelector('th')?.textContent?.trim() === label);
      return tr ? Number(tr.querySelector('td.num')?.textContent) : NaN;
    }, row);

  beforeAll(async () => {
    s = await startServer(dialect);
    await json(await createProject(s, 'rev', { translation_review: true }), 201);
    await json(await createPoComponent(s, 'rev'), 201);
    await userWithPassword(s, 'trans');
    await userWithPassword(s, 'rita');
    await joinTeam(s, 'rita', 'Review', 'rev');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  browse('dismisses a failing check explained by its name, and the failing count drops', async ({ page }) => {
    const unit = await unitBySource('Goodbye world');
    await json(await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: ['Sbohem světe.'], state: 20 } }));
    await signInPage(page, s.url, 'trans', UI_PASSWORD, '/projects/rev/app/cs/');
    const before = await statCount(page, 'Failing checks');
    expect(before).toBeGreaterThanOrEqual(1);

    await page.goto(`${s.url}/translate/rev/app/cs/?id=${unit.id}`);
    expect((await page.textContent('#check-end_stop .check-name'))?.trim()).toBe('Mismatched full stop');
    expect(await page.textContent('#check-end_stop-explanation')).toContain('Use the full stop of the target language');
    expect(await page.textContent('#failing-count')).toBe('1 failing check');
    expect(await page.textContent('#checks-panel')).not.toMatch(/\bend_stop\b/);
    // The checks panel's controls have names that include their visible labels, and its text has AA contrast.
    const ofPanel = (found: string[]) => found.filter((p) => /dismiss-|restore-|check-|approve/.test(p));
    expect(ofPanel(await unnamedControls(page))).toEqual([]);
    expect(ofPanel(await labelsNotInName(page))).toEqual([]);
    expect((await contrastProblems(page)).problems.filter((p) => JSON.stringify(p).includes('check'))).toEqual([]);

    // Dismissing happens in place: what was typed stays.
    await page.fill('#target-0', 'Sbohem, světe.');
    await page.click('#dismiss-end_stop');
    await page.locator('#no-failing-checks').waitFor();
    expect(await page.inputValue('#target-0')).toBe('Sbohem, světe.');
    expect(await page.textContent('#notice')).toContain('Check dismissed.');
    expect(await page.textContent('#dismissed-checks summary')).toBe('1 dismissed check');
    await page.click('#dismissed-checks summary');
    expect(await page.isVisible('#restore-end_stop')).toBe(true);

    await page.goto(`${s.url}/projects/rev/app/cs/`);
    expect(await statCount(page, 'Failing checks')).toBe(before - 1);

    // Restoring brings it back.
    await page.goto(`${s.url}/translate/rev/app/cs/?id=${unit.id}`);
    await page.click('#dismissed-checks summary');
    await page.click('#restore-end_stop');
    await page.locator('#failing-count').waitFor();
    expect(await page.textContent('#failing-count')).toBe('1 failing check');
    await page.goto(`${s.url}/projects/rev/app/cs/`);
    expect(await statCount(page, 'Failing checks')).toBe(before);
  });

  browse('approves as a reviewer, from the editor and from the review queue', async ({ page }) => {
    const hello = await unitBySource('Hello');
    expect(hello.state).toBe(20);
    await signInPage(page, s.url, 'rita', UI_PASSWORD, `/translate/rev/app/cs/?id=${hello.id}`);
    await Promise.all([page.waitForURL(/done=approved/), page.click('#approve')]);
    expect(await page.textContent('#notice')).toContain('Translation approved.');
    expect(await page.textContent('#unit-state')).toContain('Approved');
    expect((await unitBySource('Hello')).state).toBe(30);
    expect(await page.isVisible('#approve')).toBe(false);

    await Promise.all([page.waitForURL(/\/review\/$/), page.click('#review-queue-link')]);
    await expectAccessible(page, 'review queue');
    const plural = await unitBySource('One file');
    expect(await page.isVisible(`#review-${hello.id}`)).toBe(false);
    await Promise.all([page.waitForURL(/done=approved/), page.click(`#approve-${plural.id}`)]);
    expect(await page.textContent('#notice')).toContain('Translation approved.');
    expect(await page.locator(`#review-${plural.id}`).count()).toBe(0);
    expect((await unitBySource('One file')).state).toBe(30);
  });
});
