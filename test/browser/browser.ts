// Chromium for the browser suites: finding it, launching it offline, and pages that fail their test on script errors.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { REQUIRE_SERVICES } from '../helpers/databases.js';

export const CHROMIUM_PATH = process.env.PARLA_CHROMIUM_PATH || '/usr/bin/chromium';
export const HAVE_CHROMIUM = fs.existsSync(CHROMIUM_PATH);

if (!HAVE_CHROMIUM) {
  if (REQUIRE_SERVICES) throw new Error(`PARLA_TEST_REQUIRE_SERVICES=1 but there is no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set PARLA_CHROMIUM_PATH)`);
  console.warn(`[parla tests] no Chromium at ${CHROMIUM_PATH}: the browser suites are skipped (apt-get install chromium, or set PARLA_CHROMIUM_PATH).`);
}

/** The machine may be offline: without these flags Chromium keeps trying to reach Google's services. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** One Chromium for a test file: launched before its tests, closed after them; each test still gets a context of its own. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (HAVE_CHROMIUM) browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export const RESULTS_DIR = path.resolve('test-results');

/** Where a failing test's screenshot goes: test-results/<test name>.png. */
export function screenshotPath(name: string): string {
  return path.join(RESULTS_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '').slice(0, 120)}.png`);
}

export interface BrowserRun {
  context: BrowserContext;
  page: Page;
  /** Script errors, CSP violations and other console errors the page reported so far. */
  problems: string[];
}

/**
 * Runs `body` with a fresh page (own cookies). On failure it saves a full-page screenshot; on success it still
 * fails when the page logged a JavaScript error or a CSP violation, which the assertions might not notice.
 */
export async function withPage(browser: Browser, name: string, body: (run: BrowserRun) => Promise<void>, options: { viewport?: { width: number; height: number } } = {}): Promise<void> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()} (${m.location().url})`);
  });
  try {
    await body({ context, page, problems });
    if (problems.length) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
  } catch (e) {
    await fsp.mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: screenshotPath(name), fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

/** Signs in through the sign-in form and waits for the page `next` names. */
export async function signInPage(page: Page, baseUrl: string, username: string, password: string, next = '/'): Promise<void> {
  await page.goto(`${baseUrl}/accounts/login/?next=${encodeURIComponent(next)}`);
  await page.fill('#id_username', username);
  await page.fill('#id_password', password);
  await Promise.all([page.waitForURL(`${baseUrl}${next}`), page.click('#login-submit')]);
}
