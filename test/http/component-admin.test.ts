// The component administration pages over HTTP as a browser uses them: creating a component from a ZIP file, a document or a
// repository found by discovery, with the project's managers' rights, refusals shown next to the field with the values kept,
// and no page for others.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, DE_PO, POT, createProject, poZip } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

describe.each(DIALECTS)('component administration pages (%s)', (dialect) => {
  let s: TestServer;
  let manager: UiSession;
  let translator: UiSession;
  let root: string;

  const get = (path: string, session: UiSession) => session.get(path);
  /** A file field as a browser sends it: empty, without a name, when nothing is chosen. */
  const fileOf = (f?: [string, Buffer | string]) => new File([f ? (typeof f[1] === 'string' ? f[1] : new Uint8Array(f[1])) : ''], f ? f[0] : '');
  /** Posts the creation form as a browser does: multipart, the session's CSRF token, file fields empty when nothing is chosen. */
  const create = (session: UiSession, project: string, fields: Record<string, string>, files: { zipfile?: [string, Buffer | string]; docfile?: [string, Buffer | string] } = {}) =>
    session.post(`/create/component/?project=${project}`, { ...fields, zipfile: fileOf(files.zipfile), docfile: fileOf(files.docfile) });

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-discovery-'));
    expect((await createProject(s, 'shop')).status).toBe(201);
    for (const name of ['mara', 'tom']) await userWithPassword(s, name);
    await joinTeam(s, 'mara', 'Administration', 'shop');
    manager = await signIn(s, 'mara');
    translator = await signIn(s, 'tom');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Posts the discovery form with the session's CSRF token. */
  const discover = (session: UiSession, fields: Record<string, string>) => session.post('/create/component/discover/?project=shop', fields);
  /** The discovery page once its task has ended. */
  const finished = async (address: string) => {
    for (let i = 0; i < 100; i++) {
      const page = await get(address, manager);
      if (!page.html.includes('<progress')) return page;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the discovery did not end');
  };
  const decode = (s: string) => s.replaceAll('&amp;', '&');

  it('shows the creation form to a project manager, with the formats Parla reads', async () => {
    const page = await get('/create/component/?project=shop', manager);
    expect(page.status).toBe(200);
    expect(page.html).toContain('enctype="multipart/form-data" id="create-component"');
    expect(page.html).toContain('<label for="id_filemask">File mask</label>');
    expect(page.html).toContain('<option value="po" selected>');
    expect(page.html).toContain('<option value="json"');
    expect(page.html).toContain('type="file" id="id_zipfile" name="zipfile"');
  });

  it('creates a component from a ZIP file and says so on the component page', async () => {
    const res = await create(manager, 'shop', { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: '', branch: '', template: '', source_language: '' }, { zipfile: ['app.zip', poZip()] });
    expect(res).toMatchObject({ status: 303, location: '/projects/shop/app/?done=component_created' });
    const component = await (await s.api('/api/components/shop/app/')).json();
    expect(component).toMatchObject({ name: 'App', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' });
    const translations = await (await s.api('/api/components/shop/app/translations/')).json();
    expect(translations.results.map((t: { language_code: string }) => t.language_code).sort()).toEqual(['cs', 'de', 'en']);
    const shown = await get(res.location!, manager);
    expect(shown.html).toContain('Component created.');
  });

  it('creates a component from a single document', async () => {
    const res = await create(manager, 'shop', { name: 'Guide', slug: 'guide', file_format: 'markdown' }, { docfile: ['README.md', '# Hello\n\nA paragraph to translate.\n'] });
    expect(res).toMatchObject({ status: 303, location: '/projects/shop/guide/?done=component_created' });
    const units = await (await s.api('/api/translations/shop/guide/en/units/')).json();
    expect(units.count).toBeGreaterThan(0);
  });

  it('shows a refused field next to it and keeps what was typed', async () => {
    const res = await create(manager, 'shop', { name: 'Second app', slug: 'app', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', poZip()] });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/<p class="error field-error" id="id_slug_error">[^<]+<\/p>/);
    expect(res.html).toContain('aria-describedby="id_slug_error id_slug_help"');
    expect(res.html).toContain('value="Second app"');
    expect(res.html).toContain('value="po/*.po"');
    const bad = await create(manager, 'shop', { name: 'Broken', slug: 'broken', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', 'not a zip'] });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="id_zipfile_error"/);
    expect((await s.api('/api/components/shop/broken/')).status).toBe(404);
  });

  it('refuses the page and the form to a user who may not add components, and asks strangers to sign in', async () => {
    expect((await get('/create/component/?project=shop', translator)).status).toBe(403);
    expect((await get('/projects/shop/', translator)).html).not.toContain('id="add-component"');
    expect((await get('/projects/shop/', manager)).html).toContain('<a href="/create/component/?project=shop" id="add-component">Add a component</a>');
    const refused = await create(translator, 'shop', { name: 'Mine', slug: 'mine', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', poZip()] });
    expect(refused.status).toBe(403);
    expect((await s.api('/api/components/shop/mine/')).status).toBe(404);
    const anonymous = await fetch(`${s.url}/create/component/?project=shop`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/accounts/login/?next=%2Fcreate%2Fcomponent%2F%3Fproject%3Dshop');
    expect((await get('/create/component/?project=nowhere', manager)).status).toBe(404);
  });

  it('clones a repository as a task, proposes its file layouts and creates the component from the one picked', async () => {
    const { bare } = gitUpstream(root, { 'README.md': '# Shop', 'po/shop.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO, 'web/i18n/en.json': '{"hello": "Hello"}', 'web/i18n/fr.json': '{"hello": "Bonjour"}' });
    const started = await discover(manager, { discover_repo: `file://${bare}`, discover_branch: 'main' });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/^\/create\/component\/discover\/\?project=shop&task=[0-9a-f-]{36}$/);
    const page = await finished(started.location!);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<code>po\/\*\.po<\/code><\/a> – [^,<]+, 2 languages \(cs, de\), template <code>po\/shop\.pot<\/code>/);
    expect(page.html).toContain('<code>web/i18n/*.json</code>');
    expect(page.html).toContain('base file <code>web/i18n/en.json</code>');
    // The picked layout opens the creation form prefilled with the repository and the layout.
    const link = decode(/href="([^"]+)" id="discovered-0"/.exec(page.html)![1]!);
    const form = await get(link, manager);
    expect(form.html).toContain(`value="file://${bare}"`);
    expect(form.html).toContain('value="po/*.po"');
    expect(form.html).toContain('value="po/shop.pot"');
    const query = new URL(link, s.url).searchParams;
    const res = await create(manager, 'shop', { name: 'Web shop', slug: 'web-shop', repo: query.get('repo')!, branch: query.get('branch')!, file_format: query.get('file_format')!, filemask: query.get('filemask')!, new_base: query.get('new_base')! });
    // The clone runs as a task: the form leads to its progress page, which ends with a link to the component.
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/tasks\/[0-9a-f-]{36}\/$/);
    let languages: string[] = [];
    for (let i = 0; i < 100 && languages.length < 3; i++) {
      const list = await (await s.api('/api/components/shop/web-shop/translations/')).json();
      languages = (list.results ?? []).map((t: { language_code: string }) => t.language_code).sort();
      if (languages.length < 3) await new Promise((r) => setTimeout(r, 100));
    }
    expect(languages).toEqual(['cs', 'de', 'en']);
    let progress = await get(res.location!, manager);
    for (let i = 0; i < 100 && !progress.html.includes('id="task-result"'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await get(res.location!, manager);
    }
    expect(progress.html).toContain('<h1>Setting up SHOP / Web shop</h1>');
    expect(progress.html).toContain('the component is ready.');
    expect(progress.html).toContain('<a href="/projects/shop/web-shop/" id="task-back">');
  });

  it('shows a clone that fails with its reason', async () => {
    const started = await discover(manager, { discover_repo: `file://${root}/nothing-here.git`, discover_branch: '' });
    expect(started.status).toBe(303);
    const page = await finished(started.location!);
    expect(page.html).toContain('id="discovery-error"');
    expect(page.html).toContain('The repository could not be read');
  });

  it('refuses a bad repository next to the field, and discovery to those who may not add components', async () => {
    const empty = await discover(manager, { discover_repo: '', discover_branch: 'main' });
    expect(empty.status).toBe(400);
    expect(empty.html).toMatch(/<p class="error field-error" id="id_discover_repo_error">[^<]+<\/p>/);
    expect(empty.html).toContain('value="main"');
    const badBranch = await discover(manager, { discover_repo: 'https://example.com/repo.git', discover_branch: 'a..b~' });
    expect(badBranch.status).toBe(400);
    expect(badBranch.html).toContain('id="id_discover_branch_error"');
    expect(badBranch.html).toContain('value="https://example.com/repo.git"');
    const refused = await discover(translator, { discover_repo: 'https://example.com/repo.git', discover_branch: '' });
    expect(refused.status).toBe(403);
    // Someone else's discovery task of another kind is no discovery page.
    expect((await get('/create/component/discover/?project=shop&task=00000000-0000-0000-0000-000000000000', manager)).status).toBe(404);
  });

  /** Posts one of the settings page's forms with the session's CSRF token. */
  const settingsPost = (session: UiSession, action: string, fields: [string, string][]) => session.post(action, fields);
  /** Every field of the settings form as the page shows it, with some changed. */
  const settingsFields = async (changes: Record<string, string | null>): Promise<[string, string][]> => {
    const html = (await get('/settings/shop/app/', manager)).html;
    const form = html.slice(html.indexOf('id="component-settings"'), html.indexOf('</form>', html.indexOf('id="component-settings"')));
    const out: [string, string][] = [];
    for (const m of form.matchAll(/<input type="(?!hidden)([a-z]+)" id="id_([a-z_]+)" name="[a-z_]+" value="([^"]*)"([^>]*)>/g)) {
      if (m[1] === 'checkbox') {
        if (m[4]!.includes(' checked')) out.push([m[2]!, 'true']);
      } else out.push([m[2]!, m[3]!.replaceAll('&amp;', '&')]);
    }
    for (const m of form.matchAll(/<textarea id="id_([a-z_]+)" name="[a-z_]+"[^>]*>([^<]*)<\/textarea>/g)) out.push([m[1]!, m[2]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>')]);
    for (const m of form.matchAll(/<select id="id_([a-z_]+)"[\s\S]*?<option value="([^"]*)" selected>/g)) out.push([m[1]!, m[2]!]);
    const kept = out.filter(([k]) => !(k in changes));
    for (const [k, v] of Object.entries(changes)) if (v !== null) kept.push([k, v]);
    return kept;
  };

  it('saves the component settings, locks it and deletes it after its slug is typed', async () => {
    const page = await get('/settings/shop/app/', manager);
    expect(page.status).toBe(200);
    for (const legend of ['Basic', 'Translation', 'Version control', 'Commit messages', 'Files']) expect(page.html).toContain(`<legend>${legend}</legend>`);
    expect(page.html).toContain('id="id_filemask" name="filemask" value="po/*.po"');
    const saved = await settingsPost(manager, '/settings/shop/app/', await settingsFields({ license: 'MIT', new_lang: 'none', suggestion_voting: 'true' }));
    expect(saved).toMatchObject({ status: 303, location: '/settings/shop/app/?saved=settings' });
    expect(await (await s.api('/api/components/shop/app/')).json()).toMatchObject({ license: 'MIT', new_lang: 'none', suggestion_voting: true, filemask: 'po/*.po' });
    expect((await get(saved.location!, manager)).html).toContain('The settings are saved.');

    const refused = await settingsPost(manager, '/settings/shop/app/', await settingsFields({ license_url: 'not an address', license: 'GPL' }));
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<p class="error field-error" id="id_license_url_error">[^<]+<\/p>/);
    expect(refused.html).toContain('value="GPL"');
    expect((await (await s.api('/api/components/shop/app/')).json()).license).toBe('MIT');

    expect(await settingsPost(manager, '/settings/shop/app/lock/', [['lock', 'true']])).toMatchObject({ status: 303, location: '/settings/shop/app/?saved=locked' });
    expect(await (await s.api('/api/components/shop/app/lock/')).json()).toEqual({ locked: true });
    expect(await settingsPost(manager, '/settings/shop/app/lock/', [['lock', 'false']])).toMatchObject({ status: 303 });
    expect(await (await s.api('/api/components/shop/app/lock/')).json()).toEqual({ locked: false });

    expect((await get('/settings/shop/app/', translator)).status).toBe(403);
    expect((await get('/projects/shop/app/', translator)).html).not.toContain('id="component-settings-link"');
    expect((await get('/projects/shop/app/', manager)).html).toContain('<a href="/settings/shop/app/" id="component-settings-link">Settings</a>');
    expect((await settingsPost(translator, '/settings/shop/app/lock/', [['lock', 'true']])).status).toBe(403);
    expect((await settingsPost(translator, '/settings/shop/app/delete/', [['confirm', 'app']])).status).toBe(403);

    const wrong = await settingsPost(manager, '/settings/shop/app/delete/', [['confirm', 'ap']]);
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('id="id_confirm_error"');
    expect((await s.api('/api/components/shop/app/')).status).toBe(200);
    expect(await settingsPost(manager, '/settings/shop/app/delete/', [['confirm', 'app']])).toMatchObject({ status: 303, location: '/projects/shop/?done=component_deleted' });
    expect((await s.api('/api/components/shop/app/')).status).toBe(404);
  });

  it('adds a language to a component from its settings page', async () => {
    const add = (session: UiSession, code: string) => session.post('/settings/shop/web-shop/language/', { language_code: code });
    expect(await add(manager, 'fr')).toMatchObject({ status: 303, location: '/settings/shop/web-shop/?saved=language' });
    const list = await (await s.api('/api/components/shop/web-shop/translations/')).json();
    expect(list.results.map((t: { language_code: string }) => t.language_code)).toContain('fr');
    const again = await add(manager, 'fr');
    expect(again.status).toBe(400);
    expect(again.html).toMatch(/<p class="error field-error" id="id_language_code_error">Could not add &#39;fr&#39;!<\/p>/);
    expect(again.html).toContain('id="id_language_code" name="language_code" value="fr"');
    expect((await add(translator, 'it')).status).toBe(403);
  });
});
