// Who manages teams: project creators administer their project, project administrators
// manage its teams and their members, team administrators their team's members; language-limited
// teams stay within their languages for adding, downloading and removing translations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('team management on %s', (dialect) => {
  let s: TestServer;
  let ownerToken: string;
  const list = async (path: string, token?: string | null) => {
    const res = await s.api(`${path}${path.includes('?') ? '&' : '?'}page_size=1000`, { token });
    expect(res.status, path).toBe(200);
    return (await res.json()).results as any[];
  };
  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const groupNamed = async (name: string, project: string | null) =>
    (await list('/api/groups/')).find((g) => g.name === name && g.defining_project === (project ? `${s.url}/api/projects/${project}/` : null));
  const roleNamed = async (name: string) => (await list('/api/roles/')).find((r) => r.name === name);

  beforeAll(async () => {
    s = await startServer(dialect);
    ownerToken = await s.createUser('olga');
    // Olga may create projects: she joins the site-wide "Project creators" team.
    const creators = await groupNamed('Project creators', null);
    await json(await s.api('/api/users/olga/groups/', { method: 'POST', json: { group_id: creators.id } }), 200);
    await json(await s.api('/api/projects/', { method: 'POST', token: ownerToken, json: { name: 'Owned', slug: 'owned', web: 'https://example.com/' } }), 201);
    // A new project starts public unless a superuser creates it otherwise; its administrator makes it private.
    await json(await s.api('/api/projects/owned/', { method: 'PATCH', token: ownerToken, json: { access_control: 100 } }), 200);
    await json(await s.api('/api/projects/', { method: 'POST', json: { name: 'Other', slug: 'other', web: 'https://example.com/', access_control: 100 } }), 201);
    await json(await createPoComponent(s, 'owned'), 201);
    await json(await createPoComponent(s, 'other'), 201);
  });
  afterAll(() => s.close());

  it('makes the creator of a project a member of its Administration team', async () => {
    const me = await json(await s.api('/api/users/olga/', { token: ownerToken }), 200);
    const admin = await groupNamed('Administration', 'owned');
    expect(me.groups).toContain(`${s.url}/api/groups/${admin.id}/`);
    // Private, yet visible to her, and she can edit it without any site-wide right.
    await json(await s.api('/api/projects/owned/', { method: 'PATCH', token: ownerToken, json: { web: 'https://owned.example/' } }), 200);
    await json(await s.api('/api/projects/other/', { token: ownerToken }), 404);
  });

  it('lets a project administrator see and manage the teams of their project only', async () => {
    const seen = (await list('/api/groups/', ownerToken)).map((g) => `${g.defining_project ?? ''}|${g.name}`);
    expect(seen).toContain(`${s.url}/api/projects/owned/|Translate`);
    expect(seen.some((g) => g.includes('/projects/other/'))).toBe(false);
    expect(seen).not.toContain('|Managers');

    // A new team of her project: project selection is forced to the project.
    const team = await json(
      await s.api('/api/groups/', {
        method: 'POST',
        token: ownerToken,
        json: { name: 'Czech team', defining_project: `${s.url}/api/projects/owned/`, project_selection: 1, language_selection: 0 },
      }),
      201,
    );
    expect(team.project_selection).toBe(0);
    expect(team.projects).toEqual([`${s.url}/api/projects/owned/`]);
    const translate = await roleNamed('Translate');
    await json(await s.api(`${team.url}roles/`, { method: 'POST', token: ownerToken, json: { role_id: translate.id } }), 200);
    await json(await s.api(`${team.url}languages/`, { method: 'POST', token: ownerToken, json: { language_code: 'cs' } }), 200);
    await json(await s.api(`${team.url}`, { method: 'PATCH', token: ownerToken, json: { name: 'Czech translators' } }), 200);
    // Roles with site-wide permissions stay out of project teams.
    const creatorsRole = await roleNamed('Add new projects');
    await json(await s.api(`${team.url}roles/`, { method: 'POST', token: ownerToken, json: { role_id: creatorsRole.id } }), 400);

    // Not: site-wide teams, teams of other projects (whether or not the project exists), the built-in teams.
    await json(await s.api('/api/groups/', { method: 'POST', token: ownerToken, json: { name: 'Everyone' } }), 403);
    await json(await s.api('/api/groups/', { method: 'POST', token: ownerToken, json: { name: 'X', defining_project: `${s.url}/api/projects/other/` } }), 403);
    await json(await s.api('/api/groups/', { method: 'POST', token: ownerToken, json: { name: 'X', defining_project: `${s.url}/api/projects/nope/` } }), 403);
    const managers = await groupNamed('Managers', null);
    await json(await s.api(`/api/groups/${managers.id}/`, { method: 'PATCH', token: ownerToken, json: { enforced_2fa: true } }), 404);
    const otherTranslate = await groupNamed('Translate', 'other');
    await json(await s.api(`/api/groups/${otherTranslate.id}/roles/`, { method: 'POST', token: ownerToken, json: { role_id: translate.id } }), 404);

    // Members: she adds a translator to her team; the translator is then limited to Czech.
    const ivanToken = await s.createUser('ivan');
    await json(await s.api('/api/users/ivan/groups/', { method: 'POST', token: ownerToken, json: { group_id: team.id } }), 200);
    await json(await s.api('/api/users/ivan/groups/', { method: 'POST', token: ownerToken, json: { group_id: managers.id } }), 403);
    await json(await s.api('/api/users/ivan/groups/', { method: 'POST', token: ownerToken, json: { group_id: otherTranslate.id } }), 403);
    await json(await s.api('/api/projects/owned/', { token: ivanToken }), 200);

    const units = await list('/api/translations/owned/app/cs/units/', ivanToken);
    const open = units.find((u) => u.source[0] === 'Open');
    await json(await s.api(`/api/units/${open.id}/`, { method: 'PATCH', token: ivanToken, json: { target: ['Otevřít'], state: 20 } }), 200);
    const deUnit = (await list('/api/translations/owned/app/de/units/', ivanToken)).find((u) => u.source[0] === 'Open');
    await json(await s.api(`/api/units/${deUnit.id}/`, { method: 'PATCH', token: ivanToken, json: { target: ['Öffnen'], state: 20 } }), 403);

    // Removing the team takes its rights away.
    await json(await s.api(team.url, { method: 'DELETE', token: ownerToken }), 204);
    await json(await s.api('/api/projects/owned/', { token: ivanToken }), 404);
  });

  it('keeps a language-limited team to its languages when adding, downloading and removing translations', async () => {
    const token = await s.createUser('lena');
    const team = await json(
      await s.api('/api/groups/', { method: 'POST', token: ownerToken, json: { name: 'Languages cs', defining_project: `${s.url}/api/projects/owned/`, language_selection: 0 } }),
      201,
    );
    const languages = await roleNamed('Manage languages');
    await json(await s.api(`${team.url}roles/`, { method: 'POST', token: ownerToken, json: { role_id: languages.id } }), 200);
    await json(await s.api(`${team.url}languages/`, { method: 'POST', token: ownerToken, json: { language_code: 'cs' } }), 200);
    await json(await s.api(`${team.url}languages/`, { method: 'POST', token: ownerToken, json: { language_code: 'fr' } }), 200);
    await json(await s.api('/api/users/lena/groups/', { method: 'POST', token: ownerToken, json: { group_id: team.id } }), 200);

    expect((await s.api('/api/translations/owned/app/cs/file/', { token })).status).toBe(200);
    expect((await s.api('/api/translations/owned/app/de/file/', { token })).status).toBe(403);
    const add = (code: string) => s.api('/api/components/owned/app/translations/', { method: 'POST', token, json: { language_code: code } });
    expect((await add('it')).status).toBe(403);
    await json(await add('fr'), 201);
    expect((await s.api('/api/translations/owned/app/de/', { method: 'DELETE', token })).status).toBe(403);
    expect((await s.api('/api/translations/owned/app/fr/', { method: 'DELETE', token })).status).toBe(204);
  });

  it('lets team administrators manage the members of their team', async () => {
    const token = await s.createUser('tara');
    await s.createUser('tim');
    const reviewers = await groupNamed('Reviewers', null);
    const viewers = await groupNamed('Viewers', null);
    const tara = await json(await s.api('/api/users/tara/'), 200);
    expect(await json(await s.api(`/api/groups/${reviewers.id}/admins/`, { method: 'POST', json: { user_id: tara.id } }), 200)).toEqual({ detail: 'Administration rights granted.' });
    // The team she administers is visible to her and she manages who is in it.
    expect((await list('/api/groups/', token)).map((g) => g.id)).toContain(reviewers.id);
    await json(await s.api('/api/users/tim/groups/', { method: 'POST', token, json: { group_id: reviewers.id } }), 200);
    const tim = await json(await s.api('/api/users/tim/'), 200);
    expect(tim.groups).toContain(`${s.url}/api/groups/${reviewers.id}/`);
    await json(await s.api('/api/users/tim/groups/', { method: 'DELETE', token, json: { group_id: reviewers.id } }), 200);
    // But not the team itself, nor other teams.
    await json(await s.api(`/api/groups/${reviewers.id}/`, { method: 'PATCH', token, json: { enforced_2fa: true } }), 403);
    await json(await s.api('/api/users/tim/groups/', { method: 'DELETE', token, json: { group_id: viewers.id } }), 403);
  });

  it('records every change to teams, roles and memberships in the audit log', async () => {
    const entries = await list('/api/users/olga/audit/', ownerToken);
    const activities = entries.map((e) => e.activity);
    for (const a of ['team.created', 'team.role-added', 'team.language-added', 'team.updated', 'team.member-added', 'team.removed']) expect(activities).toContain(a);
    const added = entries.find((e) => e.activity === 'team.member-added' && e.user === 'ivan');
    expect(added).toMatchObject({ actor: 'olga', details: { team: 'Czech translators' } });
    // Newest first.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    // The subject sees it too; other users and anonymous callers do not.
    expect((await list('/api/users/ivan/audit/')).map((e) => e.activity)).toContain('team.member-added');
    const outsider = await s.createUser('outsider');
    expect((await s.api('/api/users/olga/audit/', { token: outsider })).status).toBe(403);
    expect((await s.api('/api/users/olga/audit/', { token: null })).status).toBe(404);
    // Role changes by site-wide managers are recorded as theirs.
    const role = await json(await s.api('/api/roles/', { method: 'POST', json: { name: 'Audited', permissions: ['unit.edit'] } }), 201);
    await json(await s.api(role.url, { method: 'PATCH', json: { permissions: ['unit.review'] } }), 200);
    await json(await s.api(role.url, { method: 'DELETE' }), 204);
    const mine = (await list('/api/users/admin/audit/')).filter((e) => e.role_id === role.id).map((e) => e.activity);
    expect(mine).toEqual(['role.removed', 'role.updated', 'role.created']);
  });
});
