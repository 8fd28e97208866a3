// Permissions checked as the reference checks them: who may read a repository's status and a task, who may
// change a project's access control or make a private project, what plain users see of restricted components,
// other users and component lists, who grants team administration, and that permission comes before lookup
// and before validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('permissions as the reference checks them on %s', (dialect) => {
  let s: TestServer;
  let plain: string;

  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const list = async (path: string, token?: string | null) => (await json(await s.api(`${path}${path.includes('?') ? '&' : '?'}page_size=1000`, { token }), 200)).results as any[];
  const groupNamed = async (name: string) => (await list('/api/groups/')).find((g) => g.name === name && g.defining_project === null);
  const roleNamed = async (name: string) => (await list('/api/roles/')).find((r) => r.name === name);

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    await json(await createProject(s, 'demo'), 201);
    await json(await createPoComponent(s, 'demo'), 201);
  }, 120_000);
  afterAll(() => s?.close());

  it('answers a plain user’s change of a role it cannot see with 403, not 404 (permission before lookup)', async () => {
    const role = await roleNamed('Access repository');
    expect(role, 'the built-in role exists').toBeDefined();
    await json(await s.api(`/api/roles/${role.id}/`, { method: 'PATCH', token: plain, json: { name: 'Renamed' } }), 403);
    await json(await s.api(`/api/roles/${role.id}/`, { method: 'PUT', token: plain, json: { name: 'Renamed', permissions: [] } }), 403);
    await json(await s.api(`/api/roles/${role.id}/`, { method: 'DELETE', token: plain }), 403);
    // Also for a role that does not exist: nothing is looked up for a caller who may not change roles.
    await json(await s.api('/api/roles/999999/', { method: 'PATCH', token: plain, json: { name: 'x' } }), 403);
    expect((await json(await s.api(`/api/roles/${role.id}/`), 200)).name).toBe('Access repository');
    // A role manager still gets the 404 of a missing role.
    await json(await s.api('/api/roles/999999/', { method: 'PATCH', json: { name: 'x' } }), 404);
  });

  it('lets a team administrator grant team administration, and refuses anonymous, inactive and bot users', async () => {
    const team = await json(await s.api('/api/groups/', { method: 'POST', json: { name: 'Admins test', project_selection: 0, language_selection: 0 } }), 201);
    const adminToken = await s.createUser('teamadmin');
    await s.createUser('newadmin');
    const teamadmin = await json(await s.api('/api/users/teamadmin/'), 200);
    const newadmin = await json(await s.api('/api/users/newadmin/'), 200);
    // Not yet an administrator of the team: the team is not even visible to her.
    await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', token: adminToken, json: { user_id: newadmin.id } }), 404);
    expect(await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', json: { user_id: teamadmin.id } }), 200)).toEqual({ detail: 'Administration rights granted.' });
    expect(await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', token: adminToken, json: { user_id: newadmin.id } }), 200)).toEqual({ detail: 'Administration rights granted.' });
    const admins = (await json(await s.api(`/api/groups/${team.id}/`), 200)).admins as (string | { id: number })[];
    expect(JSON.stringify(admins)).toContain(`/api/users/newadmin/`);

    // Who cannot be made an administrator.
    await s.createUser('inactive');
    await json(await s.api('/api/users/inactive/', { method: 'PATCH', json: { is_active: false } }), 200);
    const inactive = await json(await s.api('/api/users/inactive/'), 200);
    const bot = await json(await s.api('/api/users/', { method: 'POST', json: { username: 'helper-bot', full_name: 'Bot', email: 'bot@example.com', is_bot: true } }), 201);
    for (const id of [inactive.id, bot.id]) {
      const refused = await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', json: { user_id: id } }), 400);
      expect(refused.errors[0].attr).toBe('user_id');
    }
    const missing = await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', json: { user_id: -1 } }), 400);
    expect(JSON.stringify(missing)).toContain('User not found');
    await json(await s.api(`/api/groups/${team.id}/admins/`, { method: 'POST', json: {} }), 400);
    const after = JSON.stringify((await json(await s.api(`/api/groups/${team.id}/`), 200)).admins);
    expect(after).not.toContain('/api/users/inactive/');
    expect(after).not.toContain('/api/users/helper-bot/');
  });

  it('shows a repository’s status only to those who may act on the repository', async () => {
    const paths = ['/api/projects/demo/repository/', '/api/components/demo/app/repository/', '/api/translations/demo/app/cs/repository/'];
    for (const path of paths) {
      await json(await s.api(path, { token: plain }), 403);
      await json(await s.api(path, { token: null }), 403);
      expect(await json(await s.api(path), 200)).toHaveProperty('needs_commit');
    }
    // Viewing the repository's files (vcs.view) is not enough; any permission to act on it (here vcs.commit) is.
    const viewer = await s.createUser('repoviewer');
    const team = await json(await s.api('/api/groups/', { method: 'POST', json: { name: 'Repository viewers', project_selection: 1, language_selection: 1 } }), 201);
    await json(await s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: (await roleNamed('Access repository')).id } }), 200);
    await json(await s.api('/api/users/repoviewer/groups/', { method: 'POST', json: { group_id: team.id } }), 200);
    for (const path of paths) await json(await s.api(path, { token: viewer }), 403);
    const committers = await json(await s.api('/api/roles/', { method: 'POST', json: { name: 'Committers', permissions: ['vcs.commit'] } }), 201);
    await json(await s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: committers.id } }), 200);
    for (const path of paths) expect(await json(await s.api(path, { token: viewer }), 200)).toHaveProperty('needs_push');
  });

  it('lets only superusers create non-public projects, and only access managers change a project’s access control', async () => {
    const creator = await s.createUser('creator');
    await json(await s.api('/api/users/creator/groups/', { method: 'POST', json: { group_id: (await groupNamed('Project creators')).id } }), 200);
    const refused = await json(await s.api('/api/projects/', { method: 'POST', token: creator, json: { name: 'Hidden', slug: 'hidden', web: 'https://example.com/', access_control: 100 } }), 400);
    expect(refused.errors[0].attr).toBe('access_control');
    await json(await s.api('/api/projects/hidden/'), 404);
    const made = await json(await s.api('/api/projects/', { method: 'POST', token: creator, json: { name: 'Open', slug: 'open', web: 'https://example.com/' } }), 201);
    expect(made.access_control).toBe(0);
    // A project editor without the right to manage access: the setting stays.
    const editor = await s.createUser('editor');
    const role = await json(await s.api('/api/roles/', { method: 'POST', json: { name: 'Project editors', permissions: ['project.edit'] } }), 201);
    const team = await json(await s.api('/api/groups/', { method: 'POST', json: { name: 'Editors of open', project_selection: 0, language_selection: 1 } }), 201);
    await json(await s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: role.id } }), 200);
    await json(await s.api(`/api/groups/${team.id}/projects/`, { method: 'POST', json: { project_id: made.id } }), 200);
    await json(await s.api('/api/users/editor/groups/', { method: 'POST', json: { group_id: team.id } }), 200);
    const denied = await json(await s.api('/api/projects/open/', { method: 'PATCH', token: editor, json: { access_control: 100 } }), 400);
    expect(denied.errors[0].attr).toBe('access_control');
    expect((await json(await s.api('/api/projects/open/'), 200)).access_control).toBe(0);
    // Sending the value it already has is no change; other fields still save.
    await json(await s.api('/api/projects/open/', { method: 'PATCH', token: editor, json: { access_control: 0, instructions: 'Be kind.' } }), 200);
    // The creator administers the project (and its access).
    expect((await json(await s.api('/api/projects/open/', { method: 'PATCH', token: creator, json: { access_control: 100 } }), 200)).access_control).toBe(100);
  });

  it('checks the permission to create a component before the fields', async () => {
    // Incomplete and invalid bodies alike: a caller who may not create components learns nothing about them.
    await json(await s.api('/api/projects/demo/components/', { method: 'POST', token: plain, json: {} }), 403);
    await json(await s.api('/api/projects/demo/components/', { method: 'POST', token: plain, json: { name: 'X', slug: 'x', source_language: { code: 'invalid' }, file_format: 'nope' } }), 403);
    await json(await s.api('/api/projects/demo/components/', { method: 'POST', token: null, json: {} }), 401);
  });
});
