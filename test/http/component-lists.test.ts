// Component lists over HTTP: CRUD under componentlist.edit, members, visibility and auto_assign rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('component lists on %s', (dialect) => {
  let s: TestServer;
  let userToken: string;
  let editorToken: string;
  const call = async (path: string, init: Parameters<TestServer['api']>[1] = {}) => {
    const res = await s.api(path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    s = await startServer(dialect);
    userToken = await s.createUser('lou');
    editorToken = await s.createUser('eddie');
    // A site-wide team whose role holds only componentlist.edit.
    const role = await call('/api/roles/', { method: 'POST', json: { name: 'List editors', permissions: ['componentlist.edit'] } });
    expect(role.status).toBe(201);
    const team = await call('/api/groups/', { method: 'POST', json: { name: 'List editors', project_selection: 0, language_selection: 1 } });
    expect(team.status).toBe(201);
    expect((await call(`/api/groups/${team.body.id}/roles/`, { method: 'POST', json: { role_id: role.body.id } })).status).toBeLessThan(300);
    expect((await call('/api/users/eddie/groups/', { method: 'POST', json: { group_id: team.body.id } })).status).toBeLessThan(300);
    for (const [p, access] of [['alpha', 0], ['beta', 0], ['secret', 100]] as const) {
      expect((await createProject(s, p, { access_control: access })).status).toBe(201);
      expect((await createPoComponent(s, p, 'app')).status).toBe(201);
      ids[p] = (await call(`/api/components/${p}/app/`)).body.id;
    }
  });
  afterAll(() => s.close());

  it('creates, reads, updates and deletes a list (componentlist.edit)', async () => {
    const created = await call('/api/component-lists/', { method: 'POST', json: { name: 'Main', slug: 'main', show_dashboard: false } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: 'Main', slug: 'main', id: expect.any(Number), show_dashboard: false, components: [], auto_assign: [], url: `${s.url}/api/component-lists/main/` });
    expect(Object.keys(created.body)).toEqual(['name', 'slug', 'id', 'show_dashboard', 'components', 'auto_assign', 'url']);

    const byEditor = await call('/api/component-lists/', { method: 'POST', token: editorToken, body: new URLSearchParams({ name: 'Docs', slug: 'docs', show_dashboard: 'true' }) });
    expect(byEditor.status).toBe(201);
    expect(byEditor.body.show_dashboard).toBe(true);

    const list = await call('/api/component-lists/', { token: null });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results.map((l: any) => l.slug)).toEqual(['main', 'docs']);

    expect((await call('/api/component-lists/main/', { method: 'PATCH', json: { name: 'Main list' } })).body.name).toBe('Main list');
    const put = await call('/api/component-lists/docs/', { method: 'PUT', token: editorToken, json: { name: 'Documentation', slug: 'documentation', show_dashboard: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Documentation', slug: 'documentation', show_dashboard: false, url: `${s.url}/api/component-lists/documentation/` });
    expect((await call('/api/component-lists/docs/')).status).toBe(404);
    expect((await call('/api/component-lists/documentation/', { method: 'DELETE', token: editorToken })).status).toBe(204);
    expect((await call('/api/component-lists/documentation/')).status).toBe(404);
  });

  it('refuses writes without componentlist.edit: 401 anonymous, 403 signed in', async () => {
    expect((await call('/api/component-lists/', { method: 'POST', token: null, json: { name: 'X', slug: 'x' } })).status).toBe(401);
    expect((await call('/api/component-lists/', { method: 'POST', token: userToken, json: { name: 'X', slug: 'x' } })).status).toBe(403);
    expect((await call('/api/component-lists/main/', { method: 'PATCH', token: userToken, json: { name: 'X' } })).status).toBe(403);
    expect((await call('/api/component-lists/main/', { method: 'DELETE', token: null })).status).toBe(401);
    expect((await call('/api/component-lists/main/components/', { method: 'POST', token: userToken, json: { component_id: ids.alpha } })).status).toBe(403);
    expect((await call('/api/component-lists/main/')).status).toBe(200);
  });

  it('validates fields: required, slug, uniqueness, booleans, auto_assign regexes', async () => {
    const missing = await call('/api/component-lists/', { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: any) => e.attr).sort()).toEqual(['name', 'slug']);
    const dup = await call('/api/component-lists/', { method: 'POST', json: { name: 'Again', slug: 'main' } });
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0]).toMatchObject({ attr: 'slug', code: 'unique' });
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'Bad', slug: 'a b' } })).body.errors[0].attr).toBe('slug');
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'Bad', slug: 'bad', show_dashboard: 'maybe' } })).body.errors[0].attr).toBe('show_dashboard');
    for (const auto_assign of [[{ project_match: '(', component_match: '^$' }], [{ project_match: '^(?!x)', component_match: '.*' }], 'nope', [1]]) {
      const bad = await call('/api/component-lists/', { method: 'POST', json: { name: 'Bad', slug: 'bad', auto_assign } });
      expect(bad.status, JSON.stringify(auto_assign)).toBe(400);
      expect(bad.body.errors[0].attr).toBe('auto_assign');
    }
    expect((await call('/api/component-lists/bad/')).status).toBe(404);
    expect((await call('/api/component-lists/main/', { method: 'PUT', json: { name: 'Only name' } })).body.errors[0].attr).toBe('slug');
  });

  it('adds and removes components; members are served as the component API serializes them', async () => {
    const add = await call('/api/component-lists/main/components/', { method: 'POST', json: { component_id: ids.alpha } });
    expect(add.status).toBe(200);
    expect(add.body.components).toEqual([`${s.url}/api/components/alpha/app/`]);
    expect((await call('/api/component-lists/main/components/', { method: 'POST', body: new URLSearchParams({ component_id: String(ids.secret) }) })).status).toBe(200);
    // Adding twice is harmless.
    expect((await call('/api/component-lists/main/components/', { method: 'POST', json: { component_id: ids.alpha } })).body.components).toHaveLength(2);

    const members = await call('/api/component-lists/main/components/');
    expect(members.body.count).toBe(2);
    const component = await call('/api/components/alpha/app/');
    expect(members.body.results[0]).toEqual(component.body);

    // Outsiders see the list (it has a visible member) but not the private component.
    const outsider = await call('/api/component-lists/main/', { token: userToken });
    expect(outsider.body.components).toEqual([`${s.url}/api/components/alpha/app/`]);
    expect((await call('/api/component-lists/main/components/', { token: null })).body.count).toBe(1);

    for (const component_id of [999999, 'abc', undefined]) {
      const bad = await call('/api/component-lists/main/components/', { method: 'POST', json: component_id === undefined ? {} : { component_id } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].attr).toBe('component_id');
    }
    // The private component is not visible to the editor, so it cannot be added by them.
    expect((await call('/api/component-lists/main/components/', { method: 'POST', token: editorToken, json: { component_id: ids.secret } })).status).toBe(400);

    expect((await call('/api/component-lists/main/components/app', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/api/component-lists/main/')).body.components).toEqual([]);
    expect((await call('/api/component-lists/main/components/app/', { method: 'DELETE' })).status).toBe(404);
    expect((await call('/api/component-lists/main/components/', { method: 'POST', json: { component_id: ids.beta } })).status).toBe(200);
    expect((await call('/api/component-lists/main/components/app/', { method: 'DELETE' })).status).toBe(204);
  });

  it('hides lists whose components are all invisible', async () => {
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'Hidden', slug: 'hidden' } })).status).toBe(201);
    expect((await call('/api/component-lists/hidden/components/', { method: 'POST', json: { component_id: ids.secret } })).status).toBe(200);
    expect((await call('/api/component-lists/hidden/', { token: userToken })).status).toBe(404);
    expect((await call('/api/component-lists/', { token: userToken })).body.results.map((l: any) => l.slug)).not.toContain('hidden');
    expect((await call('/api/component-lists/hidden/')).status).toBe(200);
    expect((await call('/api/component-lists/hidden/', { method: 'DELETE' })).status).toBe(204);
  });

  it('auto_assign adds matching existing components on save and new components on creation', async () => {
    const created = await call('/api/component-lists/', {
      method: 'POST',
      json: { name: 'Auto', slug: 'auto', auto_assign: [{ project_match: '^(alpha|gamma)$', component_match: '^app' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.auto_assign).toEqual([{ project_match: '^(alpha|gamma)$', component_match: '^app' }]);
    expect(created.body.components).toEqual([`${s.url}/api/components/alpha/app/`]);

    // A new component of a matching project joins; one of another project does not.
    expect((await createProject(s, 'gamma')).status).toBe(201);
    expect((await createPoComponent(s, 'gamma', 'app2')).status).toBe(201);
    expect((await createPoComponent(s, 'beta', 'app2')).status).toBe(201);
    // Patterns are anchored at the start only (Python re.match): "^app" also matches "app2".
    expect((await call('/api/component-lists/auto/')).body.components).toEqual([`${s.url}/api/components/alpha/app/`, `${s.url}/api/components/gamma/app2/`]);

    // Saving other rules applies them to existing components (members stay).
    const patched = await call('/api/component-lists/auto/', { method: 'PATCH', json: { auto_assign: [{ project_match: 'beta', component_match: 'app2' }] } });
    expect(patched.status).toBe(200);
    expect(patched.body.auto_assign).toEqual([{ project_match: 'beta', component_match: 'app2' }]);
    // Members are ordered by component id (gamma/app2 was made before beta/app2).
    expect(patched.body.components).toEqual([`${s.url}/api/components/alpha/app/`, `${s.url}/api/components/gamma/app2/`, `${s.url}/api/components/beta/app2/`]);
    expect((await call('/api/component-lists/auto/', { method: 'PATCH', json: { auto_assign: [] } })).body.auto_assign).toEqual([]);
  });

  it('serves the Allow headers of the spec', async () => {
    const res = await s.api('/api/component-lists/main/', { method: 'OPTIONS' });
    expect(res.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect((await s.api('/api/component-lists/', { method: 'OPTIONS' })).headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await s.api('/api/component-lists/main/components/app/', { method: 'OPTIONS' })).headers.get('allow')).toBe('DELETE, OPTIONS');
  });
});
