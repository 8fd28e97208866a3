// Teams (groups) and roles over HTTP: built-in data, automatic memberships and project teams, CRUD,
// sub-resources with their messages, and who sees what; on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ROLES } from '../../src/auth/permissions.js';
import { seedTeams } from '../../src/db/seed.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields) });

describe.each(DIALECTS)('groups and roles on %s', (dialect) => {
  let s: TestServer;
  let janeToken: string;
  const all = async (path: string, token?: string | null) => {
    const res = await s.api(`${path}?page_size=1000`, { token });
    expect(res.status).toBe(200);
    return (await res.json()).results as any[];
  };
  const groupByName = async (name: string, project: string | null = null) => {
    const groups = await all('/api/groups/');
    return groups.find((g) => g.name === name && g.defining_project === (project ? `${s.url}/api/projects/${project}/` : null));
  };
  const roleByName = async (name: string) => (await all('/api/roles/')).find((r) => r.name === name);
  const errorOf = async (res: Response) => ({ status: res.status, errors: (await res.json()).errors });

  beforeAll(async () => {
    s = await startServer(dialect);
    janeToken = await s.createUser('jane');
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
  });
  afterAll(() => s.close());

  it('seeds the built-in roles with their permissions', async () => {
    const roles = await all('/api/roles/');
    expect(roles.map((r) => r.name)).toEqual(Object.keys(BUILTIN_ROLES));
    for (const role of roles) {
      expect([...role.permissions].sort()).toEqual([...BUILTIN_ROLES[role.name]].sort());
      expect(role).toEqual({ id: expect.any(Number), name: role.name, permissions: expect.any(Array), url: `${s.url}/api/roles/${role.id}/` });
    }
    expect((await roleByName('Add suggestion')).permissions).toEqual(['suggestion.add']);
    expect((await roleByName('Add new projects')).permissions.sort()).toEqual(['project.add', 'workspace.add']);
  });

  it('seeds the default site-wide teams with their roles and selections', async () => {
    const roles = new Map((await all('/api/roles/')).map((r) => [r.url, r.name]));
    const expected: [string, string[], number][] = [
      ['Guests', ['Add suggestion', 'Access repository'], 3],
      ['Viewers', [], 4],
      ['Users', ['Power user'], 3],
      ['Reviewers', ['Review strings'], 1],
      ['Managers', ['Administration'], 1],
      ['Project creators', ['Add new projects'], 1],
    ];
    for (const [name, roleNames, selection] of expected) {
      const g = await groupByName(name);
      expect(g, name).toMatchObject({ name, defining_project: null, defining_workspace: null, project_selection: selection, language_selection: 1, enforced_2fa: false });
      expect(g.roles.map((u: string) => roles.get(u)).sort()).toEqual([...roleNames].sort());
    }
    const guests = await groupByName('Guests');
    expect(Object.keys(guests)).toEqual(['id', 'name', 'defining_project', 'defining_workspace', 'project_selection', 'language_selection', 'url', 'roles', 'languages', 'projects', 'componentlists', 'components', 'enforced_2fa', 'admins']);
  });

  it('puts new users into Users and Viewers and lists their groups', async () => {
    const users = await groupByName('Users');
    const viewers = await groupByName('Viewers');
    const jane = await (await s.api('/api/users/jane/')).json();
    expect(jane.groups.sort()).toEqual([users.url, viewers.url].sort());
    const created = await s.api('/api/users/', { method: 'POST', json: { username: 'newbie', email: 'newbie@example.com', full_name: 'New' } });
    expect(created.status).toBe(201);
    expect((await created.json()).groups.sort()).toEqual([users.url, viewers.url].sort());
    const self = await (await s.api('/api/users/', { token: janeToken })).json();
    expect(self.results[0].groups).toHaveLength(2);
  });

  it('creates per-project teams with the defining project', async () => {
    const res = await createProject(s, 'closed', { access_control: 1 });
    expect(res.status).toBe(201);
    const project = await res.json();
    const teams = (await all('/api/groups/')).filter((g) => g.defining_project === project.url);
    expect(teams.map((g) => g.name)).toEqual(['Administration', 'Review', 'Translate', 'Sources', 'Languages', 'Glossary', 'Memory', 'Screenshots', 'Bulk editing', 'Automatic translation', 'VCS']);
    const roles = new Map((await all('/api/roles/')).map((r) => [r.url, r.name]));
    const admin = teams[0];
    expect(admin).toMatchObject({ project_selection: 0, language_selection: 1, projects: [project.url] });
    expect(admin.roles.map((u: string) => roles.get(u))).toEqual(['Administration']);
    expect(roles.get(teams.find((g) => g.name === 'VCS').roles[0])).toBe('Manage repository');
    // A public project gets only Administration; a review workflow adds Review.
    const pub = (await all('/api/groups/')).filter((g) => g.defining_project === `${s.url}/api/projects/hello/`);
    expect(pub.map((g) => g.name)).toEqual(['Administration']);
    expect((await s.api('/api/projects/hello/', { method: 'PATCH', json: { translation_review: true } })).status).toBe(200);
    const reviewed = (await all('/api/groups/')).filter((g) => g.defining_project === `${s.url}/api/projects/hello/`);
    expect(reviewed.map((g) => g.name)).toEqual(['Administration', 'Review']);
    // Custom access control gets none; deleting the project deletes its teams.
    expect((await createProject(s, 'custom', { access_control: 200 })).status).toBe(201);
    expect((await all('/api/groups/')).filter((g) => g.defining_project === `${s.url}/api/projects/custom/`)).toEqual([]);
    expect((await s.api('/api/projects/closed/', { method: 'DELETE' })).status).toBe(204);
    expect((await all('/api/groups/')).filter((g) => g.defining_project === project.url)).toEqual([]);
    expect((await s.api(admin.url)).status).toBe(404);
  });

  it('creates, edits (PATCH adds, PUT replaces) and deletes roles', async () => {
    const created = await s.api('/api/roles/', { method: 'POST', json: { name: 'Custom', permissions: ['unit.edit', 'suggestion.add'] } });
    expect(created.status).toBe(201);
    const role = await created.json();
    expect(created.headers.get('location')).toBe(role.url);
    expect(role.permissions.sort()).toEqual(['suggestion.add', 'unit.edit']);
    const patched = await (await s.api(role.url, { method: 'PATCH', json: { permissions: ['vcs.view'] } })).json();
    expect(patched.permissions.sort()).toEqual(['suggestion.add', 'unit.edit', 'vcs.view']);
    const put = await (await s.api(role.url, { method: 'PUT', json: { name: 'Custom 2', permissions: ['vcs.view', 'project.add'] } })).json();
    expect(put).toMatchObject({ name: 'Custom 2' });
    expect(put.permissions.sort()).toEqual(['project.add', 'vcs.view']);
    // Form bodies work too.
    const formRole = await s.api('/api/roles/', { method: 'POST', ...form({ name: 'Form role', permissions: 'comment.add' }) });
    expect(formRole.status).toBe(201);
    expect((await formRole.json()).permissions).toEqual(['comment.add']);

    const unknown = await s.api('/api/roles/', { method: 'POST', json: { name: 'Bad', permissions: ['unit.edit', 'no.such'] } });
    expect(await errorOf(unknown)).toEqual({ status: 400, errors: [{ code: 'does_not_exist', detail: 'Permission with this codename was not found.', attr: 'permissions' }] });
    const patchUnknown = await s.api(role.url, { method: 'PATCH', json: { permissions: ['nope'] } });
    expect(patchUnknown.status).toBe(400);
    expect((await errorOf(await s.api('/api/roles/', { method: 'POST', json: { name: 'Custom 2' } }))).errors[0]).toMatchObject({ attr: 'name', code: 'unique' });
    expect((await errorOf(await s.api('/api/roles/', { method: 'POST', json: { permissions: [] } }))).errors[0]).toMatchObject({ attr: 'name', code: 'required' });

    expect((await s.api('/api/roles/', { method: 'POST', token: janeToken, json: { name: 'X' } })).status).toBe(403);
    expect((await s.api('/api/roles/', { method: 'POST', token: null, json: { name: 'X' } })).status).toBe(401);
    const options = await s.api(role.url, { method: 'OPTIONS' });
    expect(options.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect((await s.api(role.url, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(role.url)).status).toBe(404);
    expect((await s.api('/api/roles/abc/')).status).toBe(404);
  });

  it('creates, edits and deletes groups with the built-in and scoped team rules', async () => {
    const created = await s.api('/api/groups/', { method: 'POST', json: { name: 'Translators', project_selection: 1, language_selection: 0 } });
    expect(created.status).toBe(201);
    const group = await created.json();
    expect(group).toMatchObject({ name: 'Translators', project_selection: 1, language_selection: 0, defining_project: null, roles: [], admins: [] });
    expect(created.headers.get('location')).toBe(group.url);
    expect((await errorOf(await s.api('/api/groups/', { method: 'POST', json: { name: 'Translators' } }))).errors[0]).toMatchObject({ attr: 'name', code: 'unique' });
    expect((await errorOf(await s.api('/api/groups/', { method: 'POST', json: { name: 'X', project_selection: 9 } }))).errors[0]).toMatchObject({ attr: 'project_selection', code: 'invalid_choice' });
    expect((await errorOf(await s.api('/api/groups/', { method: 'POST', json: { project_selection: 1 } }))).errors[0]).toMatchObject({ attr: 'name', code: 'required' });
    const badLink = await s.api('/api/groups/', { method: 'POST', json: { name: 'X', defining_project: `${s.url}/api/projects/missing/` } });
    expect((await errorOf(badLink)).errors[0]).toMatchObject({ attr: 'defining_project', detail: 'Invalid hyperlink - Object does not exist.' });

    const patched = await (await s.api(group.url, { method: 'PATCH', json: { name: 'Translators 2', language_selection: 1 } })).json();
    expect(patched).toMatchObject({ name: 'Translators 2', language_selection: 1, project_selection: 1 });
    const put = await (await s.api(group.url, { method: 'PUT', json: { name: 'Translators 3', project_selection: 3 } })).json();
    expect(put).toMatchObject({ name: 'Translators 3', project_selection: 3 });
    expect((await errorOf(await s.api(group.url, { method: 'PUT', json: { project_selection: 3 } }))).errors[0]).toMatchObject({ attr: 'name', code: 'required' });
    expect((await errorOf(await s.api(group.url, { method: 'PATCH', json: { defining_project: `${s.url}/api/projects/hello/` } }))).status).toBe(400);

    // A project-scoped team: selection forced to manual with its project.
    const scopedRes = await s.api('/api/groups/', { method: 'POST', json: { name: 'Hello helpers', project_selection: 1, defining_project: `${s.url}/api/projects/hello/` } });
    expect(scopedRes.status).toBe(201);
    const scoped = await scopedRes.json();
    expect(scoped).toMatchObject({ project_selection: 0, defining_project: `${s.url}/api/projects/hello/`, projects: [`${s.url}/api/projects/hello/`] });
    expect((await errorOf(await s.api(scoped.url, { method: 'PATCH', json: { project_selection: 1 } }))).status).toBe(400);
    expect((await s.api(scoped.url, { method: 'PATCH', json: { name: 'Hello friends' } })).status).toBe(200);

    // Built-in teams keep their name, selections and scope.
    const guests = await groupByName('Guests');
    const builtin = await errorOf(await s.api(guests.url, { method: 'PATCH', json: { name: 'Visitors' } }));
    expect(builtin).toEqual({ status: 400, errors: [{ code: 'invalid', detail: 'Cannot change this on a built-in team.', attr: 'name' }] });
    expect((await errorOf(await s.api(guests.url, { method: 'PATCH', json: { project_selection: 1 } }))).errors[0].detail).toBe('Cannot change this on a built-in team.');
    const same = await s.api(guests.url, { method: 'PUT', json: { name: 'Guests', project_selection: 3, enforced_2fa: true } });
    expect(same.status).toBe(200);
    expect((await same.json()).enforced_2fa).toBe(true);
    expect((await s.api(guests.url, { method: 'PATCH', json: { enforced_2fa: false } })).status).toBe(200);

    expect((await s.api(group.url, { method: 'DELETE', token: janeToken })).status).toBe(404); // not visible to jane
    expect((await s.api(group.url, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(group.url)).status).toBe(404);
    expect((await s.api(scoped.url, { method: 'DELETE' })).status).toBe(204);
  });

  it('manages every group sub-resource with the reference messages', async () => {
    const group = await (await s.api('/api/groups/', { method: 'POST', json: { name: 'Subs', project_selection: 0, language_selection: 0 } })).json();
    const role = await roleByName('Translate');
    const post = (sub: string, fields: Record<string, string>) => s.api(`${group.url}${sub}/`, { method: 'POST', ...form(fields) });
    const single = async (res: Response) => {
      const { status, errors } = await errorOf(res);
      expect(errors).toHaveLength(1);
      return { status, ...errors[0] };
    };

    // roles
    expect(await single(await post('roles', {}))).toEqual({ status: 400, code: 'required', detail: 'Missing role_id parameter', attr: 'role_id' });
    expect(await single(await post('roles', { role_id: 'x' }))).toEqual({ status: 400, code: 'invalid', detail: 'A valid integer is required.', attr: 'role_id' });
    expect(await single(await post('roles', { role_id: '99999' }))).toEqual({ status: 400, code: 'does_not_exist', detail: 'Role not found.', attr: 'role_id' });
    let res = await post('roles', { role_id: String(role.id) });
    expect(res.status).toBe(200);
    expect((await res.json()).roles).toEqual([role.url]);
    res = await s.api(`${group.url}roles/`, { method: 'POST', json: { role_id: role.id } }); // twice is fine
    expect((await res.json()).roles).toEqual([role.url]);
    expect((await s.api(`${group.url}roles/`, { method: 'OPTIONS' })).headers.get('allow')).toBe('POST, OPTIONS');
    expect((await s.api(`${group.url}roles/${role.id}/`, { method: 'OPTIONS' })).headers.get('allow')).toBe('DELETE, OPTIONS');
    expect((await s.api(`${group.url}roles/${role.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`${group.url}roles/${role.id}/`, { method: 'DELETE' })).status).toBe(404);

    // languages
    expect(await single(await post('languages', {}))).toMatchObject({ status: 400, detail: 'Missing language_code parameter', attr: 'language_code' });
    expect(await single(await post('languages', { language_code: 'xx-none' }))).toMatchObject({ status: 400, detail: 'Language not found.', attr: 'language_code' });
    res = await post('languages', { language_code: 'cs' });
    expect((await res.json()).languages).toEqual([`${s.url}/api/languages/cs/`]);
    expect((await s.api(`${group.url}languages/cs/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`${group.url}languages/cs/`, { method: 'DELETE' })).status).toBe(404);

    // projects
    const hello = await (await s.api('/api/projects/hello/')).json();
    expect(await single(await post('projects', {}))).toMatchObject({ status: 400, detail: 'Missing project_id parameter', attr: 'project_id' });
    expect(await single(await post('projects', { project_id: '99999' }))).toMatchObject({ status: 400, detail: 'Project not found.', attr: 'project_id' });
    res = await post('projects', { project_id: String(hello.id) });
    expect((await res.json()).projects).toEqual([hello.url]);
    expect((await s.api(`${group.url}projects/${hello.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`${group.url}projects/${hello.id}/`, { method: 'DELETE' })).status).toBe(404);
    const helloAdmin = await groupByName('Administration', 'hello');
    expect(await single(await s.api(`${helloAdmin.url}projects/`, { method: 'POST', json: { project_id: hello.id } }))).toMatchObject({
      status: 400,
      detail: 'Cannot change projects on a scoped team.',
    });

    // components
    const app = await (await s.api('/api/components/hello/app/')).json();
    expect(await single(await post('components', {}))).toMatchObject({ status: 400, detail: 'Missing component_id parameter', attr: 'component_id' });
    expect(await single(await post('components', { component_id: '99999' }))).toMatchObject({ status: 400, detail: 'Component not found.', attr: 'component_id' });
    res = await post('components', { component_id: String(app.id) });
    expect((await res.json()).components).toEqual([app.url]);
    expect((await s.api(`${group.url}components/${app.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`${group.url}components/${app.id}/`, { method: 'DELETE' })).status).toBe(404);

    // component lists (none exist yet)
    expect(await single(await post('componentlists', {}))).toMatchObject({ status: 400, detail: 'Missing component_list_id parameter', attr: 'component_list_id' });
    expect(await single(await post('componentlists', { component_list_id: '1' }))).toMatchObject({ status: 400, detail: 'Component list not found.', attr: 'component_list_id' });
    expect((await s.api(`${group.url}componentlists/1/`, { method: 'DELETE' })).status).toBe(404);

    // admins: granting also makes a member; revoking answers the group
    const jane = await (await s.api('/api/users/jane/')).json();
    expect(await single(await post('admins', {}))).toMatchObject({ status: 400, detail: 'User ID is required', attr: 'user_id' });
    expect(await single(await post('admins', { user_id: '99999' }))).toMatchObject({ status: 400, detail: 'User not found', attr: 'user_id' });
    res = await post('admins', { user_id: String(jane.id) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Administration rights granted.' });
    const withAdmin = await (await s.api(group.url)).json();
    expect(withAdmin.admins).toEqual([jane.url]);
    expect((await (await s.api('/api/users/jane/')).json()).groups).toContain(group.url);
    res = await s.api(`${group.url}admins/${jane.id}/`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await res.json()).admins).toEqual([]);
    expect(await single(await s.api(`${group.url}admins/${jane.id}/`, { method: 'DELETE' }))).toMatchObject({ status: 400, detail: 'User not found', attr: null });

    // writes need a group manager
    expect((await s.api(`${group.url}roles/`, { method: 'POST', token: null, json: { role_id: role.id } })).status).toBe(401);
    const denied = await s.api(`${group.url}roles/`, { method: 'POST', token: janeToken, json: { role_id: role.id } });
    expect(denied.status).toBe(403); // jane is still a member, so she sees the team
    expect((await denied.json()).errors[0].detail).toBe('Can not manage groups');
    expect((await s.api(`${group.url}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('rejects site-wide roles on project teams', async () => {
    const creators = await roleByName('Add new projects');
    const helloAdmin = await groupByName('Administration', 'hello');
    const res = await s.api(`${helloAdmin.url}roles/`, { method: 'POST', json: { role_id: creators.id } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].attr).toBe('role_id');
  });

  it('shows groups and roles by who is asking', async () => {
    const anonGroups = await all('/api/groups/', null);
    expect(anonGroups.map((g) => g.name)).toEqual(['Guests', 'Viewers']);
    const anonRoles = await all('/api/roles/', null);
    expect(anonRoles.map((r) => r.name)).toEqual(['Add suggestion', 'Access repository']);
    const users = await groupByName('Users');
    const managers = await groupByName('Managers');
    expect((await s.api(users.url, { token: null })).status).toBe(404);

    const janeGroups = await all('/api/groups/', janeToken);
    expect(janeGroups.map((g) => g.name).sort()).toEqual(['Users', 'Viewers']);
    const janeRoles = await all('/api/roles/', janeToken);
    expect(janeRoles.map((r) => r.name)).toEqual(['Power user']);
    expect((await s.api(managers.url, { token: janeToken })).status).toBe(404);
    expect((await s.api(users.url, { token: janeToken })).status).toBe(200);
    expect((await s.api(users.url, { method: 'PATCH', token: janeToken, json: { enforced_2fa: true } })).status).toBe(403);
    expect((await s.api('/api/groups/', { method: 'POST', token: janeToken, json: { name: 'Mine' } })).status).toBe(403);

    const adminGroups = await all('/api/groups/');
    expect(adminGroups.length).toBeGreaterThan(6);
    expect((await all('/api/roles/')).length).toBeGreaterThanOrEqual(Object.keys(BUILTIN_ROLES).length);
  });

  it('adds users to groups and removes them', async () => {
    const token = await s.createUser('sam');
    const reviewers = await groupByName('Reviewers');
    const add = (fields: Record<string, string>, t?: string | null) => s.api('/api/users/sam/groups/', { method: 'POST', token: t, ...form(fields) });
    expect((await add({ group_id: String(reviewers.id) }, token)).status).toBe(403);
    expect((await add({ group_id: String(reviewers.id) }, null)).status).toBe(401);
    const missing = await errorOf(await add({}));
    expect(missing).toEqual({ status: 400, errors: [{ code: 'required', detail: 'Missing group_id parameter', attr: 'group_id' }] });
    expect((await errorOf(await add({ group_id: 'abc' }))).errors[0]).toMatchObject({ attr: 'group_id', detail: 'A valid integer is required.' });
    expect((await errorOf(await add({ group_id: '99999' }))).errors[0]).toMatchObject({ attr: 'group_id', detail: 'Group not found.' });
    const added = await add({ group_id: String(reviewers.id) });
    expect(added.status).toBe(200);
    expect((await added.json()).groups).toContain(reviewers.url);
    expect((await all('/api/groups/', token)).map((g) => g.name)).toContain('Reviewers');
    expect((await all('/api/roles/', token)).map((r) => r.name)).toContain('Review strings');
    const removed = await s.api('/api/users/sam/groups/', { method: 'DELETE', json: { group_id: reviewers.id } });
    expect(removed.status).toBe(200);
    expect((await removed.json()).groups).not.toContain(reviewers.url);
    expect((await s.api('/api/users/sam/groups/', { method: 'OPTIONS' })).headers.get('allow')).toBe('POST, DELETE, OPTIONS');
    // The change is recorded as "User access changed".
    const changes = await s.container.database.db.selectFrom('changes').selectAll().where('action', '=', 97).where('target', '=', 'sam').execute();
    expect(changes).toHaveLength(2);
    // Deleting a user clears their memberships.
    expect((await s.api('/api/users/sam/', { method: 'DELETE' })).status).toBe(204);
    const deleted = (await all('/api/users/')).find((u) => u.full_name === 'Deleted User' && u.groups.length === 0);
    expect(deleted).toBeDefined();
  });

  it('seeds idempotently and backfills a database that had no teams', async () => {
    expect(await seedTeams(s.container.database)).toBe(0);
    await s.container.database.db.deleteFrom('groups').execute(); // as before the teams migration
    expect(await seedTeams(s.container.database)).toBe(6);
    const users = await groupByName('Users');
    expect((await (await s.api('/api/users/jane/')).json()).groups).toContain(users.url);
    const hello = (await all('/api/groups/')).filter((g) => g.defining_project === `${s.url}/api/projects/hello/`);
    expect(hello.map((g) => g.name)).toEqual(['Administration', 'Review']);
    expect(await seedTeams(s.container.database)).toBe(0);
  });
});
