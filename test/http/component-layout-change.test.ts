// A component's file layout (filemask, template, new_base, file_format, intermediate) changed by PATCH or PUT:
// the files are read again, translations appear and disappear with the mask, units and statistics follow, and a
// layout the files do not fit is a 400 that changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, createProject, DE_PO, multipart, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const L10N_CS = CS_PO.replace('msgstr "Sbohem světe"', 'msgstr "Nashledanou"').replace('#, fuzzy\n', '').replace('msgctxt "menu"\nmsgid "Open"\nmsgstr ""', 'msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"');
const L10N_FR = `msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\nmsgid "Hello"\nmsgstr "Bonjour"\n\nmsgid "Only in French"\nmsgstr ""\n`;
const EN_JSON = '{\n  "hello": "Hello",\n  "bye": "Goodbye"\n}\n';
const CS_JSON = '{\n  "hello": "Ahoj"\n}\n';

const C = '/api/components/lay/app/';

describe.each(DIALECTS)('changing a component\'s file layout (%s)', (dialect) => {
  let s: TestServer;

  const languages = async () => ((await (await s.api(`${C}translations/`)).json()).results as { language_code: string }[]).map((t) => t.language_code).sort();
  const info = async (lang: string) => (await s.api(`/api/translations/lay/app/${lang}/`)).json();
  const units = async (lang: string) => ((await (await s.api(`/api/translations/lay/app/${lang}/units/`)).json()).results as { id: number; context: string; source: string[]; target: string[]; state: number }[]);
  const component = async () => (await s.api(C)).json();

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'lay')).status).toBe(201);
    const zip = buildZip([
      { name: 'po/app.pot', data: POT },
      { name: 'po/cs.po', data: CS_PO },
      { name: 'po/de.po', data: DE_PO },
      { name: 'l10n/cs.po', data: L10N_CS },
      { name: 'l10n/fr.po', data: L10N_FR },
      { name: 'json/en.json', data: EN_JSON },
      { name: 'json/cs.json', data: CS_JSON },
    ]);
    const form = multipart({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: zip } });
    const res = await s.api('/api/projects/lay/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(async () => s?.close());

  it('a filemask that matches nothing is a 400 on filemask and changes nothing', async () => {
    const before = { languages: await languages(), cs: await units('cs'), component: await component() };
    const changesBefore = (await (await s.api(`${C}changes/`)).json()).count;
    const res = await s.api(C, { method: 'PATCH', json: { filemask: 'nothing/*.po' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ attr: 'filemask', detail: 'The file mask did not match any files.' });
    expect(await languages()).toEqual(before.languages);
    expect(await units('cs')).toEqual(before.cs);
    expect((await component()).filemask).toBe('po/*.po');
    expect((await (await s.api(`${C}changes/`)).json()).count).toBe(changesBefore);
    const missingBase = await s.api(C, { method: 'PATCH', json: { new_base: 'po/missing.pot' } });
    expect(missingBase.status).toBe(400);
    expect((await missingBase.json()).errors[0].attr).toBe('new_base');
    expect((await component()).new_base).toBe('po/app.pot');
  });

  it('a new layout keeps the edits made under the old one', async () => {
    const open = (await units('cs')).find((u) => u.source[0] === 'Open')!;
    expect((await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 20 } })).status).toBe(200);
    const res = await s.api(C, { method: 'PATCH', json: { new_base: '' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).new_base).toBe('');
    expect(await languages()).toEqual(['cs', 'de', 'en']);
    expect((await units('cs')).find((u) => u.source[0] === 'Open')).toMatchObject({ target: ['Otevři'], state: 20 });
    expect(await (await s.api('/api/translations/lay/app/cs/file/')).text()).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevři"');
    expect(await info('cs')).toMatchObject({ total: 4, translated: 3, fuzzy: 1 });
  });

  it('a filemask pointing elsewhere reads those files: languages appear and go, units and statistics follow', async () => {
    const res = await s.api(C, { method: 'PATCH', json: { filemask: 'l10n/*.po' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ filemask: 'l10n/*.po', new_base: '' });
    expect(await languages()).toEqual(['cs', 'en', 'fr']);
    expect((await s.api('/api/translations/lay/app/de/')).status).toBe(404);
    expect((await units('cs')).map((u) => [u.source[0], u.target[0], u.state])).toEqual([
      ['Hello', 'Ahoj', 20],
      ['Goodbye world', 'Nashledanou', 20],
      ['Open', 'Otevřít', 20],
      ['One file', 'Jeden soubor', 20],
    ]);
    expect(await info('cs')).toMatchObject({ total: 4, translated: 4, fuzzy: 0, filename: 'l10n/cs.po' });
    expect(await info('fr')).toMatchObject({ total: 2, translated: 1, filename: 'l10n/fr.po' });
    // The source holds every string of the files.
    expect((await info('en')).total).toBe(5);
    const stats = (await (await s.api(`${C}statistics/`)).json()).results as { code: string; total: number; translated: number }[];
    expect(stats.map((r) => [r.code, r.total, r.translated]).sort()).toEqual([['cs', 4, 4], ['en', 5, 5], ['fr', 2, 1]]);
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });

  it('PUT with another file format and a template re-reads the files as keyed ones', async () => {
    const { name, slug, vcs, repo, branch } = await component();
    const res = await s.api(C, { method: 'PUT', json: { name, slug, vcs, repo, branch, file_format: 'json', filemask: 'json/*.json', template: 'json/en.json', new_base: '' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ file_format: 'json', filemask: 'json/*.json', template: 'json/en.json' });
    expect(await languages()).toEqual(['cs', 'en']);
    expect((await units('cs')).map((u) => [u.context, u.source[0], u.target[0]])).toEqual([
      ['hello', 'Hello', 'Ahoj'],
      ['bye', 'Goodbye', ''],
    ]);
    expect(await info('cs')).toMatchObject({ total: 2, translated: 1 });
    expect(await info('en')).toMatchObject({ total: 2, filename: 'json/en.json' });
    // Edits reach the new files.
    const bye = (await units('cs')).find((u) => u.context === 'bye')!;
    expect((await s.api(`/api/units/${bye.id}/`, { method: 'PATCH', json: { target: ['Nashledanou'], state: 20 } })).status).toBe(200);
    expect(JSON.parse(await (await s.api('/api/translations/lay/app/cs/file/')).text())).toEqual({ hello: 'Ahoj', bye: 'Nashledanou' });
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });

  it('a template the repository lacks is a 400 on template and the keyed layout stays', async () => {
    const res = await s.api(C, { method: 'PATCH', json: { template: 'json/missing.json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].attr).toBe('template');
    expect((await component()).template).toBe('json/en.json');
    expect(await info('cs')).toMatchObject({ total: 2, translated: 2 });
  });

  it('needs component.edit like any other setting', async () => {
    const token = await s.createUser('viewer');
    const res = await s.api(C, { method: 'PATCH', json: { filemask: 'po/*.po' }, token });
    expect(res.status).toBe(403);
    expect((await component()).filemask).toBe('json/*.json');
  });
});

describe.each(DIALECTS)('changing the file layout of a git component (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  const G = '/api/components/laygit/app/';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-layout-'));
    const { bare } = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO, 'l10n/cs.po': L10N_CS, 'l10n/fr.po': L10N_FR });
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'laygit')).status).toBe(201);
    const res = await s.api('/api/projects/laygit/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main', push_on_commit: false },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('commits pending edits to the old files, then reads the new ones from the checkout', async () => {
    const cs = (await (await s.api('/api/translations/laygit/app/cs/units/')).json()).results as { id: number; source: string[] }[];
    const open = cs.find((u) => u.source[0] === 'Open')!;
    expect((await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 20 } })).status).toBe(200);
    const res = await s.api(G, { method: 'PATCH', json: { filemask: 'l10n/*.po', new_base: '' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await s.container.database.db.selectFrom('components').selectAll().where('slug', '=', 'app').executeTakeFirstOrThrow();
    const dir = s.container.paths.componentDir(row);
    // The edit made under the old layout is committed in the old file.
    expect(git(dir, 'show', 'HEAD:po/cs.po')).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevři"');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    const translations = ((await (await s.api(`${G}translations/`)).json()).results as { language_code: string; filename: string; total: number; translated: number }[]).map((t) => [t.language_code, t.filename, t.total, t.translated]);
    expect(translations.sort()).toEqual([['cs', 'l10n/cs.po', 4, 4], ['en', '', 5, 5], ['fr', 'l10n/fr.po', 2, 1]]);
    const status = await (await s.api(`${G}repository/`)).json();
    expect(status.needs_commit).toBe(false);
    // Reading the checkout again finds nothing new: the database reflects the new layout.
    const changesBefore = (await (await s.api(`${G}changes/`)).json()).count;
    expect((await (await s.api(`${G}repository/`, { method: 'POST', json: { operation: 'file-scan' } })).json()).result).toBe(true);
    const added = ((await (await s.api(`${G}changes/`)).json()).results as { action: number }[]).filter((c) => [59, 71, 90].includes(c.action));
    expect((await (await s.api(`${G}changes/`)).json()).count - changesBefore).toBe(1); // the forced rescan itself
    expect(added.length).toBeGreaterThan(0); // strings the new layout brought were recorded when it changed
  });
});
