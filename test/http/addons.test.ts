// Add-ons over HTTP: installation rules, management permissions and each built-in add-on's effect.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, DE_PO, POT } from '../helpers/fixtures.js';
import { componentDirOf } from '../helpers/data-dirs.js';
import { git, GIT_ENV, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

/** A bare repository with po/app.pot, po/cs.po, po/de.po on branch main, and a working clone of it. */
const upstream = (root: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });

interface Err {
  errors: { attr: string | null; detail: string }[];
}

describe.each(DIALECTS)('add-ons (%s)', (dialect) => {
  let server: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  let userToken: string;
  const C = '/api/components/addproj/app/';

  const install = (url: string, json: unknown, token?: string | null) => server.api(url, { method: 'POST', json, ...(token !== undefined ? { token } : {}) });
  const errorsOf = async (res: Response) => ((await res.json()) as Err).errors;
  const units = async (project: string, component: string, lang: string) =>
    (await (await server.api(`/api/translations/${project}/${component}/${lang}/units/`)).json()).results as { id: number; source: string[]; target: string[]; state: number; extra_flags: string }[];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-addons-'));
    repo = upstream(root);
    server = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    userToken = await server.createUser('plainuser');
    expect((await createProject(server, 'addproj')).status).toBe(201);
    expect((await createPoComponent(server, 'addproj')).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('installs on a component, lists, shows, patches and uninstalls, recording changes', async () => {
    const res = await install(`${C}addons/`, { name: 'weblate.gettext.mo', configuration: { fuzzy: true } });
    expect(res.status, await res.clone().text()).toBe(201);
    const addon = await res.json();
    expect(Object.keys(addon)).toEqual(['component', 'project', 'name', 'id', 'configuration', 'url']);
    // The configuration as given: omitted options keep following the add-on's defaults.
    expect(addon).toMatchObject({ name: 'weblate.gettext.mo', project: null, configuration: { fuzzy: true } });
    expect(addon.configuration).toEqual({ fuzzy: true });
    expect(addon.component).toMatch(/\/api\/components\/addproj\/app\/$/);
    expect(addon.url).toMatch(new RegExp(`/api/addons/${addon.id}/$`));
    const detailPath = `/api/addons/${addon.id}/`;

    const list = await (await server.api('/api/addons/')).json();
    expect(list.results.map((a: { id: number }) => a.id)).toContain(addon.id);
    const componentList = await (await server.api(`${C}addons/`)).json();
    expect(componentList).toMatchObject({ count: 1, results: [{ id: addon.id }] });
    const component = await (await server.api(C)).json();
    expect(component.addons).toEqual([addon.url]);

    const get = await server.api(detailPath);
    expect(get.status).toBe(200);
    expect(get.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');

    const patched = await server.api(detailPath, { method: 'PATCH', json: { configuration: { fuzzy: false, path: 'mo/{{ language_code }}.mo' } } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await patched.json()).configuration).toEqual({ fuzzy: false, path: 'mo/{{ language_code }}.mo' });
    const rename = await server.api(detailPath, { method: 'PATCH', json: { name: 'weblate.gettext.linguas' } });
    expect(rename.status).toBe(400);
    expect(await errorsOf(rename)).toEqual([{ code: 'invalid', attr: 'name', detail: 'Can not change add-on name' }]);
    const sameName = await server.api(detailPath, { method: 'PUT', json: { name: 'weblate.gettext.mo', configuration: {} } });
    expect(sameName.status).toBe(200);
    expect((await sameName.json()).configuration).toEqual({});
    const badConfig = await server.api(detailPath, { method: 'PATCH', json: { configuration: { path: 'x.txt' } } });
    expect(badConfig.status).toBe(400);
    expect((await errorsOf(badConfig))[0]!.attr).toBe('configuration');

    expect((await server.api(detailPath, { method: 'DELETE' })).status).toBe(204);
    expect((await server.api(detailPath)).status).toBe(404);
    const changes = await (await server.api(`${C}changes/?page_size=100`)).json();
    const actions = changes.results.map((c: { action: number }) => c.action);
    expect(actions).toEqual(expect.arrayContaining([60, 61, 62]));
  });

  it('answers the add-on errors the reference gives: unknown, duplicate, component-only on a project, incompatible, invalid configuration', async () => {
    const unknown = await install(`${C}addons/`, { name: 'weblate.nope.nope' });
    expect(unknown.status).toBe(400);
    expect(await errorsOf(unknown)).toEqual([{ code: 'invalid', attr: 'name', detail: 'Add-on not found: weblate.nope.nope' }]);
    const missing = await install(`${C}addons/`, {});
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing))[0]).toMatchObject({ attr: 'name', detail: 'This field is required.' });

    expect((await install(`${C}addons/`, { name: 'parla.gettext.linguas' })).status).toBe(201); // parla.* alias
    const again = await install(`${C}addons/`, { name: 'weblate.gettext.linguas' });
    expect(again.status).toBe(400);
    expect(await errorsOf(again)).toEqual([{ code: 'invalid', attr: 'name', detail: 'Add-on already installed: weblate.gettext.linguas' }]);

    const projectOnly = await install('/api/projects/addproj/addons/', { name: 'weblate.generate.pseudolocale', configuration: { source: 1, target: 2 } });
    expect(projectOnly.status).toBe(400);
    expect((await errorsOf(projectOnly))[0]!.attr).toBe('component');

    const bad = await install(`${C}addons/`, { name: 'weblate.flags.bulk', configuration: { q: 'state:>=translated', state: 'nonsense' } });
    expect(bad.status).toBe(400);
    const errs = await errorsOf(bad);
    expect(errs[0]!.attr).toBe('configuration');
    expect(errs[0]!.detail).toContain('state');
    const badQuery = await install(`${C}addons/`, { name: 'weblate.flags.bulk', configuration: { q: 'nosuchfield:x', state: 10 } });
    expect(badQuery.status).toBe(400);
    expect((await errorsOf(badQuery))[0]).toMatchObject({ attr: 'configuration' });
    const notObject = await install(`${C}addons/`, { name: 'weblate.flags.bulk', configuration: 'x' });
    expect(notObject.status).toBe(400);
    expect((await errorsOf(notObject))[0]!.attr).toBe('configuration');
  });

  it('incompatible add-ons are refused on other file formats', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Json', slug: 'json', file_format: 'json', filemask: 'j/*.json', template: 'j/en.json' })) form.append(k, v);
    form.append('zipfile', new Blob([new Uint8Array(buildJsonZip())]), 'j.zip');
    const created = await server.api('/api/projects/addproj/components/', { method: 'POST', body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const res = await install('/api/components/addproj/json/addons/', { name: 'weblate.gettext.mo' });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([{ code: 'invalid', attr: 'name', detail: 'could not enable add-on weblate.gettext.mo, not compatible' }]);
  });

  it('project add-ons: installed with project.edit, listed on the project', async () => {
    const res = await install('/api/projects/addproj/addons/', { name: 'weblate.flags.same_edit' });
    expect(res.status, await res.clone().text()).toBe(201);
    const addon = await res.json();
    expect(addon.project).toMatch(/\/api\/projects\/addproj\/$/);
    expect(addon.component).toBeNull();
    const list = await (await server.api('/api/projects/addproj/addons/')).json();
    expect(list.results.map((a: { id: number }) => a.id)).toEqual([addon.id]);
    expect((await server.api(`/api/addons/${addon.id}/`, { method: 'DELETE' })).status).toBe(204);
  });

  it('non-managers: 403 on install, add-ons hidden (404) and absent from the list, anonymous writes 401', async () => {
    const denied = await install(`${C}addons/`, { name: 'weblate.gettext.mo' }, userToken);
    expect(denied.status).toBe(403);
    const anon = await install(`${C}addons/`, { name: 'weblate.gettext.mo' }, null);
    expect(anon.status).toBe(401);
    const existing = (await (await server.api(`${C}addons/`)).json()).results[0] as { id: number };
    expect((await server.api(`/api/addons/${existing.id}/`, { token: userToken })).status).toBe(404);
    expect((await server.api(`/api/addons/${existing.id}/`, { method: 'DELETE', token: userToken })).status).toBe(404);
    expect((await server.api(`/api/addons/${existing.id}/`, { method: 'DELETE', token: null })).status).toBe(401);
    expect((await (await server.api('/api/addons/', { token: userToken })).json()).count).toBe(0);
    expect((await server.api(`/api/addons/${existing.id}/trigger/`, { method: 'POST', token: userToken })).status).toBe(404);
    expect((await server.api('/api/addons/abc/')).status).toBe(404);
  });

  it('weblate.flags.same_edit: a saved translation equal to its source needs editing', async () => {
    expect((await install(`${C}addons/`, { name: 'weblate.flags.same_edit' })).status).toBe(201);
    const hello = (await units('addproj', 'app', 'cs')).find((u) => u.source[0] === 'Hello')!;
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Hello'], state: 20 } })).status).toBe(200);
    await server.container.tasks.idle();
    expect((await units('addproj', 'app', 'cs')).find((u) => u.id === hello.id)!.state).toBe(10);
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Ahoj'], state: 20 } })).status).toBe(200);
    await server.container.tasks.idle();
    expect((await units('addproj', 'app', 'cs')).find((u) => u.id === hello.id)!.state).toBe(20);
  });

  it('weblate.flags.bulk: on install, matching strings change state and their source strings get flags', async () => {
    const res = await install(`${C}addons/`, { name: 'weblate.flags.bulk', configuration: { q: 'language:de', state: 10, add_flags: 'max-length:100' } });
    expect(res.status, await res.clone().text()).toBe(201);
    await server.container.tasks.idle();
    expect((await units('addproj', 'app', 'de')).map((u) => u.state)).toEqual([10, 10, 10, 10]);
    expect((await units('addproj', 'app', 'en')).map((u) => u.extra_flags)).toEqual(['max-length:100', 'max-length:100', 'max-length:100', 'max-length:100']);
    const stats = await (await server.api('/api/translations/addproj/app/de/')).json();
    expect(stats).toMatchObject({ fuzzy: 4, translated: 0 });
  });

  it('weblate.generate.pseudolocale: fills the target translation, again when triggered', async () => {
    expect((await server.api(`${C}translations/`, { method: 'POST', json: { language_code: 'fr' } })).status).toBe(201);
    const config = { source: 'en', target: 'fr', prefix: '[', suffix: ']', var_prefix: '~', var_multiplier: 0.5 };
    const res = await install(`${C}addons/`, { name: 'weblate.generate.pseudolocale', configuration: config });
    expect(res.status, await res.clone().text()).toBe(201);
    const addon = await res.json();
    await server.container.tasks.idle();
    const fr = await units('addproj', 'app', 'fr');
    expect(fr.find((u) => u.source[0] === 'Hello')).toMatchObject({ target: ['[~~Hello]'], state: 20 });
    expect(fr.find((u) => u.source[0] === 'One file')!.target).toEqual(['[~~~~One file]', '[~~~~%d files]']);
    const hello = fr.find((u) => u.source[0] === 'Hello')!;
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Bonjour'], state: 20 } })).status).toBe(200);
    const trigger = await server.api(`/api/addons/${addon.id}/trigger/`, { method: 'POST' });
    expect(trigger.status).toBe(202);
    const { task_url } = await trigger.json();
    await server.container.tasks.idle();
    expect(await (await server.api(new URL(task_url).pathname)).json()).toMatchObject({ completed: true });
    expect((await units('addproj', 'app', 'fr')).find((u) => u.id === hello.id)!.target).toEqual(['[~~Hello]']);
  });

  it('a failing add-on is logged and does not break the operation; daily runs once a day', async () => {
    const res = await install(`${C}addons/`, { name: 'weblate.generate.pseudolocale', configuration: { source: 'en', target: 'xx' } });
    expect(res.status).toBe(201);
    const addon = await res.json();
    await server.container.tasks.idle();
    const [entry] = await server.container.addons.log(addon.id);
    expect(entry).toMatchObject({ event: 'install', success: 0 });
    expect(entry!.message).toContain('does not exist');
    const row = await server.container.database.db.selectFrom('addons').selectAll().where('id', '=', addon.id).executeTakeFirstOrThrow();
    expect(row.last_error).toContain('does not exist');
    const now = new Date();
    expect(await server.container.addons.runDaily(now)).toBeGreaterThan(0);
    expect(await server.container.addons.runDaily(new Date(now.getTime() + 3600_000))).toBe(0);
    await server.container.tasks.idle();
    expect((await server.container.addons.log(addon.id))[0]).toMatchObject({ event: 'daily', success: 0 });
    expect((await server.api(`/api/addons/${addon.id}/`, { method: 'DELETE' })).status).toBe(204);
  });

  it('weblate.cleanup.generic and weblate.cleanup.blank rewrite monolingual files when triggered', async () => {
    const dir = await componentDirOf(server, 'addproj', 'json');
    fs.writeFileSync(path.join(dir, 'j/cs.json'), '{"hello": "Ahoj", "stale": "Starý"}\n');
    fs.writeFileSync(path.join(dir, 'j/de.json'), '{"hello": ""}\n');
    const cleanup = await (await install('/api/components/addproj/json/addons/', { name: 'weblate.cleanup.generic' })).json();
    const blank = await (await install('/api/components/addproj/json/addons/', { name: 'weblate.cleanup.blank' })).json();
    expect(cleanup.id && blank.id).toBeTruthy();
    expect((await server.api(`/api/addons/${cleanup.id}/trigger/`, { method: 'POST' })).status).toBe(202);
    await server.container.tasks.idle();
    const cs = fs.readFileSync(path.join(dir, 'j/cs.json'), 'utf8');
    expect(cs).toContain('Ahoj');
    expect(cs).not.toContain('stale');
    expect((await server.api(`/api/addons/${blank.id}/trigger/`, { method: 'POST' })).status).toBe(202);
    await server.container.tasks.idle();
    expect(fs.readFileSync(path.join(dir, 'j/de.json'), 'utf8')).not.toContain('hello');
    expect(fs.readFileSync(path.join(dir, 'j/cs.json'), 'utf8')).toContain('Ahoj');
  });

  describe('on a git component', () => {
    const G = '/api/components/addproj/gitapp/';
    const operation = async (op: string) => {
      const res = await server.api(`${G}repository/`, { method: 'POST', json: { operation: op } });
      expect(res.status, `${op}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as { result: boolean; detail?: string };
    };

    beforeAll(async () => {
      const res = await server.api('/api/projects/addproj/components/', {
        method: 'POST',
        json: { name: 'GitApp', slug: 'gitapp', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: repo.bare, branch: 'main', push_on_commit: false },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      await server.container.tasks.idle();
    });

    it('weblate.gettext.mo: the commit carries a MO file msgunfmt can read', async () => {
      expect((await install(`${G}addons/`, { name: 'weblate.gettext.mo' })).status).toBe(201);
      const open = (await units('addproj', 'gitapp', 'cs')).find((u) => u.source[0] === 'Open')!;
      expect((await server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 } })).status).toBe(200);
      expect(await operation('push')).toEqual({ result: true });
      const files = git(repo.bare, 'ls-tree', '-r', '--name-only', 'main').split('\n');
      expect(files).toContain('po/cs.mo');
      const mo = execFileSync('git', ['show', 'main:po/cs.mo'], { cwd: repo.bare, env: GIT_ENV });
      const tmp = path.join(root, 'cs.mo');
      fs.writeFileSync(tmp, mo);
      const text = execFileSync('msgunfmt', [tmp], { encoding: 'utf8' });
      expect(text).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"');
      // The MO file went into the translation's own commit.
      expect(git(repo.bare, 'show', '--name-only', '--format=', 'main').split('\n').sort()).toEqual(['po/cs.mo', 'po/cs.po']);
    });

    it('weblate.gettext.linguas: LINGUAS lists every language, new ones added', async () => {
      expect((await install(`${G}addons/`, { name: 'weblate.gettext.linguas' })).status).toBe(201);
      const added = await server.api(`${G}translations/`, { method: 'POST', json: { language_code: 'fr' } });
      expect(added.status, await added.clone().text()).toBe(201);
      await server.container.tasks.idle();
      const local = fs.readFileSync(path.join(await componentDir(), 'po/LINGUAS'), 'utf8');
      expect(local.trim().split('\n')).toEqual(['cs', 'de', 'fr']);
      expect(git(await componentDir(), 'show', 'HEAD:po/LINGUAS').split('\n')).toEqual(['cs', 'de', 'fr']);
    });

    it('weblate.autotranslate.autotranslate: copies translations from other components when triggered', async () => {
      const res = await install(`${C}addons/`, { name: 'weblate.autotranslate.autotranslate', configuration: { mode: 'translate', auto_source: 'others', filter_type: 'todo' } });
      expect(res.status, await res.clone().text()).toBe(201);
      const addon = await res.json();
      expect(addon.configuration).toEqual({ mode: 'translate', auto_source: 'others' });
      expect((await units('addproj', 'app', 'cs')).find((u) => u.source[0] === 'Open')!.target).toEqual(['']);
      expect((await server.api(`/api/addons/${addon.id}/trigger/`, { method: 'POST' })).status).toBe(202);
      await server.container.tasks.idle();
      expect((await units('addproj', 'app', 'cs')).find((u) => u.source[0] === 'Open')!.target).toEqual(['Otevřít']);
    });

    it('weblate.git.squash: the commits of a push reach the remote as one', async () => {
      const squash = await install(`${G}addons/`, { name: 'weblate.git.squash', configuration: { squash: 'all' } });
      expect(squash.status, await squash.clone().text()).toBe(201);
      const before = git(repo.bare, 'rev-parse', 'main');
      const cs = (await units('addproj', 'gitapp', 'cs')).find((u) => u.source[0] === 'Hello')!;
      const de = (await units('addproj', 'gitapp', 'de')).find((u) => u.source[0] === 'Hello')!;
      expect((await server.api(`/api/units/${cs.id}/`, { method: 'PATCH', json: { target: ['Nazdar'], state: 20 } })).status).toBe(200);
      expect((await server.api(`/api/units/${de.id}/`, { method: 'PATCH', json: { target: ['Servus'], state: 20 } })).status).toBe(200);
      expect(await operation('push')).toEqual({ result: true });
      expect(git(repo.bare, 'rev-list', '--count', `${before}..main`)).toBe('1');
      expect(git(repo.bare, 'rev-parse', 'main^')).toBe(before);
      const files = git(repo.bare, 'show', '--name-only', '--format=', 'main').split('\n').sort();
      expect(files).toEqual(expect.arrayContaining(['po/cs.po', 'po/de.po']));
      expect(git(repo.bare, 'show', 'main:po/de.po')).toContain('msgstr "Servus"');
      expect((await (await server.api(`${G}repository/`)).json()).needs_push).toBe(false);
    });

    it('weblate.gettext.msgmerge: a pulled POT change reaches every PO file, committed by the add-on', async () => {
      expect((await install(`${G}addons/`, { name: 'weblate.gettext.msgmerge' })).status).toBe(201);
      git(repo.work, 'pull', '--quiet', 'origin', 'main');
      fs.appendFileSync(path.join(repo.work, 'po/app.pot'), '\nmsgid "Fresh template string"\nmsgstr ""\n');
      git(repo.work, 'commit', '--quiet', '-am', 'New template string');
      git(repo.work, 'push', '--quiet', 'origin', 'main');
      expect(await operation('pull')).toEqual({ result: true });
      const dir = await componentDir();
      expect(fs.readFileSync(path.join(dir, 'po/cs.po'), 'utf8')).toContain('msgid "Fresh template string"');
      expect(git(dir, 'log', '-1', '--format=%B')).toContain('Updated by "Update PO files to match POT (msgmerge)" add-on in Parla.');
      expect(git(dir, 'status', '--porcelain', '--untracked-files=no')).toBe('');
      expect((await units('addproj', 'gitapp', 'de')).map((u) => u.source[0])).toContain('Fresh template string');
    });

    it('weblate.flags.target_edit: translations new from the repository need editing; handlers\' edits survive the add-on commit', async () => {
      expect((await install(`${G}addons/`, { name: 'weblate.flags.target_edit' })).status).toBe(201);
      await server.container.tasks.idle();
      expect(await operation('push')).toEqual({ result: true }); // the msgmerge commit, so that upstream edits the merged files
      git(repo.work, 'pull', '--quiet', 'origin', 'main');
      fs.appendFileSync(path.join(repo.work, 'po/app.pot'), '\nmsgid "Brand new"\nmsgstr ""\n');
      fs.appendFileSync(path.join(repo.work, 'po/de.po'), '\nmsgid "Brand new"\nmsgstr "Ganz neu"\n');
      git(repo.work, 'commit', '--quiet', '-am', 'Brand new string');
      git(repo.work, 'push', '--quiet', 'origin', 'main');
      expect(await operation('pull')).toEqual({ result: true });
      const de = await units('addproj', 'gitapp', 'de');
      expect(de.find((u) => u.source[0] === 'Brand new')).toMatchObject({ target: ['Ganz neu'], state: 10 });
      expect(de.find((u) => u.source[0] === 'Goodbye world')!.state).toBe(20);
      expect(fs.readFileSync(path.join(await componentDir(), 'po/de.po'), 'utf8')).toMatch(/#, fuzzy\nmsgid "Brand new"/);
    });

    const componentDir = () => componentDirOf(server, 'addproj', 'gitapp');
  });
});

function buildJsonZip(): Buffer {
  return buildZip([
    { name: 'j/en.json', data: '{"hello": "Hello"}\n' },
    { name: 'j/cs.json', data: '{"hello": "Ahoj"}\n' },
    { name: 'j/de.json', data: '{"hello": "Hallo"}\n' },
  ]);
}
