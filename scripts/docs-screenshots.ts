// Takes the screenshots of the main web UI pages shown in docs/web-ui.md: a fresh server on SQLite with a small demo
// project from a local git repository, signed in as a superuser in Debian's Chromium (npm run docs:screenshots).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CS_PO, DE_PO, POT, multipart } from '../test/helpers/fixtures.js';
import { gitUpstream } from '../test/helpers/git-upstream.js';
import { startServer } from '../test/helpers/server.js';
import { buildZip } from '../test/helpers/zip.js';

const OUT = path.resolve('docs/images');
const CHROMIUM = process.env.PARLA_CHROMIUM_PATH || '/usr/bin/chromium';

/** Page name (the image's file name) → address, in the order docs/web-ui.md shows them. */
const PAGES: [string, string][] = [
  ['dashboard', '/'],
  ['project', '/projects/shop/'],
  ['translation', '/projects/shop/storefront/de/'],
  ['editor', '/translate/shop/storefront/de/?offset=1'],
  ['project-settings', '/settings/shop/'],
  ['create-component', '/create/component/?project=shop'],
  ['component-settings', '/settings/shop/storefront/'],
  ['access', '/access/shop/'],
  ['addons', '/settings/shop/storefront/addons/'],
  ['screenshots', '/screenshots/shop/storefront/'],
  ['glossary', '/glossary/shop/glossary/de/'],
  ['memory', '/memory/project/shop/'],
  ['repository', '/projects/shop/storefront/repository/'],
  ['manage', '/manage/'],
];

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-docs-screenshots-'));
  const s = await startServer('sqlite', { PARLA_VCS_ALLOW_LOCAL: '1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const { bare } = gitUpstream(root, { 'po/shop.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });
    const ok = async (res: Promise<Response>) => {
      const r = await res;
      if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
    };
    await ok(s.api('/api/projects/', { method: 'POST', json: { name: 'Corner Shop', slug: 'shop', web: 'https://shop.example/', instructions: 'Keep it short: the strings appear on buttons.' } }));
    await ok(s.api('/api/projects/shop/components/', { method: 'POST', json: { name: 'Storefront', slug: 'storefront', repo: `file://${bare}`, branch: 'main', file_format: 'po', filemask: 'po/*.po', new_base: 'po/shop.pot' } }));
    const tbx = `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><text><body>${[
      ['cart', 'Warenkorb'],
      ['checkout', 'Kasse'],
      ['wish list', 'Wunschliste'],
    ]
      .map(([en, de], i) => `<termEntry id="t${i}"><langSet xml:lang="en"><tig><term>${en}</term></tig></langSet><langSet xml:lang="de"><tig><term>${de}</term></tig></langSet></termEntry>`)
      .join('')}</body></text></martif>\n`;
    await ok(s.api('/api/projects/shop/components/', { method: 'POST', body: multipart({ name: 'Glossary', slug: 'glossary', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true', manage_units: 'true' }, { zipfile: { name: 'glossary.zip', data: buildZip([{ name: 'tbx/de.tbx', data: tbx }]) } }) }));
    for (let i = 0; i < 100 && (await (await s.api('/api/components/shop/storefront/translations/')).json()).count < 3; i++) await new Promise((r) => setTimeout(r, 200));

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${s.url}/accounts/login/?next=%2F`);
    await page.fill('#id_username', 'admin');
    await page.fill('#id_password', 'admin-password');
    await Promise.all([page.waitForURL(`${s.url}/`), page.click('#login-submit')]);
    fs.mkdirSync(OUT, { recursive: true });
    for (const [name, address] of PAGES) {
      const res = await page.goto(`${s.url}${address}`);
      if (!res?.ok()) throw new Error(`${address}: ${res?.status()}`);
      await page.screenshot({ path: path.join(OUT, `${name}.png`) });
      console.log(`docs/images/${name}.png  ${address}`);
    }
  } finally {
    await browser.close();
    await s.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
