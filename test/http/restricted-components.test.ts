// Restricted components over HTTP: a component marked `restricted` is seen only by superusers and by
// members of teams that select it (a team's components). A team covering the whole project does not see
// it, whatever its roles. Every way to the component or its data is checked for four callers: a plain
// user, a member of a project-wide Administration team, a member of a team selecting the component and
// a superuser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, multipart, poZip, POT } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip, zipEntries } from '../helpers/zip.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A PO file of `lang` with these strings, each translated as `<lang>: <source>`. */
const po = (lang: string | null, sources: string[]) =>
  `msgid ""\nmsgstr ""\n${lang ? `"Language: ${lang}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n\n` +
  sources.map((s) => `msgid "${s}"\nmsgstr "${lang ? `${lang}: ${s}` : ''}"\n`).join('\n');
const zipOf = (sources: string[]) => buildZip([{ name: 'po/app.pot', data: po(null, sources) }, { name: 'po/cs.po', data: po('cs', sources) }]);

/** The secret component's strings (only it has them) and the boxed one's. */
const SECRET = ['Classified plan', 'Launch codes'];
const BOXED = ['Boxed alpha', 'Boxed beta', 'Boxed gamma'];

const ACTORS = ['plain', 'projadm', 'insider', 'super'] as const;
type ActorName = (typeof ACTORS)[number];
/** Who sees the `secret` component (its team selects it) and who sees `boxed` (no team selects it). */
const SEES_SECRET: Record<ActorName, boolean> = { plain: false, projadm: false, insider: true, super: true };
const SEES_BOXED: Record<ActorName, boolean> = { plain: false, projadm: false, insider: false, super: true };

describe.each(DIALECTS)('restricted components on %s', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  const tokens = {} as Record<ActorName, string>;
  let categoryId: number;
  let secretUnitId: number;
  let secretChangeId: number;
  let screenshotId: number;
  let secretSuggestionId: number;
  let secretSourceUnitId: number;
  const totals: Record<'open' | 'secret' | 'boxed', { all: number; cs: number }> = { open: { all: 0, cs: 0 }, secret: { all: 0, cs: 0 }, boxed: { all: 0, cs: 0 } };

  const call = (p: string, actor: ActorName, init: RequestInit & { json?: unknown } = {}) => s.api(p, { ...init, token: tokens[actor] });
  const json = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const text = await r.text();
    expect(r.status, `${r.url}: ${text.slice(0, 500)}`).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const get = (p: string, actor: ActorName, status = 200) => json(call(p, actor), status);
  const all = async (p: string, actor: ActorName) => (await get(`${p}${p.includes('?') ? '&' : '?'}page_size=1000`, actor)).results as any[];
  /** Status only, for the surfaces that answer 404 to those who may not see. */
  const status = async (p: string, actor: ActorName, init: RequestInit & { json?: unknown } = {}) => {
    const r = await call(p, actor, init);
    await r.arrayBuffer();
    return r.status;
  };
  const seen = (actor: ActorName, open: boolean) => (SEES_SECRET[actor] || !open ? 200 : 404);
  const visibleTotal = (actor: ActorName, key: 'all' | 'cs') => totals.open[key] + (SEES_SECRET[actor] ? totals.secret[key] : 0) + (SEES_BOXED[actor] ? totals.boxed[key] : 0);

  const createZipComponent = (slug: string, sources: string[], fields: Record<string, string>, token?: string) =>
    s.api('/api/projects/demo/components/', {
      method: 'POST',
      token,
      body: multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', ...fields }, { zipfile: { name: 'c.zip', data: zipOf(sources) } }),
    });
  const teamWith = async (name: string, member: string, role: string, add: { projects?: number[]; components?: number[] }) => {
    const roles = await all('/api/roles/', 'super');
    const team = await json(s.api('/api/groups/', { method: 'POST', json: { name, project_selection: 0, language_selection: 1 } }), 201);
    await json(s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: roles.find((r) => r.name === role).id } }));
    for (const id of add.projects ?? []) await json(s.api(`/api/groups/${team.id}/projects/`, { method: 'POST', json: { project_id: id } }));
    for (const id of add.components ?? []) await json(s.api(`/api/groups/${team.id}/components/`, { method: 'POST', json: { component_id: id } }));
    await json(s.api(`/api/users/${member}/groups/`, { method: 'POST', json: { group_id: team.id } }));
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-restricted-'));
    bare = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO }, { message: 'Strings' }).bare;

    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    tokens.super = s.adminToken;
    for (const name of ['plain', 'projadm', 'insider'] as const) tokens[name] = await s.createUser(name);
    const project = await json(createProject(s, 'demo'), 201);
    await json(createPoComponent(s, 'demo', 'open', poZip()), 201);
    const secret = await json(createZipComponent('secret', SECRET, { restricted: 'true' }), 201);
    expect(secret.restricted).toBe(true);
    const category = await json(s.api('/api/categories/', { method: 'POST', json: { name: 'Box', slug: 'box', project: `${s.url}/api/projects/demo/` } }), 201);
    categoryId = category.id;
    await json(createZipComponent('boxed', BOXED, { restricted: 'true', category: category.url }), 201);
    await teamWith('Demo admins', 'projadm', 'Administration', { projects: [project.id] });
    await teamWith('Secret keepers', 'insider', 'Translate', { components: [secret.id] });

    for (const c of ['open', 'secret', 'box%252Fboxed'] as const) {
      const rows = await all(`/api/components/demo/${c}/translations/`, 'super');
      const key = c === 'box%252Fboxed' ? 'boxed' : c;
      totals[key] = { all: rows.reduce((n, t) => n + t.total, 0), cs: rows.find((t) => t.language_code === 'cs').total };
    }
    expect(totals).toEqual({ open: { all: 12, cs: 4 }, secret: { all: 4, cs: 2 }, boxed: { all: 6, cs: 3 } });

    // An edit in the secret component by the superuser: a change, a memory entry and a pending edit there.
    const units = await all('/api/translations/demo/secret/cs/units/', 'super');
    secretUnitId = units.find((u) => u.source[0] === 'Launch codes').id;
    secretSourceUnitId = (await all('/api/translations/demo/secret/en/units/', 'super')).find((u) => u.source[0] === 'Launch codes').id;
    await json(s.api(`/api/units/${secretUnitId}/`, { method: 'PATCH', json: { target: ['Odpalovací kódy'], state: 20 } }));
    secretChangeId = (await all('/api/components/demo/secret/changes/', 'super'))[0].id;
    const shot = await json(
      s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Secret dialog', project_slug: 'demo', component_slug: 'secret', language_code: 'cs' }, { image: { name: 'shot.png', data: PNG } }) }),
      201,
    );
    screenshotId = shot.id;
    const secretSource = (await all('/api/translations/demo/secret/cs/units/', 'super')).find((u) => u.source[0] === 'Classified plan');
    secretSuggestionId = (await json(s.api(`/api/units/${secretSource.id}/suggestions/`, { method: 'POST', json: { target: ['Tajný plán'] } }), 201)).id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('shows the component, and lists it, only to superusers and the teams selecting it', async () => {
    for (const actor of ACTORS) {
      expect(await status('/api/components/demo/secret/', actor), actor).toBe(seen(actor, true));
      expect(await status('/api/components/demo/box%252Fboxed/', actor), actor).toBe(SEES_BOXED[actor] ? 200 : 404);
      expect(await status('/api/components/demo/open/', actor), actor).toBe(200);
      const site = (await all('/api/components/', actor)).map((c) => c.slug).sort();
      const listed = (await all('/api/projects/demo/components/', actor)).map((c) => c.slug).sort();
      const expected = ['open', ...(SEES_SECRET[actor] ? ['secret'] : []), ...(SEES_BOXED[actor] ? ['boxed'] : [])].sort();
      expect(site, actor).toEqual(expected);
      expect(listed, actor).toEqual(expected);
      expect((await get('/api/projects/demo/components/', actor)).count, actor).toBe(expected.length);
      // Sub-resources of the component are as hidden as the component.
      for (const sub of ['translations/', 'statistics/', 'changes/', 'screenshots/', 'links/', 'file/']) {
        expect(await status(`/api/components/demo/secret/${sub}`, actor), `${actor} ${sub}`).toBe(seen(actor, true));
      }
    }
  });

  it('lists it in component lists only for those who see it, and hides a list made of it alone', async () => {
    const ids = Object.fromEntries((await all('/api/components/', 'super')).map((c) => [c.slug, c.id]));
    await json(s.api('/api/component-lists/', { method: 'POST', json: { name: 'Everything', slug: 'everything' } }), 201);
    await json(s.api('/api/component-lists/', { method: 'POST', json: { name: 'Hidden', slug: 'hidden' } }), 201);
    for (const c of ['open', 'secret']) await json(s.api('/api/component-lists/everything/components/', { method: 'POST', json: { component_id: ids[c] } }));
    await json(s.api('/api/component-lists/hidden/components/', { method: 'POST', json: { component_id: ids.secret } }));
    for (const actor of ACTORS) {
      const list = await get('/api/component-lists/everything/', actor);
      expect(JSON.stringify(list.components).includes('secret'), actor).toBe(SEES_SECRET[actor]);
      const members = (await all('/api/component-lists/everything/components/', actor)).map((c) => c.slug);
      expect(members, actor).toEqual(SEES_SECRET[actor] ? ['open', 'secret'] : ['open']);
      expect(await status('/api/component-lists/hidden/', actor), actor).toBe(seen(actor, true));
      expect((await all('/api/component-lists/', actor)).map((l) => l.slug).includes('hidden'), actor).toBe(SEES_SECRET[actor]);
    }
    // A project administrator managing the project's own team cannot add a restricted component it does not see.
    const scoped = (await all('/api/groups/', 'super')).find((g) => g.defining_project === `${s.url}/api/projects/demo/` && g.name === 'Administration');
    const refused = await json(call(`/api/groups/${scoped.id}/components/`, 'projadm', { method: 'POST', json: { component_id: ids.boxed } }), 400);
    expect(refused.errors.map((e: { attr: string }) => e.attr)).toEqual(['component_id']);
    await json(call(`/api/groups/${scoped.id}/components/`, 'projadm', { method: 'POST', json: { component_id: ids.open } }));
  });

  it('hides its translations and units: lists, search, detail and the translation units', async () => {
    for (const actor of ACTORS) {
      const translations = (await all('/api/translations/', actor)).map((t) => `${t.component.slug}/${t.language_code}`);
      expect(translations.includes('secret/cs'), actor).toBe(SEES_SECRET[actor]);
      expect(translations.includes('boxed/cs'), actor).toBe(SEES_BOXED[actor]);
      expect(translations.includes('open/cs'), actor).toBe(true);
      expect(await status('/api/translations/demo/secret/cs/', actor), actor).toBe(seen(actor, true));
      expect(await status('/api/translations/demo/secret/cs/units/', actor), actor).toBe(seen(actor, true));
      expect(await status('/api/translations/demo/secret/cs/statistics/', actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/units/${secretUnitId}/`, actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/units/${secretSourceUnitId}/translations/`, actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/units/${secretUnitId}/glossary/`, actor), actor).toBe(seen(actor, true));
      // The unit list counts and pages only visible units; a search finds nothing hidden.
      const units = await get('/api/units/?page_size=1000', actor);
      expect(units.count, actor).toBe(visibleTotal(actor, 'all'));
      expect(units.results.length, actor).toBe(visibleTotal(actor, 'all'));
      const found = await get(`/api/units/?q=${encodeURIComponent('source:"Classified"')}`, actor);
      expect(found.count, actor).toBe(SEES_SECRET[actor] ? 2 : 0); // source and cs
      const regex = await get(`/api/units/?q=${encodeURIComponent('source:r"^Boxed (alpha|beta)$"')}`, actor);
      expect(regex.count, actor).toBe(SEES_BOXED[actor] ? 4 : 0);
      expect(regex.results.length, actor).toBe(SEES_BOXED[actor] ? 4 : 0);
      const suggestions = (await all('/api/suggestions/', actor)).map((x) => x.id);
      expect(suggestions.includes(secretSuggestionId), actor).toBe(SEES_SECRET[actor]);
      expect(await status(`/api/suggestions/${secretSuggestionId}/`, actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/units/${secretUnitId}/suggestions/`, actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/units/${secretUnitId}/comments/`, actor), actor).toBe(seen(actor, true));
    }
  });

  it('leaves it out of project, language, category and per-language statistics unless the caller sees it', async () => {
    // projadm is asked first: it sees exactly the same projects as insider, so a cache keyed by projects alone would answer insider wrongly.
    for (const actor of ['projadm', 'insider', 'plain', 'super'] as const) {
      const project = await get('/api/projects/demo/statistics/', actor);
      expect(project.total, actor).toBe(visibleTotal(actor, 'all'));
      const language = await get('/api/languages/cs/statistics/', actor);
      expect(language.total, actor).toBe(visibleTotal(actor, 'cs'));
      const category = await get(`/api/categories/${categoryId}/statistics/`, actor);
      expect(category.total, actor).toBe(SEES_BOXED[actor] ? totals.boxed.all : 0);
      const languages = await all('/api/projects/demo/languages/', actor);
      expect(languages.find((l) => l.code === 'cs').total, actor).toBe(visibleTotal(actor, 'cs'));
      const metrics = await get('/api/projects/demo/metrics/', actor);
      expect(JSON.stringify(metrics).includes('secret'), actor).toBe(SEES_SECRET[actor]);
      const legacy = await get('/exports/stats/demo/', actor);
      expect(legacy.find((l: { code: string }) => l.code === 'cs').total, actor).toBe(visibleTotal(actor, 'cs'));
      expect(await status('/exports/stats/demo/secret/', actor), actor).toBe(seen(actor, true));
    }
  });

  it('leaves its changes out of every change list, and its change detail is 404', async () => {
    for (const actor of ACTORS) {
      const mentions = (rows: { component: string | null }[]) => rows.some((c) => (c.component ?? '').includes('/api/components/demo/secret/'));
      expect(mentions(await all('/api/changes/', actor)), actor).toBe(SEES_SECRET[actor]);
      expect(mentions(await all('/api/projects/demo/changes/', actor)), actor).toBe(SEES_SECRET[actor]);
      expect(await status(`/api/changes/${secretChangeId}/`, actor), actor).toBe(seen(actor, true));
      const rss = await (await call('/exports/rss/demo/', actor)).text();
      expect(rss.includes('/demo/secret/'), actor).toBe(SEES_SECRET[actor]);
      expect(await status('/exports/rss/demo/secret/', actor), actor).toBe(seen(actor, true));
    }
  });

  it('downloads it only for those who see it: the project ZIP, the project language ZIP and its own files', async () => {
    for (const actor of ACTORS) {
      for (const p of ['/api/projects/demo/file/', '/api/projects/demo/languages/cs/file/']) {
        const res = await call(p, actor);
        expect(res.status, `${actor} ${p}`).toBe(200);
        const names = [...(await zipEntries(Buffer.from(await res.arrayBuffer()))).keys()];
        expect(names.some((n) => n.startsWith('demo/open/')), `${actor} ${p}`).toBe(true);
        expect(names.some((n) => n.startsWith('demo/secret/')), `${actor} ${p}`).toBe(SEES_SECRET[actor]);
        expect(names.some((n) => n.startsWith('demo/box/boxed/')), `${actor} ${p}`).toBe(SEES_BOXED[actor]);
      }
      expect(await status('/api/translations/demo/secret/cs/file/', actor), actor).toBe(seen(actor, true));
    }
  });

  it('hides its screenshots', async () => {
    for (const actor of ACTORS) {
      const ids = (await all('/api/screenshots/', actor)).map((x) => x.id);
      expect(ids.includes(screenshotId), actor).toBe(SEES_SECRET[actor]);
      expect(await status(`/api/screenshots/${screenshotId}/`, actor), actor).toBe(seen(actor, true));
      expect(await status(`/api/screenshots/${screenshotId}/file/`, actor), actor).toBe(seen(actor, true));
    }
    // Uploading to it is as if it did not exist.
    const refused = await json(
      call('/api/screenshots/', 'projadm', { method: 'POST', body: multipart({ name: 'Peek', project_slug: 'demo', component_slug: 'secret', language_code: 'cs' }, { image: { name: 'p.png', data: PNG } }) }),
      400,
    );
    expect(refused.errors.map((e: { attr: string }) => e.attr)).toEqual(['project_slug', 'component_slug', 'language_code']);
  });

  it('keeps its translation memory entries and glossary terms from those who do not see it', async () => {
    for (const actor of ACTORS) {
      const entries = await all('/api/memory/', actor);
      expect(entries.some((e) => e.origin === 'demo/secret'), actor).toBe(SEES_SECRET[actor]);
      expect(entries.some((e) => e.origin === 'demo/open'), actor).toBe(true);
      const lookup = await json(call('/api/memory/lookup/?source_language=en&target_language=cs&project=demo&exact=1', actor, { method: 'POST', json: { strings: ['Classified plan'] } }));
      expect(lookup[0].match?.origin ?? null, actor).toBe(SEES_SECRET[actor] ? 'demo/secret' : null);
    }
    // A restricted glossary of the project: its terms show only to those who see it.
    await json(createZipComponent('terms', ['Hello'], { restricted: 'true', is_glossary: 'true' }), 201);
    const hello = (await all('/api/translations/demo/open/cs/units/', 'super')).find((u) => u.source[0] === 'Hello');
    for (const actor of ACTORS) {
      const terms = await get(`/api/units/${hello.id}/glossary/`, actor);
      const list = Array.isArray(terms) ? terms : terms.results;
      expect(list.length, actor).toBe(actor === 'super' ? 1 : 0);
    }
    await json(s.api('/api/components/demo/terms/', { method: 'DELETE' }), 204);
  });

  it('leaves it out of the site search and of credits', async () => {
    await json(call(`/api/units/${secretUnitId}/`, 'insider', { method: 'PATCH', json: { target: ['Kódy k odpalu'], state: 20 } }));
    const range = `start=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`;
    for (const actor of ACTORS) {
      const hits = (await get('/api/search/?q=secret', actor)) as { name: string; category: string }[];
      expect(hits.some((h) => h.category === 'Component' && h.name === 'DEMO/SECRET'), actor).toBe(SEES_SECRET[actor]);
      if (actor === 'plain') continue; // credits of others need reports.view
      const credits = JSON.stringify(await get(`/api/projects/demo/credits/?${range}`, actor));
      expect(credits.includes('"insider"'), actor).toBe(SEES_SECRET[actor]);
    }
  });

  it('shows it to teams that select it through a component list', async () => {
    const lister = await s.createUser('lister');
    const ids = Object.fromEntries((await all('/api/components/', 'super')).map((c) => [c.slug, c.id]));
    const list = await json(s.api('/api/component-lists/', { method: 'POST', json: { name: 'Vault list', slug: 'vault-list' } }), 201);
    await json(s.api('/api/component-lists/vault-list/components/', { method: 'POST', json: { component_id: ids.secret } }));
    const roles = await all('/api/roles/', 'super');
    const team = await json(s.api('/api/groups/', { method: 'POST', json: { name: 'Listed keepers', project_selection: 2, language_selection: 1 } }), 201);
    await json(s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: roles.find((r) => r.name === 'Translate').id } }));
    await json(s.api(`/api/groups/${team.id}/componentlists/`, { method: 'POST', json: { component_list_id: list.id } }));
    const before = await s.api('/api/components/demo/secret/', { token: lister });
    expect(before.status).toBe(404);
    await json(s.api('/api/users/lister/groups/', { method: 'POST', json: { group_id: team.id } }));
    expect((await s.api('/api/components/demo/secret/', { token: lister })).status).toBe(200);
    expect((await s.api('/api/components/demo/box%252Fboxed/', { token: lister })).status).toBe(404);
    const stats = await json(s.api('/api/projects/demo/statistics/', { token: lister }));
    expect(stats.total).toBe(totals.open.all + totals.secret.all);
  });

  it('keeps its strings out of machine translation, which answers for nobody in particular', async () => {
    // A component with the secret component's string, untranslated.
    const untranslated = po('cs', ['Classified plan']).replace('msgstr "cs: Classified plan"', 'msgstr ""');
    const zip = buildZip([{ name: 'po/app.pot', data: po(null, ['Classified plan']) }, { name: 'po/cs.po', data: untranslated }]);
    const form = multipart({ name: 'PROBE', slug: 'probe', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'c.zip', data: zip } });
    await json(s.api('/api/projects/demo/components/', { method: 'POST', body: form }), 201);
    await s.container.memory.catchUp();
    for (const engine of ['weblate', 'weblate-translation-memory']) {
      await json(s.api('/api/translations/demo/probe/cs/autotranslate/', { method: 'POST', json: { mode: 'translate', q: 'state:<translated', auto_source: 'mt', engines: [engine], threshold: '90' } }));
      expect((await all('/api/translations/demo/probe/cs/units/', 'super'))[0].target[0], engine).toBe('');
    }
    await json(s.api('/api/components/demo/probe/', { method: 'DELETE' }), 204);
  });

  it('hides it from the web UI: project page, component page and editor', async () => {
    for (const actor of ACTORS) {
      const projectPage = await (await call('/projects/demo/', actor)).text();
      expect(projectPage.includes('SECRET'), actor).toBe(SEES_SECRET[actor]);
      expect(projectPage.includes('OPEN'), actor).toBe(true);
      expect(await status('/projects/demo/secret/', actor), actor).toBe(seen(actor, true));
      expect(await status('/projects/demo/secret/cs/', actor), actor).toBe(seen(actor, true));
      expect(await status('/translate/demo/secret/cs/', actor), actor).toBe(seen(actor, true));
      const language = await (await call('/languages/cs/', actor)).text();
      expect(language.includes('SECRET'), actor).toBe(SEES_SECRET[actor]);
      const category = await (await call('/projects/demo/box/', actor)).text();
      expect(category.includes('BOXED'), actor).toBe(SEES_BOXED[actor]);
    }
  });

  it('gives permissions in it only through the teams that select it', async () => {
    // The insider translates in it (its team's Translate role); the project administrators do not even see it.
    await json(call(`/api/units/${secretUnitId}/`, 'insider', { method: 'PATCH', json: { target: ['Kódy'], state: 20 } }));
    expect(await status(`/api/units/${secretUnitId}/`, 'projadm', { method: 'PATCH', json: { target: ['X'], state: 20 } })).toBe(404);
    expect(await status('/api/components/demo/secret/', 'projadm', { method: 'PATCH', json: { name: 'Renamed' } })).toBe(404);
    expect(await status('/api/components/demo/secret/repository/', 'projadm', { method: 'POST', json: { operation: 'commit' } })).toBe(404);
    // Its team grants no component.edit: the insider may not change the component's settings.
    expect(await status('/api/components/demo/secret/', 'insider', { method: 'PATCH', json: { name: 'Renamed' } })).toBe(403);
    // A team that selects one restricted component does not see another one of the same project.
    expect(await status('/api/components/demo/box%252Fboxed/', 'insider')).toBe(404);
  });

  it('skips it in project-level repository operations of those who may not see it', async () => {
    const hello = (await all('/api/translations/demo/open/cs/units/', 'super')).find((u) => u.source[0] === 'Hello');
    await json(s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Nazdar'], state: 20 } }));
    await json(s.api(`/api/units/${secretUnitId}/`, { method: 'PATCH', json: { target: ['Tajné kódy'], state: 20 } }));
    const pending = async (c: string) => (await get(`/api/components/demo/${c}/repository/`, 'super')).needs_commit as boolean;
    expect([await pending('open'), await pending('secret')]).toEqual([true, true]);
    expect((await json(call('/api/projects/demo/repository/', 'projadm', { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    expect([await pending('open'), await pending('secret')]).toEqual([false, true]);
    expect((await json(call('/api/projects/demo/repository/', 'super', { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    expect(await pending('secret')).toBe(false);
  });

  it('lets only superusers make a component restricted', async () => {
    // A project administrator may create components, but not restricted ones (400 on the field).
    const refused = await json(createZipComponent('sneaky', ['Sneaky'], { restricted: 'true' }, tokens.projadm), 400);
    expect(refused.errors.map((e: { attr: string }) => e.attr)).toEqual(['restricted']);
    expect(await status('/api/components/demo/sneaky/', 'super')).toBe(404);
    const fine = await json(createZipComponent('sneaky', ['Sneaky'], { restricted: 'false' }, tokens.projadm), 201);
    expect(fine.restricted).toBe(false);
    // Nor restrict an existing one; sending the value it has is no change.
    const patch = await json(call('/api/components/demo/sneaky/', 'projadm', { method: 'PATCH', json: { restricted: true } }), 400);
    expect(patch.errors.map((e: { attr: string }) => e.attr)).toEqual(['restricted']);
    expect((await json(call('/api/components/demo/sneaky/', 'projadm', { method: 'PATCH', json: { restricted: false, name: 'Sneaky 2' } }))).name).toBe('Sneaky 2');
    expect((await get('/api/components/demo/sneaky/', 'super')).restricted).toBe(false);
    // A superuser may.
    expect((await json(s.api('/api/components/demo/sneaky/', { method: 'PATCH', json: { restricted: true } }))).restricted).toBe(true);
    expect(await status('/api/components/demo/sneaky/', 'projadm')).toBe(404);
    await json(s.api('/api/components/demo/sneaky/', { method: 'DELETE' }), 204);
  });

  it('never shares the clone of a restricted component with someone who cannot see it (autoshare, internal URLs)', async () => {
    const create = async (slug: string, extra: Record<string, unknown>, actor: ActorName) => {
      const res = await call('/api/projects/demo/components/', actor, {
        method: 'POST',
        json: { name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', branch: 'main', push_on_commit: false, ...extra },
      });
      await s.container.tasks.idle();
      return res;
    };
    const hidden = await json(create('vault', { repo: bare, restricted: true }, 'super'), 201);
    expect(hidden.restricted).toBe(true);
    // The project administrator's component of the same repository gets a clone of its own.
    const own = await json(create('mirror', { repo: bare }, 'projadm'), 201);
    expect(own).toMatchObject({ repo: bare, linked_component: null });
    // Naming the restricted component's clone is refused like a missing component.
    const named = await json(create('peek', { repo: 'parla://demo/vault' }, 'projadm'), 400);
    expect(named.errors.map((e: { attr: string }) => e.attr)).toEqual(['repo']);
    // The superuser's component of the same repository shares the first clone it sees.
    const shared = await json(create('shared', { repo: bare }, 'super'), 201);
    expect(shared.linked_component).toBe(`${s.url}/api/components/demo/vault/`);
  });
});
