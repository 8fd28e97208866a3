// A localization manager runs a project from the browser alone, in a real Chromium: signs in, creates a project, makes a
// component from a local upstream repository through discovery, adds a language and a translator, installs an add-on,
// uploads a screenshot with two strings, makes a glossary with a term, imports a TMX file, lets the translator translate
// (taking the memory's match), then commits and pushes and finds the translation upstream.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { buildZip } from '../helpers/zip.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { UI_PASSWORD, userWithPassword } from '../helpers/ui-session.js';
import { HAVE_CHROMIUM, browserForFile, signInPage, withPage } from './browser.js';
import { unnamedControls } from './a11y.js';

const browser = browserForFile();

/** What the team translated before, in a translation memory file. */
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="test" creationtoolversion="1" o-tmf="test"/>
<body><tu><tuv xml:lang="en"><seg>Hello</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu></body></tmx>
`;

/** The shop's German glossary as it starts: one term. */
const TBX = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en"><text><body><termEntry id="cart"><langSet xml:lang="en"><tig><term>cart</term></tig></langSet><langSet xml:lang="de"><tig><term>Warenkorb</term></tig></langSet></termEntry></body></text></martif>
`;

/** A 1×1 PNG, the screenshot of the shop's front page. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(!HAVE_CHROMIUM).each(DIALECTS)('a manager runs a project from the browser on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  let work: string;

  /** Follows a link or submits a form and waits for the address it leads to. */
  const go = async (page: Page, url: string | RegExp, selector: string) => {
    await Promise.all([page.waitForURL(typeof url === 'string' ? `${s.url}${url}` : url), page.click(selector)]);
    expect(await unnamedControls(page), page.url()).toEqual([]);
  };

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-manager-walk-'));
    ({ bare, work } = gitUpstream(root, { 'po/shop.pot': POT, 'po/cs.po': CS_PO, 'README.md': '# Shop\n' }));
    // Marta may create projects (the site-wide "Project creators" team); Tomas is a translator with an account only.
    await userWithPassword(s, 'marta');
    await userWithPassword(s, 'tomas');
    const groups = (await (await s.api('/api/groups/?page_size=200')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const creators = groups.find((g) => g.name === 'Project creators' && g.defining_project === null)!;
    expect((await s.api('/api/users/marta/groups/', { method: 'POST', json: { group_id: creators.id } })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sets up a project, a translator translates, and the translation reaches the upstream repository', () =>
    withPage(browser(), `${dialect}-manager-walk`, async ({ page, problems }) => {
      // The manager creates the project from the dashboard.
      await signInPage(page, s.url, 'marta', UI_PASSWORD);
      await go(page, '/create/project/', '#add-project');
      await page.fill('#id_name', 'Corner Shop');
      await page.fill('#id_web', 'https://shop.example/');
      await go(page, '/settings/corner-shop/?saved=created', '#project-create-submit');
      // Only superusers create protected projects; its administrator then makes it protected (everyone may look, only
      // the project's teams may translate).
      await page.selectOption('#id_access_control', '1');
      await go(page, '/settings/corner-shop/?saved=settings', '#project-settings-submit');

      // A component from the upstream repository: discovery proposes po/*.po, which is chosen.
      await page.goto(`${s.url}/projects/corner-shop/`);
      await go(page, '/create/component/?project=corner-shop', '#add-component');
      await page.fill('#id_discover_repo', `file://${bare}`);
      await page.fill('#id_discover_branch', 'main');
      await go(page, /\/create\/component\/discover\/\?project=corner-shop&task=/, '#discover-component-submit');
      await page.waitForSelector('#discovered-0', { timeout: 30_000 });
      expect(await page.textContent('#discovered-0')).toBe('po/*.po');
      await go(page, /\/create\/component\/\?/, '#discovered-0');
      await page.fill('#id_name', 'Storefront');
      await page.fill('#id_slug', 'storefront');
      // Cloning and scanning run as a task; its page shows the progress and ends with a link to the component.
      await go(page, /\/tasks\/[0-9a-f-]{36}\/$/, '#create-component-submit');
      await page.waitForSelector('#task-result', { timeout: 30_000 });
      expect(await page.textContent('#task-result')).toContain('the component is ready.');
      await go(page, '/projects/corner-shop/storefront/', '#task-back');
      await expect.poll(async () => (await (await s.api('/api/components/corner-shop/storefront/translations/')).json()).count, { timeout: 30_000 }).toBe(2);

      // German is added from the component's settings.
      await go(page, '/settings/corner-shop/storefront/', '#component-settings-link');
      await page.fill('#id_language_code', 'de');
      await go(page, /\/settings\/corner-shop\/storefront\/\?saved=language$/, '#component-add-language-submit');
      expect((await s.api('/api/translations/corner-shop/storefront/de/')).status).toBe(200);

      // Tomas joins the project's translators.
      await page.goto(`${s.url}/projects/corner-shop/`);
      await go(page, '/access/corner-shop/', '#project-access-link');
      await page.fill('#id_user', 'tomas');
      await page.selectOption('#id_group', { label: 'Translate' });
      await go(page, '/access/corner-shop/?done=added', '#add-member-submit');

      // An add-on that compiles MO files next to the PO files on every commit.
      await page.goto(`${s.url}/settings/corner-shop/storefront/`);
      await go(page, '/settings/corner-shop/storefront/addons/', '#addons-link');
      await go(page, '/settings/corner-shop/storefront/addons/install/weblate.gettext.mo/', '#install-weblate-gettext-mo');
      await go(page, '/settings/corner-shop/storefront/addons/?done=addon_installed', '#addon-form-submit');

      // A screenshot of the front page, showing two strings found with the query language.
      await page.goto(`${s.url}/projects/corner-shop/storefront/`);
      await go(page, '/screenshots/corner-shop/storefront/', '#component-screenshots-link');
      const png = path.join(root, 'front.png');
      fs.writeFileSync(png, PNG);
      await page.fill('#id_name', 'Front page');
      await page.setInputFiles('#id_image', png);
      await go(page, /\/screenshots\/corner-shop\/storefront\/\d+\/\?done=screenshot_added$/, '#screenshot-upload-submit');
      await page.fill('#id_q', 'source:hello OR source:goodbye');
      await go(page, /\?q=/, '#string-search-submit');
      await page.locator('#assign-strings input[type=checkbox]').nth(0).check();
      await page.locator('#assign-strings input[type=checkbox]').nth(1).check();
      await go(page, /done=strings_assigned/, '#assign-strings-submit');
      const shots = (await (await s.api('/api/components/corner-shop/storefront/screenshots/')).json()).results as { name: string; units: string[] }[];
      expect(shots.map((shot) => [shot.name, shot.units.length])).toEqual([['Front page', 2]]);

      // A glossary: a component made from a TBX file, marked as a glossary in its settings, then a term added.
      await page.goto(`${s.url}/create/component/?project=corner-shop`);
      const glossaryZip = path.join(root, 'glossary.zip');
      fs.writeFileSync(glossaryZip, buildZip([{ name: 'tbx/de.tbx', data: TBX }]));
      await page.fill('#id_name', 'Glossary');
      await page.fill('#id_slug', 'glossary');
      await page.setInputFiles('#id_zipfile', glossaryZip);
      await page.selectOption('#id_file_format', 'tbx');
      await page.fill('#id_filemask', 'tbx/*.tbx');
      await go(page, '/projects/corner-shop/glossary/?done=component_created', '#create-component-submit');
      await go(page, '/settings/corner-shop/glossary/', '#component-settings-link');
      await page.check('#id_is_glossary');
      await page.check('#id_manage_units');
      await go(page, '/settings/corner-shop/glossary/?saved=settings', '#component-settings-submit');
      await page.goto(`${s.url}/projects/corner-shop/glossary/`);
      await go(page, '/glossary/corner-shop/glossary/', '#component-glossary-link');
      await go(page, '/glossary/corner-shop/glossary/de/', '#glossary-de');
      expect(await page.textContent('#glossary-terms')).toContain('Warenkorb');
      await page.fill('#id_source', 'checkout');
      await page.fill('#id_target', 'Kasse');
      await page.check('#id_forbidden');
      await go(page, '/glossary/corner-shop/glossary/de/?done=term_added', '#glossary-add-submit');
      expect(await page.textContent('#glossary-terms')).toMatch(/checkout\s*Kasse/);
      const term = async (language: string) => (await (await s.api(`/api/translations/corner-shop/glossary/${language}/units/?q=source:checkout`)).json()).results as { target: string[]; extra_flags: string }[];
      expect(await term('de')).toEqual([expect.objectContaining({ target: ['Kasse'] })]);
      // The flag belongs to the term, which its source string carries for every language.
      expect(await term('en')).toEqual([expect.objectContaining({ extra_flags: expect.stringContaining('forbidden') })]);

      // The team's earlier translations, as a TMX file, go into the project's memory; the import runs as a task whose
      // progress bar ends with the result, on the same page.
      await page.goto(`${s.url}/projects/corner-shop/`);
      await go(page, '/memory/project/corner-shop/', '#project-memory-link');
      const tmx = path.join(root, 'earlier.tmx');
      fs.writeFileSync(tmx, TMX);
      await page.setInputFiles('#id_file', tmx);
      await go(page, /\/memory\/project\/corner-shop\/import\/[0-9a-f-]{36}\/$/, '#memory-import-submit');
      await page.waitForSelector('#import-done', { state: 'visible', timeout: 30_000 });
      expect(await page.textContent('#import-done')).toBe('1 entry imported.');
      await page.click('#sign-out');
      await page.waitForURL(/\/$/);

      // The translator signs in and translates the first string into German.
      await signInPage(page, s.url, 'tomas', UI_PASSWORD, '/translate/corner-shop/storefront/de/');
      expect(await page.textContent('#source-0')).toBe('Hello');
      // The memory offers the imported translation, which the translator takes.
      await page.click('#machinery-load');
      await page.waitForSelector('#machinery-use-0');
      expect(await page.textContent('#machinery-results')).toContain('Hallo');
      await page.click('#machinery-use-0');
      expect(await page.inputValue('#target-0')).toBe('Hallo');
      await go(page, /done=saved/, '#save');
      expect(await page.textContent('#notice')).toContain('Translation saved.');
      await page.click('#sign-out');
      await page.waitForURL(/\/$/);

      // The manager commits and pushes from the component page; the upstream repository has the translation.
      await signInPage(page, s.url, 'marta', UI_PASSWORD, '/projects/corner-shop/storefront/');
      await go(page, /\/projects\/corner-shop\/storefront\/\?done=commit$/, '#repo-commit');
      await go(page, /\/projects\/corner-shop\/storefront\/\?done=push$/, '#repo-push');
      // The repository page agrees: nothing waits to go upstream.
      await go(page, '/projects/corner-shop/storefront/repository/', '#repository-details');
      expect(await page.textContent('#outgoing-title')).toBe('Outgoing commits (0)');
      git(work, 'pull', '--quiet', 'origin', 'main');
      const pushed = fs.readFileSync(path.join(work, 'po/de.po'), 'utf8');
      expect(pushed).toMatch(/msgid "Hello"\nmsgstr "Hallo"/);
      // The add-on's MO file went up with the commit.
      expect(fs.readFileSync(path.join(work, 'po/de.mo')).readUInt32LE(0)).toBe(0x950412de);
      expect(git(work, 'log', '-1', '--format=%an')).toBe('tomas');
      expect(problems).toEqual([]);
    }));
});
