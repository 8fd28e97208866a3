// Live events of changes made many strings at a time, in Chromium: one translator's bulk edit reaches the other's open
// editor at once (the banner with "Take theirs", the state and the counters, without a reload), and the other's list
// view row by row; a change of more strings than the event lists brings a notice with a reload link.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { browserForFile, HAVE_CHROMIUM, screenshotPath, signInPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const TINA = { username: 'tina', password: 'tina-password-7', name: 'Tina Translator' };
const OLGA = { username: 'olga', password: 'olga-password-7', name: 'Olga Otherwise' };

const browser = browserForFile();

describe.skipIf(!HAVE_CHROMIUM)('live events of bulk changes in Chromium', () => {
  let s: TestServer;
  let ids: Map<string, number>;

  beforeAll(async () => {
    s = await startServer('sqlite');
    await s.container.users.create({ username: TINA.username, email: 'tina@example.com', full_name: TINA.name, password: TINA.password });
    // Olga may bulk edit: a superuser.
    await s.container.users.create({ username: OLGA.username, email: 'olga@example.com', full_name: OLGA.name, password: OLGA.password, is_superuser: true });
    expect((await createProject(s, 'live')).status).toBe(201);
    const res = await createPoComponent(s, 'live');
    expect(res.status, await res.clone().text()).toBe(201);
    const units = (await (await s.api('/api/translations/live/app/cs/units/?page_size=100')).json()).results as { id: number; source: string[] }[];
    ids = new Map(units.map((u) => [u.source[0]!, u.id]));
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Olga's bulk edit through the bulk edit page: the strings `q` finds get `state`. */
  const bulkEdit = async (olga: Page, q: string, state: string) => {
    await olga.goto(`${s.url}/translate/live/app/cs/bulk/?q=${encodeURIComponent(q)}`);
    await olga.selectOption('#bulk-form select[name="state"]', state);
    await Promise.all([olga.waitForURL(/done=bulk/), olga.click('#bulk-submit')]);
  };
  const marked = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

  it("shows another translator's bulk edit in the open editor and the list view without a reload", async () => {
    const b = browser();
    const contexts = await Promise.all([b.newContext({ viewport: { width: 1280, height: 800 } }), b.newContext({ viewport: { width: 1280, height: 800 } })]);
    const [tina, olga] = await Promise.all(contexts.map((c) => c.newPage()));
    const problems: string[] = [];
    for (const [who, page] of [['tina', tina!], ['olga', olga!]] as const) {
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${who}: console error: ${m.text()}`);
      });
    }
    try {
      await signInPage(tina!, s.url, TINA.username, TINA.password);
      await signInPage(olga!, s.url, OLGA.username, OLGA.password);

      // Tina has "Goodbye world" (needs editing) open and is typing when Olga marks every such string translated.
      const goodbye = ids.get('Goodbye world')!;
      await tina!.goto(`${s.url}/translate/live/app/cs/?id=${goodbye}`);
      await expect.poll(() => tina!.locator('#live-counters').textContent(), { timeout: 5000 }).toMatch(/\d+ of \d+/);
      const counters = await tina!.locator('#live-counters').textContent();
      await marked(tina!);
      await tina!.fill('#target-0', 'Moje verze');
      await bulkEdit(olga!, 'state:needs-editing', '20');

      const banner = tina!.locator('#live-banner');
      await banner.waitFor({ state: 'visible', timeout: 2000 });
      expect(await banner.textContent()).toContain(OLGA.name);
      expect(await tina!.locator('#live-theirs-0').textContent()).toBe('Sbohem světe');
      expect(await tina!.locator('#unit-state .state').textContent()).toBe('Translated');
      await expect.poll(() => tina!.locator('#live-counters').textContent(), { timeout: 2000 }).not.toBe(counters);
      // One more translated, one less needing editing.
      expect(await tina!.locator('#live-counters').textContent()).toMatch(/Needs editing: 0/);
      expect(await tina!.inputValue('#target-0')).toBe('Moje verze');
      expect(await stillMarked(tina!)).toBe(true);
      await tina!.click('#live-take');
      expect(await tina!.inputValue('#target-0')).toBe('Sbohem světe');
      expect(await tina!.isChecked('#fuzzy')).toBe(false);
      expect(await banner.isHidden()).toBe(true);

      // The list view: Hello's row follows Olga's next bulk edit.
      const hello = ids.get('Hello')!;
      await tina!.goto(`${s.url}/translate/live/app/cs/?view=list`);
      await expect.poll(() => tina!.locator('#live-counters').textContent(), { timeout: 5000 }).toMatch(/\d+ of \d+/);
      await marked(tina!);
      const row = tina!.locator(`#unit-${hello}`);
      expect(await row.locator('.state').first().textContent()).toBe('Translated');
      await bulkEdit(olga!, 'source:Hello', '10');
      await expect.poll(() => row.locator('.state').first().textContent(), { timeout: 2000 }).toBe('Needs editing');
      expect(await tina!.locator('#live-counters').textContent()).toMatch(/Needs editing: 1/);
      expect(await stillMarked(tina!)).toBe(true);
      await expectAccessible(tina!, 'the list view after a bulk edit by someone else');

      // More strings changed than an event lists (added strings, or over 500): the open string may be among them.
      const open = ids.get('Open')!;
      await tina!.goto(`${s.url}/translate/live/app/cs/?id=${open}`);
      await expect.poll(() => tina!.locator('#live-counters').textContent(), { timeout: 5000 }).toMatch(/\d+ of \d+/);
      await marked(tina!);
      const translationId = (await (await s.api('/api/translations/live/app/cs/')).json()).id as number;
      const olgaRow = await s.container.users.findByUsername(s.container.database.db, OLGA.username);
      await s.container.live.unitsChanged({ translationId, user: olgaRow!, reason: 'upload', units: [{ unit: hello, target: ['Ahoj'], state: 10 }], count: 620 });
      const notice = tina!.locator('#live-notice');
      await notice.waitFor({ state: 'visible', timeout: 2000 });
      expect(await notice.textContent()).toMatch(new RegExp(`${OLGA.name}.*file upload.*620`));
      expect(await banner.isHidden()).toBe(true);
      await expectAccessible(tina!, 'the editor with the reload notice');
      await Promise.all([tina!.waitForLoadState('load'), tina!.click('#live-reload')]);
      await expect.poll(() => stillMarked(tina!), { timeout: 5000 }).toBe(false);
      expect(tina!.url()).toContain(`id=${open}`);
      expect(problems).toEqual([]);
    } catch (e) {
      fs.mkdirSync(path.dirname(screenshotPath('live-units-changed')), { recursive: true });
      await tina!.screenshot({ path: screenshotPath('live-units-changed-tina'), fullPage: true }).catch(() => undefined);
      await olga!.screenshot({ path: screenshotPath('live-units-changed-olga'), fullPage: true }).catch(() => undefined);
      throw e;
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  }, 90_000);
});
