// The site-wide team pages over HTTP as a browser uses them: a team created with a role and a language is what the teams API
// shows, members are added and removed, refusals are shown next to their field with the values kept, and the pages and
// their forms are for team managers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

interface ApiGroup {
  id: number;
  name: string;
  roles: string[];
  languages: string[];
  projects: string[];
  components: string[];
  componentlists: string[];
  project_selection: number;
  language_selection: number;
}

describe.each(DIALECTS)('site-wide team pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let tereza: UiSession;
  let roleId: number;

  const groups = async () => ((await (await s.api('/api/groups/?page_size=1000')).json()) as { results: ApiGroup[] }).results;
  const teamsOf = async (username: string) => ((await (await s.api(`/api/users/${username}/`)).json()) as { groups: string[] }).groups;

  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'tereza');
    await userWithPassword(s, 'pavel');
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop', 'app')).status).toBe(201);
    admin = await signIn(s, 'admin');
    tereza = await signIn(s, 'tereza');
    const roles = ((await (await s.api('/api/roles/?page_size=1000')).json()) as { results: { id: number; name: string }[] }).results;
    roleId = roles.find((r) => r.name === 'Review strings')!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('creates a team, gives it a role, a language, a project, a component and a component list as the teams API shows them', async () => {
    const list = await admin.get('/manage/teams/');
    expect(list.status).toBe(200);
    expect(list.html).toContain('>Guests</a>');
    expect((await admin.get('/manage/')).html).toContain('href="/manage/teams/" id="manage-teams"');

    const created = await admin.post('/manage/teams/', { name: 'Czech reviewers', project_selection: '0', language_selection: '0' }, { from: '/manage/teams/' });
    expect(created.status, created.html).toBe(303);
    const id = /^\/manage\/teams\/(\d+)\/\?done=team_created$/.exec(created.location ?? '')?.[1];
    expect(id).toBeTruthy();
    const base = `/manage/teams/${id}/`;
    expect((await admin.get(created.location!)).html).toContain('The team is created.');

    expect(await admin.post(`${base}roles/`, { action: 'add', role_id: String(roleId) }, { from: base })).toMatchObject({ status: 303 });
    expect(await admin.post(`${base}languages/`, { action: 'add', language_code: 'cs' }, { from: base })).toMatchObject({ status: 303 });
    const shop = ((await (await s.api('/api/projects/shop/')).json()) as { id: number }).id;
    expect(await admin.post(`${base}projects/`, { action: 'add', project_id: String(shop) }, { from: base })).toMatchObject({ status: 303 });
    expect(await admin.post(`${base}components/`, { action: 'add', component: 'shop/app' }, { from: base })).toMatchObject({ status: 303 });
    const featured = (await (await s.api('/api/component-lists/', { method: 'POST', json: { name: 'Featured', slug: 'featured' } })).json()) as { id: number };
    expect(await admin.post(`${base}componentlists/`, { action: 'add', component_list_id: String(featured.id) }, { from: base })).toMatchObject({ status: 303 });
    const team = (await groups()).find((g) => g.name === 'Czech reviewers')!;
    expect(team).toMatchObject({ id: Number(id), project_selection: 0, language_selection: 0 });
    expect(team.roles).toEqual([`${s.url}/api/roles/${roleId}/`]);
    expect(team.languages).toEqual([`${s.url}/api/languages/cs/`]);
    expect(team.projects).toEqual([`${s.url}/api/projects/shop/`]);
    expect(team.components).toEqual([`${s.url}/api/components/shop/app/`]);
    expect(team.componentlists).toEqual([`${s.url}/api/component-lists/featured/`]);
    const page = await admin.get(base);
    expect(page.html).toContain('Review strings');
    expect(page.html).toContain('Czech (cs)');

    // An unknown component is refused next to the field, the path kept.
    const unknown = await admin.post(`${base}components/`, { action: 'add', component: 'shop/nothing' }, { from: base });
    expect(unknown.status).toBe(400);
    expect(fieldError(unknown.html, 'component')).toBeTruthy();
    expect(fieldValue(unknown.html, 'component')).toBe('shop/nothing');

    // Removing takes the role away again.
    expect(await admin.post(`${base}roles/`, { action: 'remove', key: String(roleId) }, { from: base })).toMatchObject({ status: 303 });
    expect((await groups()).find((g) => g.name === 'Czech reviewers')!.roles).toEqual([]);

    // Renaming through the settings form, and a name another team has is refused next to the field with the values kept.
    expect(await admin.post(base, { name: 'Czech review team', project_selection: '0', language_selection: '1' }, { from: base })).toMatchObject({ status: 303, location: `${base}?done=team_saved` });
    expect((await groups()).find((g) => g.id === Number(id))).toMatchObject({ name: 'Czech review team', language_selection: 1 });
    const taken = await admin.post(base, { name: 'Guests', project_selection: '0', language_selection: '0' }, { from: base });
    expect(taken.status).toBe(400);
    expect(fieldError(taken.html, 'name')).toBeTruthy();
    expect(fieldValue(taken.html, 'name')).toBe('Guests');
  });

  it('adds and removes members, and refuses a name already taken on creation with the values kept', async () => {
    const created = await admin.post('/manage/teams/', { name: 'Translators', project_selection: '1', language_selection: '1' }, { from: '/manage/teams/' });
    const base = created.location!.split('?')[0]!;
    const added = await admin.post(`${base}members/`, { action: 'add', username: 'pavel' }, { from: base });
    expect(added).toMatchObject({ status: 303 });
    expect(await teamsOf('pavel')).toContain(`${s.url}/api/groups/${base.split('/')[3]}/`);
    expect((await admin.get(base)).html).toMatch(/<ul id="team-members"><li>pavel/);

    const nobody = await admin.post(`${base}members/`, { action: 'add', username: 'nobody-here' }, { from: base });
    expect(nobody.status).toBe(400);
    expect(fieldError(nobody.html, 'username')).toContain('nobody-here');
    expect(fieldValue(nobody.html, 'username')).toBe('nobody-here');

    expect(await admin.post(`${base}members/`, { action: 'remove', key: 'pavel' }, { from: base })).toMatchObject({ status: 303 });
    expect(await teamsOf('pavel')).not.toContain(`${s.url}/api/groups/${base.split('/')[3]}/`);

    const taken = await admin.post('/manage/teams/', { name: 'Translators', project_selection: '3', language_selection: '1' }, { from: '/manage/teams/' });
    expect(taken.status).toBe(400);
    expect(fieldError(taken.html, 'name')).toBeTruthy();
    expect(fieldValue(taken.html, 'name')).toBe('Translators');
    expect(taken.html).toContain('<option value="3" selected>');
    expect((await groups()).filter((g) => g.name === 'Translators')).toHaveLength(1);
  });

  it('deletes a team after its name is typed', async () => {
    const created = await admin.post('/manage/teams/', { name: 'Short lived', project_selection: '0', language_selection: '0' }, { from: '/manage/teams/' });
    const base = created.location!.split('?')[0]!;
    const wrong = await admin.post(`${base}delete/`, { confirm: 'Short' }, { from: base });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toBeTruthy();
    expect((await groups()).some((g) => g.name === 'Short lived')).toBe(true);
    expect(await admin.post(`${base}delete/`, { confirm: 'Short lived' }, { from: base })).toMatchObject({ status: 303, location: '/manage/teams/?done=team_deleted' });
    expect((await groups()).some((g) => g.name === 'Short lived')).toBe(false);
  });

  it('is for team managers: others get 403 and change nothing, and a form without its CSRF token is refused', async () => {
    const guests = (await groups()).find((g) => g.name === 'Guests')!;
    for (const path of ['/manage/teams/', `/manage/teams/${guests.id}/`]) expect((await tereza.get(path)).status, path).toBe(403);
    expect((await tereza.post('/manage/teams/', { name: 'Sneaky', project_selection: '1', language_selection: '1' })).status).toBe(403);
    expect((await tereza.post(`/manage/teams/${guests.id}/members/`, { action: 'add', username: 'tereza' })).status).toBe(403);
    expect((await groups()).some((g) => g.name === 'Sneaky')).toBe(false);
    expect(await teamsOf('tereza')).not.toContain(`${s.url}/api/groups/${guests.id}/`);

    const res = await fetch(`${s.url}/manage/teams/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: admin.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'No token', project_selection: '1', language_selection: '1' }),
    });
    expect(res.status).toBe(403);
    expect((await groups()).some((g) => g.name === 'No token')).toBe(false);
  });
});
