// Categorized components by path outside the component API (search, autotranslate, hooks, exports) and component lists in teams.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('categorized component paths and team component lists on %s', (dialect) => {
  let s: TestServer;
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const count = async (q: string) => (await ok(await s.api(`/api/units/?page_size=1&q=${encodeURIComponent(q)}`))).count as number;

  beforeAll(async () => {
    s = await startServer(dialect);
    await ok(await createProject(s, 'pub'), 201);
    await ok(await createPoComponent(s, 'pub', 'app'), 201);
    const web = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Web', slug: 'web', project: `${s.url}/api/projects/pub/` } }), 201);
    const fields = { name: 'Web app', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: web.url };
    await ok(await s.api('/api/projects/pub/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) }), 201);
  });
  afterAll(() => s.close());

  it('search: component: matches the full path cat/app, path: reads category paths', async () => {
    const plain = await count('path:pub/app');
    const categorized = await count('path:pub/web/app');
    expect(plain).toBeGreaterThan(0);
    expect(categorized).toBe(plain); // same files
    expect(await count('component:web/app')).toBe(categorized);
    expect(await count('component:=WEB/app')).toBe(categorized);
    expect(await count('component:=web%2Fapp')).toBe(categorized);
    expect(await count('component:=app')).toBe(plain + categorized); // the slug still names both
    expect(await count('component:"web app"')).toBe(categorized); // and the name
    expect(await count('path:pub/web')).toBe(categorized); // a category: its components
    expect(await count('path:pub/web/app/cs')).toBe(await count('path:pub/app/cs'));
    expect(await count('path:pub/web/app/cs')).toBe(await count('component:web/app language:cs'));
    expect(await count('path:pub/web/nope')).toBe(0);
    expect(await count('path:pub/web/app/cs/extra')).toBe(0);
  });

  it('autotranslate: the source component may be given as project/cat/app, cat/app or with %2F', async () => {
    const units = (await ok(await s.api('/api/translations/pub/web%252Fapp/cs/units/'))).results as { url: string; source: string[]; state: number }[];
    const target = units.find((u) => u.state < 20)!;
    await ok(await s.api(target.url, { method: 'PATCH', json: { target: ['Z kategorie'], state: 20 } }));
    const auto = (component: string) =>
      s.api('/api/translations/pub/app/cs/autotranslate/', { method: 'POST', json: { mode: 'translate', auto_source: 'others', component, q: 'state:<translated', threshold: 80 } });
    const done = await ok(await auto('pub/web/app'));
    expect(done.details).toMatch(/completed, [1-9]\d* strings? w/);
    const plainUnits = (await ok(await s.api(`/api/translations/pub/app/cs/units/?q=${encodeURIComponent(`source:="${target.source[0]}"`)}`))).results;
    expect(plainUnits[0].target).toEqual(['Z kategorie']);
    for (const component of ['web/app', 'pub/web%2Fapp', 'web%2Fapp', 'pub%2Fweb%2Fapp']) expect((await auto(component)).status, component).toBe(200);
    const bad = await ok(await auto('pub/web/nope'), 400);
    expect(bad.errors.map((e: { attr: string }) => e.attr)).toEqual(['component']);
  });

  it('hooks: /hooks/update/<p>/<cat%252Fapp>/ and forge hooks name the categorized component by its path', async () => {
    const db = s.container.database.db;
    const web = await ok(await s.api('/api/components/pub/web%252Fapp/'));
    const repo = 'https://github.com/example/categorized.git';
    await db.updateTable('components').set({ vcs: 'git', repo, branch: 'main' }).where('id', '=', web.id).execute();
    try {
      const legacy = await fetch(`${s.url}/hooks/update/pub/web%252Fapp/`, { method: 'POST' });
      expect(await legacy.json()).toEqual({ status: 'success', message: 'Update triggered' });
      expect((await fetch(`${s.url}/hooks/update/pub/web%252Fnope/`)).status).toBe(404);
      expect((await fetch(`${s.url}/hooks/update/pub/app/`)).status).toBe(404); // the plain one is local
      const pulls = await db.selectFrom('tasks').select('component_id').where('name', '=', 'repository-pull').execute();
      expect(pulls.map((p) => p.component_id)).toEqual([web.id]);

      const push = { ref: 'refs/heads/main', repository: { clone_url: repo, full_name: 'example/categorized', name: 'categorized', owner: { login: 'example' } } };
      const res = await fetch(`${s.url}/hooks/github/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push' }, body: JSON.stringify(push) });
      const body = await ok(res);
      expect(body.message).toBe('Update triggered: pub/web/app');
      expect(body.updated_components).toEqual([`${s.url}/api/components/pub/web%252Fapp/`]);
    } finally {
      await s.container.tasks.idle();
      await db.updateTable('components').set({ vcs: 'local', repo: 'local:', branch: 'main' }).where('id', '=', web.id).execute();
    }
  });

  it('screenshots: component_slug names a categorized component by its path; a bare slug means the uncategorized one', async () => {
    const crc = (b: Buffer) => zlib.crc32(b);
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc(body) >>> 0, body.length + 4);
      return out;
    };
    const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
    const upload = (component: string) =>
      s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: `Shot ${component}`, project_slug: 'pub', component_slug: component, language_code: 'cs' }, { image: { name: 's.png', data: png } }) });
    for (const [component, translation] of [['web/app', '/api/translations/pub/web%252Fapp/cs/'], ['web%2Fapp', '/api/translations/pub/web%252Fapp/cs/'], ['app', '/api/translations/pub/app/cs/']]) {
      const shot = await ok(await upload(component!), 201);
      expect(shot.translation, component).toBe(`${s.url}${translation}`);
    }
    expect((await upload('other/app')).status).toBe(400);
  });

  it('component lists: a categorized member is listed and removed by its path', async () => {
    const web = await ok(await s.api('/api/components/pub/web%252Fapp/'));
    const plain = await ok(await s.api('/api/components/pub/app/'));
    await ok(await s.api('/api/component-lists/', { method: 'POST', json: { name: 'Both apps', slug: 'both-apps' } }), 201);
    for (const id of [web.id, plain.id]) await ok(await s.api('/api/component-lists/both-apps/components/', { method: 'POST', json: { component_id: id } }));
    expect((await ok(await s.api('/api/component-lists/both-apps/'))).components).toEqual([plain, web].sort((a, b) => a.id - b.id).map((c) => c.url));
    expect((await s.api('/api/component-lists/both-apps/components/web%252Fapp/', { method: 'DELETE' })).status).toBe(204);
    expect((await ok(await s.api('/api/component-lists/both-apps/'))).components).toEqual([plain.url]);
  });

  it('exports: RSS feeds and the stats export of a categorized component link to its path', async () => {
    const feed = await s.api('/exports/rss/pub/web%252Fapp/');
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`<link>${s.url}/projects/pub/web%252Fapp/</link>`);
    const translationFeed = await (await s.api('/exports/rss/pub/web%252Fapp/cs/')).text();
    expect(translationFeed).toContain(`<link>${s.url}/projects/pub/web%252Fapp/cs/</link>`);
    const stats = await ok(await s.api('/exports/stats/pub/web%252Fapp/'));
    expect(stats.find((r: { code: string }) => r.code === 'cs')).toMatchObject({ url_translate: `${s.url}/translate/pub/web%252Fapp/cs/`, translate_url: `${s.url}/translate/pub/web%252Fapp/cs/` });
    const csv = await s.api('/exports/stats/pub/web%252Fapp/?format=csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=stats-pub-web-app.csv');
  });

  it('teams: component lists attach by id, show by slug URL and, with selection 2, open the projects of their components', async () => {
    await ok(await createProject(s, 'priv', { access_control: 100 }), 201);
    await ok(await createPoComponent(s, 'priv', 'app'), 201);
    const joe = await s.createUser('joe');
    const privApp = await ok(await s.api('/api/components/priv/app/'));
    const list = await ok(await s.api('/api/component-lists/', { method: 'POST', json: { name: 'Private', slug: 'private-list' } }), 201);
    await ok(await s.api('/api/component-lists/private-list/components/', { method: 'POST', json: { component_id: privApp.id } }), 200);
    const team = await ok(await s.api('/api/groups/', { method: 'POST', json: { name: 'Listed', project_selection: 2, language_selection: 1 } }), 201);
    const translate = ((await ok(await s.api('/api/roles/?page_size=1000'))).results as { id: number; name: string }[]).find((r) => r.name === 'Translate')!;
    await ok(await s.api(`${team.url}roles/`, { method: 'POST', json: { role_id: translate.id } }));
    await ok(await s.api('/api/users/joe/groups/', { method: 'POST', json: { group_id: team.id } }));
    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(404);

    const missing = await ok(await s.api(`${team.url}componentlists/`, { method: 'POST', json: { component_list_id: 999999 } }), 400);
    expect(missing.errors[0]).toMatchObject({ attr: 'component_list_id', detail: 'Component list not found.' });
    const attached = await ok(await s.api(`${team.url}componentlists/`, { method: 'POST', json: { component_list_id: list.id } }));
    expect(attached.componentlists).toEqual([`${s.url}/api/component-lists/private-list/`]);
    expect(attached.componentlists).toEqual([list.url]);
    // Attaching twice keeps one link.
    expect((await ok(await s.api(`${team.url}componentlists/`, { method: 'POST', json: { component_list_id: String(list.id) } }))).componentlists).toHaveLength(1);

    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(200);
    expect((await s.api('/api/components/priv/app/', { token: joe })).status).toBe(200);
    const projects = (await ok(await s.api('/api/projects/', { token: joe }))).results.map((p: { slug: string }) => p.slug);
    expect(projects).toContain('priv');
    // The team's role applies there too.
    const unit = (await ok(await s.api('/api/translations/priv/app/cs/units/', { token: joe }))).results[0];
    await ok(await s.api(unit.url, { method: 'PATCH', token: joe, json: { target: ['Přes seznam'], state: 20 } }));
    // Only selection 2 reads the lists.
    await ok(await s.api(team.url, { method: 'PATCH', json: { project_selection: 0 } }));
    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(404);
    await ok(await s.api(team.url, { method: 'PATCH', json: { project_selection: 2 } }));
    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(200);

    expect((await s.api(`${team.url}componentlists/${list.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`${team.url}componentlists/${list.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await ok(await s.api(team.url))).componentlists).toEqual([]);
    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(404);

    // Removing the list detaches it from its teams.
    await ok(await s.api(`${team.url}componentlists/`, { method: 'POST', json: { component_list_id: list.id } }));
    expect((await s.api('/api/component-lists/private-list/', { method: 'DELETE' })).status).toBe(204);
    expect((await ok(await s.api(team.url))).componentlists).toEqual([]);
    expect((await s.api('/api/projects/priv/', { token: joe })).status).toBe(404);
  });

  it('team component list writes need a team manager', async () => {
    const team = await ok(await s.api('/api/groups/', { method: 'POST', json: { name: 'Guarded', project_selection: 2, language_selection: 1 } }), 201);
    const list = await ok(await s.api('/api/component-lists/', { method: 'POST', json: { name: 'Any', slug: 'any-list' } }), 201);
    expect((await s.api(`${team.url}componentlists/`, { method: 'POST', token: null, json: { component_list_id: list.id } })).status).toBe(401);
    const mallory = await s.createUser('mallory');
    expect([403, 404]).toContain((await s.api(`${team.url}componentlists/`, { method: 'POST', token: mallory, json: { component_list_id: list.id } })).status);
    expect((await ok(await s.api(team.url))).componentlists).toEqual([]);
  });
});
