// Live collaboration in Chromium: two translators in two browser contexts on the same translation. One saves the string
// the other has open; the other sees who and what at once, without reloading, and takes or keeps the text; the list view
// follows; each sees the other "also here". Once through one server process, once through two `parla serve` processes
// sharing Redis (each translator on a different process).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { REQUIRE_SERVICES } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { Processes, serverEnv } from '../helpers/processes.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { browserForFile, HAVE_CHROMIUM, screenshotPath, signInPage } from './browser.js';
import { expectAccessible } from './a11y.js';

const TINA = { username: 'tina', password: 'tina-password-7', name: 'Tina Translator' };
const OLGA = { username: 'olga', password: 'olga-password-7', name: 'Olga Otherwise' };

if (!REDIS_URL && !REQUIRE_SERVICES) console.warn('[parla tests] PARLA_TEST_REDIS_URL is not set: live collaboration through two processes sharing Redis is skipped.');

const browser = browserForFile();

type Api = (pathname: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** A client of a server's API with the admin token, shaped like TestServer.api for the fixtures. */
function apiOf(base: string, token: string): Api {
  return (pathname, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('Authorization', `Token ${token}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(new URL(pathname, base), { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
}

/** The project `live` with the PO component `app`; the ids of the Czech units by source text. */
async function setUpTranslation(api: Api): Promise<Map<string, number>> {
  const server = { api } as unknown as TestServer;
  expect((await createProject(server, 'live')).status).toBe(201);
  const res = await createPoComponent(server, 'live');
  expect(res.status, await res.clone().text()).toBe(201);
  const units = (await (await api('/api/translations/live/app/cs/units/?page_size=100')).json()).results as { id: number; source: string[] }[];
  return new Map(units.map((u) => [u.source[0]!, u.id]));
}

/** Runs body with one signed-in page per translator, each in its own browser context; a failure keeps screenshots. */
async function twoTranslators(b: Browser, name: string, bases: [string, string], body: (tina: Page, olga: Page) => Promise<void>): Promise<void> {
  const contexts = await Promise.all([b.newContext({ viewport: { width: 1280, height: 800 } }), b.newContext({ viewport: { width: 1280, height: 800 } })]);
  const problems: string[] = [];
  const [tina, olga] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const [who, page] of [['tina', tina!], ['olga', olga!]] as const) {
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${who}: console error: ${m.text()}`);
    });
  }
  try {
    await signInPage(tina!, bases[0], TINA.username, TINA.password);
    await signInPage(olga!, bases[1], OLGA.username, OLGA.password);
    await body(tina!, olga!);
    expect(problems).toEqual([]);
  } catch (e) {
    fs.mkdirSync(path.dirname(screenshotPath(name)), { recursive: true });
    await tina!.screenshot({ path: screenshotPath(`${name}-tina`), fullPage: true }).catch(() => undefined);
    await olga!.screenshot({ path: screenshotPath(`${name}-olga`), fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

/** What both set-ups check: the banner within a second, take and keep, states, presence and the list view. */
async function collaborate(tina: Page, olga: Page, bases: [string, string], ids: Map<string, number>): Promise<void> {
  const hello = ids.get('Hello')!;
  const editor = (id: number) => `/translate/live/app/cs/?id=${id}`;
  await tina.goto(`${bases[0]}${editor(hello)}`);
  await olga.goto(`${bases[1]}${editor(hello)}`);

  // Each sees the other "also here" (through whichever process the other is on).
  await expect.poll(() => tina.locator('#live-presence').textContent(), { timeout: 5000 }).toContain(OLGA.name);
  await expect.poll(() => olga.locator('#live-presence').textContent(), { timeout: 5000 }).toContain(TINA.name);
  await expect.poll(() => tina.locator('#live-counters').textContent(), { timeout: 5000 }).toMatch(/\d+ of \d+/);

  // Tina is typing her own version when Olga saves hers.
  await tina.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await tina.fill('#target-0', 'Ahoj od Tiny');
  await olga.fill('#target-0', 'Nazdar od Olgy');
  await olga.check('#fuzzy');
  await Promise.all([olga.waitForURL(/done=saved/), olga.click('#save')]);
  const saved = Date.now();
  const banner = tina.locator('#live-banner');
  await banner.waitFor({ state: 'visible', timeout: 1000 });
  expect(Date.now() - saved).toBeLessThan(1000);
  expect(await banner.getAttribute('role')).toBe('alert');
  expect(await banner.textContent()).toContain(OLGA.name);
  expect(await tina.locator('#live-theirs-0').textContent()).toBe('Nazdar od Olgy');
  // The state badge follows; nothing was reloaded and Tina's text is untouched until she chooses.
  expect(await tina.locator('#unit-state .state').textContent()).toBe('Needs editing');
  expect(await tina.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await tina.inputValue('#target-0')).toBe('Ahoj od Tiny');
  await expectAccessible(tina, 'the editor with the live banner');

  await tina.click('#live-take');
  expect(await tina.inputValue('#target-0')).toBe('Nazdar od Olgy');
  expect(await tina.isChecked('#fuzzy')).toBe(true);
  expect(await banner.isHidden()).toBe(true);
  expect(await tina.locator('#live-status').textContent()).not.toBe('');

  // Once more, and Tina keeps her own text this time.
  await tina.fill('#target-0', 'Moje verze');
  await olga.fill('#target-0', 'Druhá verze od Olgy');
  await olga.uncheck('#fuzzy');
  await Promise.all([olga.waitForURL(/done=saved/), olga.click('#save')]);
  await banner.waitFor({ state: 'visible', timeout: 1000 });
  expect(await tina.locator('#live-theirs-0').textContent()).toBe('Druhá verze od Olgy');
  expect(await tina.locator('#unit-state .state').textContent()).toBe('Translated');
  await tina.click('#live-keep');
  expect(await tina.inputValue('#target-0')).toBe('Moje verze');
  expect(await banner.isHidden()).toBe(true);

  // Olga's own save brings her no banner.
  expect(await olga.locator('#live-banner').isHidden()).toBe(true);

  // The list view follows others' work row by row.
  const open = ids.get('Open')!;
  await tina.goto(`${bases[0]}/translate/live/app/cs/?view=list`);
  await expect.poll(() => tina.locator('#live-counters').textContent(), { timeout: 5000 }).toMatch(/\d+ of \d+/);
  const counters = await tina.locator('#live-counters').textContent();
  await olga.goto(`${bases[1]}${editor(open)}`);
  await olga.fill('#target-0', 'Otevřít');
  await Promise.all([olga.waitForURL(/done=saved/), olga.click('#save')]);
  const row = tina.locator(`#unit-${open}`);
  await expect.poll(() => row.locator('td').nth(1).textContent(), { timeout: 1000 }).toBe('Otevřít');
  expect(await row.locator('.state').first().textContent()).toBe('Translated');
  // "Open" was not translated: one more translated string.
  expect(await tina.locator('#live-counters').textContent()).not.toBe(counters);
  await expectAccessible(tina, 'the list view with live updates');

  // Leaving ends the presence: Olga no longer sees Tina.
  await tina.goto(`${bases[0]}/`);
  await expect.poll(() => olga.locator('#live-presence').textContent(), { timeout: 5000 }).not.toContain(TINA.name);
}

describe.skipIf(!HAVE_CHROMIUM)('live collaboration in Chromium', () => {
  describe('through one server process', () => {
    let s: TestServer;
    let ids: Map<string, number>;

    beforeAll(async () => {
      s = await startServer('sqlite');
      for (const who of [TINA, OLGA]) await s.container.users.create({ username: who.username, email: `${who.username}@example.com`, full_name: who.name, password: who.password });
      ids = await setUpTranslation((p, init = {}) => s.api(p, init));
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });

    it('shows a save by another translator at once and lets the translator take or keep it', () => twoTranslators(browser(), 'live-one-process', [s.url, s.url], (tina, olga) => collaborate(tina, olga, [s.url, s.url], ids)), 60_000);
  });

  describe.skipIf(!REDIS_URL)('through two server processes sharing Redis', () => {
    let procs: Processes;
    let root: string;
    let bases: [string, string];
    let ids: Map<string, number>;
    const prefix = `parla-live-${crypto.randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-live-'));
      // Both processes share one data dir (SQLite, files) and one Redis.
      const env = serverEnv(path.join(root, 'data'), { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: prefix, PARLA_LOG_LEVEL: 'error' });
      // The accounts go straight into the database, before the servers start.
      const setup = await createContainer(loadConfig({ PARLA_DATA_DIR: env.PARLA_DATA_DIR, PARLA_SECRET_KEY: env.PARLA_SECRET_KEY, PARLA_LOG_LEVEL: 'silent' }));
      let token: string;
      try {
        token = (await setup.users.createAdmin({ username: 'admin', email: 'admin@example.com', password: 'admin-password' })).token;
        for (const who of [TINA, OLGA]) await setup.users.create({ username: who.username, email: `${who.username}@example.com`, full_name: who.name, password: who.password });
      } finally {
        await setup.close();
      }
      procs = new Processes(env);
      // Started from the sources (tsx) on a busy machine, a process may take a minute to answer.
      const started = await Promise.all([procs.serve('serve-a', { PARLA_SERVE_RUNS_TASKS: '1' }, 150_000), procs.serve('serve-b', {}, 150_000)]);
      bases = [started[0].base, started[1].base];
      ids = await setUpTranslation(apiOf(bases[0], token));
    }, 240_000);
    afterAll(async () => {
      await procs?.stopAll();
      await deleteRedisKeys(prefix);
      if (root) fs.rmSync(root, { recursive: true, force: true });
    }, 30_000);

    it('shows a save made through the other process at once', async () => {
      try {
        await twoTranslators(browser(), 'live-two-processes', bases, (tina, olga) => collaborate(tina, olga, bases, ids));
      } catch (e) {
        throw new Error(`${(e as Error).message}\n${procs.diagnostics()}`);
      }
    }, 90_000);
  });
});
