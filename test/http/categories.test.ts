// Categories: CRUD, nesting, permissions, components addressed as cat%252Fcomponent, statistics.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart, poZip } from '../helpers/fixtures.js';
import { componentDirOf } from '../helpers/data-dirs.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { zipEntries } from '../helpers/zip.js';

describe.each(DIALECTS)('categories on %s', (dialect) => {
  let s: TestServer;
  let adminToken: string; // member of pub's Administration team only
  let joeToken: string; // a plain user
  const projectUrl = (slug: string) => `${s.url}/api/projects/${slug}/`;
  const post = (json: unknown, token?: string | null) => s.api('/api/categories/', { method: 'POST', json, token });
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const category = async (name: string, slug: string, project = 'pub', parent: string | null = null) =>
    ok(await post({ name, slug, project: projectUrl(project), category: parent }), 201);
  const component = async (project: string, slug: string, categoryUrl: string | null) => {
    const fields: Record<string, string> = { name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' };
    if (categoryUrl) fields.category = categoryUrl;
    return s.api(`/api/projects/${project}/components/`, { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) });
  };
  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()).errors as { attr: string }[]).map((e) => e.attr).sort();
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await ok(await createProject(s, 'pub'), 201);
    await ok(await createProject(s, 'priv', { access_control: 100 }), 201);
    await ok(await createProject(s, 'other'), 201);
    adminToken = await s.createUser('padm');
    joeToken = await s.createUser('joe');
    const groups = (await ok(await s.api('/api/groups/?page_size=1000'))).results as { id: number; name: string; defining_project: string | null }[];
    const team = groups.find((g) => g.name === 'Administration' && g.defining_project === projectUrl('pub'))!;
    await ok(await s.api('/api/users/padm/groups/', { method: 'POST', json: { group_id: team.id } }));
  });
  afterAll(() => s.close());

  it('creates, reads, lists, renames and nests categories up to three levels', async () => {
    const docs = await category('Docs', 'docs');
    expect(docs).toMatchObject({
      id: expect.any(Number),
      name: 'Docs',
      slug: 'docs',
      project: projectUrl('pub'),
      category: null,
      url: `${s.url}/api/categories/${docs.id}/`,
      statistics_url: `${s.url}/api/categories/${docs.id}/statistics/`,
    });
    expect(await ok(await s.api(docs.url))).toEqual(docs);
    const guide = await category('Guide', 'guide', 'pub', docs.url);
    expect(guide.category).toBe(docs.url);
    const deep = await category('Deep', 'deep', 'pub', guide.url);
    // A fourth level is refused, as the reference's depth limit.
    expect(await errorsOf(await post({ name: 'Deeper', slug: 'deeper', project: projectUrl('pub'), category: deep.url }))).toEqual(['category']);
    // The same slug is fine under another parent.
    await category('Guide top', 'guide');

    const list = await ok(await s.api('/api/categories/'));
    expect(list.count).toBe(4);
    expect(list.results.map((c: { slug: string }) => c.slug)).toEqual(['docs', 'guide', 'deep', 'guide']);
    const ofProject = await ok(await s.api('/api/projects/pub/categories/'));
    expect(ofProject.results.map((c: { id: number }) => c.id)).toEqual(list.results.map((c: { id: number }) => c.id));
    expect((await ok(await s.api('/api/projects/other/categories/'))).count).toBe(0);

    const renamed = await ok(await s.api(deep.url, { method: 'PATCH', json: { name: 'Deepest', slug: 'deepest' } }));
    expect(renamed).toMatchObject({ name: 'Deepest', slug: 'deepest', category: guide.url });
    const changes = await ok(await s.api('/api/projects/pub/changes/?action=68'));
    expect(changes.results[0]).toMatchObject({ action: 68, target: 'deepest', old: 'deep' });
    // Moving the middle level under a new top would make four levels.
    const top = await category('Top', 'top');
    expect(await errorsOf(await s.api(guide.url, { method: 'PATCH', json: { category: (await category('Mid', 'mid', 'pub', top.url)).url } }))).toEqual(['category']);
    // ... and a category can not go below itself.
    expect(await errorsOf(await s.api(docs.url, { method: 'PATCH', json: { category: renamed.url } }))).toEqual(['category']);
  });

  it('refuses bad input with field errors', async () => {
    const parent = await category('Bad parent', 'bad-parent', 'other');
    expect(await errorsOf(await post({ name: 'X', slug: 'x' }))).toEqual(['project']);
    expect(await errorsOf(await post({ name: 'X', slug: 'x', project: `${s.url}/api/projects/nope/` }))).toEqual(['project']);
    expect(await errorsOf(await post({ name: 'X', slug: 'x', project: 'https://example.com/whatever' }))).toEqual(['project']);
    expect(await errorsOf(await post({ name: 'X', slug: 'x', project: projectUrl('pub'), category: `${s.url}/api/categories/999999/` }))).toEqual(['category']);
    expect(await errorsOf(await post({ name: 'X', slug: 'x', project: projectUrl('pub'), category: parent.url }))).toEqual(['category']);
    expect(await errorsOf(await post({ project: projectUrl('pub') }))).toEqual(['name', 'slug']);
    expect(await errorsOf(await post({ name: 'X', slug: 'not a slug', project: projectUrl('pub') }))).toEqual(['slug']);
    await category('Dup', 'dup');
    expect(await errorsOf(await post({ name: 'Dup 2', slug: 'dup', project: projectUrl('pub') }))).toEqual(['slug']);
    expect(await errorsOf(await post({ name: 'Dup', slug: 'dup2', project: projectUrl('pub') }))).toEqual(['name']);
    // A private project is invisible to a plain user, so its URL names nothing.
    expect(await errorsOf(await post({ name: 'X', slug: 'x', project: projectUrl('priv') }, joeToken))).toEqual(['project']);
    expect((await s.api('/api/categories/abc/')).status).toBe(404);
    expect((await s.api('/api/categories/999999/')).status).toBe(404);
  });

  it('lets project admins write, others only read, and hides private projects', async () => {
    expect((await post({ name: 'Anon', slug: 'anon', project: projectUrl('pub') }, null)).status).toBe(401);
    expect((await post({ name: 'Joe', slug: 'joe', project: projectUrl('pub') }, joeToken)).status).toBe(403);
    const mine = await ok(await post({ name: 'Admins', slug: 'admins', project: projectUrl('pub') }, adminToken), 201);
    expect((await post({ name: 'Admins', slug: 'admins', project: projectUrl('other') }, adminToken)).status).toBe(403);
    expect((await s.api(mine.url, { method: 'PATCH', json: { name: 'By joe' }, token: joeToken })).status).toBe(403);
    expect((await s.api(mine.url, { method: 'DELETE', token: joeToken })).status).toBe(403);
    expect((await s.api(mine.url, { method: 'DELETE', token: null })).status).toBe(401);
    expect(await ok(await s.api(mine.url, { token: null }))).toMatchObject({ slug: 'admins' });
    expect((await ok(await s.api(mine.url, { method: 'PATCH', json: { name: 'Admins 2' }, token: adminToken }))).name).toBe('Admins 2');
    expect((await s.api(mine.url, { method: 'DELETE', token: adminToken })).status).toBe(204);

    const hidden = await category('Hidden', 'hidden', 'priv');
    for (const token of [null, joeToken, adminToken]) {
      expect((await s.api(hidden.url, { token })).status).toBe(404);
      expect((await s.api(`${hidden.url}statistics/`, { token })).status).toBe(404);
      expect((await s.api(hidden.url, { method: 'PATCH', json: { name: 'x' }, token })).status).toBe(token ? 404 : 401);
      const list = await ok(await s.api('/api/categories/?page_size=1000', { token }));
      expect(list.results.some((c: { id: number }) => c.id === hidden.id)).toBe(false);
      expect((await s.api('/api/projects/priv/categories/', { token })).status).toBe(404);
    }
    expect((await ok(await s.api('/api/projects/priv/categories/'))).count).toBe(1);
  });

  it('addresses a categorized component as cat%252Fcomponent everywhere, next to one with the same slug outside', async () => {
    const web = await category('Web', 'web');
    const plain = await ok(await component('pub', 'app', null), 201);
    expect(plain.url).toBe(`${s.url}/api/components/pub/app/`);
    expect(plain.category).toBeNull();
    const created = await ok(await component('pub', 'app', web.url), 201);
    expect(created.url).toBe(`${s.url}/api/components/pub/web%252Fapp/`);
    expect(created.category).toBe(web.url);
    expect(created.slug).toBe('app');
    // The slug is unique per category.
    expect(await errorsOf(await component('pub', 'app', web.url))).toEqual(['name', 'slug']);
    expect(await errorsOf(await component('pub', 'x', `${s.url}/api/categories/999999/`))).toEqual(['category']);
    // Sibling categories and components never share a slug, whichever comes first.
    expect(await errorsOf(await component('pub', 'web', null))).toEqual(['slug']);
    expect(await errorsOf(await post({ name: 'App category', slug: 'app', project: projectUrl('pub') }))).toEqual(['slug']);

    const base = '/api/components/pub/web%252Fapp/';
    expect(await ok(await s.api(base))).toMatchObject({ id: created.id, url: created.url });
    // A single-encoded slash (a literal "/" once decoded) reaches it too.
    expect((await ok(await s.api('/api/components/pub/web%2Fapp/'))).id).toBe(created.id);
    expect((await ok(await s.api('/api/components/pub/app/'))).id).toBe(plain.id);

    const translations = await ok(await s.api(`${base}translations/`));
    expect(translations.results.map((t: { url: string }) => t.url)).toContain(`${s.url}/api/translations/pub/web%252Fapp/cs/`);
    const cs = await ok(await s.api('/api/translations/pub/web%252Fapp/cs/'));
    expect(cs).toMatchObject({ url: `${s.url}/api/translations/pub/web%252Fapp/cs/`, translated: 2, total: 4 });
    expect(cs.component.url).toBe(created.url);
    expect((await ok(await s.api(`${base}statistics/`))).count).toBeGreaterThan(0);
    expect(await ok(await s.api('/api/translations/pub/web%252Fapp/cs/statistics/'))).toMatchObject({ total: 4, translated: 2 });
    const units = await ok(await s.api('/api/translations/pub/web%252Fapp/cs/units/'));
    expect(units.count).toBe(4);
    expect(units.results[0].translation).toBe(cs.url);
    expect((await ok(await s.api(units.results[0].url))).translation).toBe(cs.url);
    expect((await ok(await s.api(`${base}repository/`))).url).toBe(`${created.url}repository/`);

    // Each has its own tree: editing one file does not show in the other.
    const unit = units.results.find((u: { source: string[] }) => u.source[0] === 'Hello');
    await ok(await s.api(unit.url, { method: 'PATCH', json: { target: ['Nazdar'], state: 20 } }));
    await ok(await s.api(`${base}repository/`, { method: 'POST', json: { operation: 'commit' } }));
    const file = await s.api('/api/translations/pub/web%252Fapp/cs/file/');
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('msgstr "Nazdar"');
    const plainFile = await (await s.api('/api/translations/pub/app/cs/file/')).text();
    expect(plainFile).toContain('msgstr "Ahoj"');
    expect(plainFile).not.toContain('Nazdar');
    const c = s.container.paths;
    const rows = await s.container.database.db.selectFrom('components').selectAll().where('project_id', '=', created.project.id).execute();
    const dirs = rows.map((r) => c.componentDir(r));
    expect(new Set(dirs).size).toBe(2);
    expect(dirs).toContain(await componentDirOf(s, 'pub', 'app'));
    // ZIP downloads keep them apart too: category slugs become folders and join the file name.
    const projectZip = await s.api('/api/projects/pub/file/');
    expect(projectZip.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await projectZip.arrayBuffer()));
    expect(entries.get('pub/web/app/po/cs.po')).toContain('msgstr "Nazdar"');
    expect(entries.get('pub/app/po/cs.po')).toContain('msgstr "Ahoj"');
    const componentZip = await s.api(`${base}file/`);
    expect(componentZip.status).toBe(200);
    expect(componentZip.headers.get('content-disposition')).toContain('pub-web-app.zip');
  });

  it('sums category statistics over its components and sub-categories, moves components and deletes categories', async () => {
    const top = await category('Stats', 'stats');
    const sub = await category('Stats sub', 'stats-sub', 'pub', top.url);
    const one = await ok(await component('pub', 'one', top.url), 201);
    const two = await ok(await component('pub', 'two', sub.url), 201);
    expect(two.url).toBe(`${s.url}/api/components/pub/stats%252Fstats-sub%252Ftwo/`);
    // Each new component adds one unit edit so the sums are not trivially equal.
    const unit = (await ok(await s.api('/api/translations/pub/stats%252Fstats-sub%252Ftwo/de/units/?q=source:Open'))).results[0];
    await ok(await s.api(unit.url, { method: 'PATCH', json: { target: ['Auf'], state: 20 } }));

    const stats = await ok(await s.api(`${top.url}statistics/`));
    const parts = await Promise.all([one, two].map(async (x) => ok(await s.api(`${x.url.replace(s.url, '')}translations/`))));
    const sum = (field: string) => parts.flatMap((p) => p.results).reduce((n: number, t: Record<string, number>) => n + t[field]!, 0);
    expect(stats).toMatchObject({ name: 'Stats', total: sum('total'), translated: sum('translated'), fuzzy: sum('fuzzy'), total_words: sum('total_words') });
    expect(stats.total).toBeGreaterThan(0);
    expect(await ok(await s.api(`${sub.url}statistics/`))).toMatchObject({ total: sum('total') / 2 });

    // Moving: out of the category, then into another project's category is refused.
    const moved = await ok(await s.api(two.url.replace(s.url, ''), { method: 'PATCH', json: { category: null } }));
    expect(moved).toMatchObject({ url: `${s.url}/api/components/pub/two/`, category: null });
    expect((await s.api('/api/components/pub/stats%252Fstats-sub%252Ftwo/')).status).toBe(404);
    expect(await (await s.api('/api/translations/pub/two/de/file/')).text()).toContain('msgstr "Auf"');
    const foreign = await category('Foreign', 'foreign', 'other');
    expect(await errorsOf(await s.api('/api/components/pub/two/', { method: 'PATCH', json: { category: foreign.url } }))).toEqual(['category']);
    const back = await ok(await s.api('/api/components/pub/two/', { method: 'PATCH', json: { category: sub.url } }));
    expect(back.url).toBe(two.url);
    expect((await ok(await s.api('/api/components/pub/stats%252Fstats-sub%252Ftwo/changes/?action=43'))).count).toBe(2);
    // Renaming a category changes the path of the components below it.
    await ok(await s.api(sub.url, { method: 'PATCH', json: { slug: 'renamed' } }));
    expect((await ok(await s.api('/api/components/pub/stats%252Frenamed%252Ftwo/'))).id).toBe(two.id);

    // Deleting the top category removes the sub-category, both components and their trees.
    const rows = await s.container.database.db.selectFrom('components').selectAll().where('id', 'in', [one.id, two.id]).execute();
    const dirs = rows.map((r) => s.container.paths.componentDir(r));
    for (const d of dirs) await fs.access(d);
    expect((await s.api(top.url, { method: 'DELETE' })).status).toBe(204);
    for (const url of [top.url, sub.url, one.url, `${s.url}/api/components/pub/stats%252Frenamed%252Ftwo/`]) expect((await s.api(url.replace(s.url, ''))).status).toBe(404);
    for (const d of dirs) await expect(fs.access(d)).rejects.toThrow();
    const removed = await ok(await s.api('/api/projects/pub/changes/?action=67'));
    expect(removed.results[0]).toMatchObject({ action: 67, target: 'stats' });
    expect((await ok(await s.api('/api/projects/pub/changes/?action=38'))).count).toBeGreaterThanOrEqual(2);
    // The component with the same slug outside any category is untouched.
    expect((await s.api('/api/components/pub/app/')).status).toBe(200);
  });

  it('deletes a project with categories and categorized components', async () => {
    await ok(await createProject(s, 'gone'), 201);
    const cat = await category('Gone', 'gone', 'gone');
    await ok(await component('gone', 'app', cat.url), 201);
    expect((await s.api('/api/projects/gone/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(cat.url)).status).toBe(404);
  });
});
