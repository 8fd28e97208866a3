// /access/<project>/ over HTTP as a browser uses it: a project administrator sees the teams and members, adds, removes and
// invites people and makes and revokes project tokens with the API's effects; refusals come back next to the field; others get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

describe.each(DIALECTS)('project access page (%s)', (dialect) => {
  let s: TestServer;
  let olga: UiSession;
  let tom: UiSession;
  let teams: Record<string, number>;

  const get = (path: string, session: UiSession | null = olga) => (session ?? anonymous(s)).get(path);
  /** Posts one of the page's forms with the CSRF token of the signed-in page (the dashboard, for those who may not see the access page). */
  const post = (action: string, fields: Record<string, string>, session = olga) => session.post(`/access/shop/${action}`, fields);
  const groupsOf = async (username: string): Promise<string[]> => (await (await s.api(`/api/users/${username}/`)).json()).groups;
  const groupUrl = (id: number) => `${s.url}/api/groups/${id}/`;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop', { access_control: 1 })).status).toBe(201);
    for (const name of ['olga', 'tom', 'pia']) await userWithPassword(s, name);
    const all = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    teams = Object.fromEntries(all.filter((g) => g.defining_project === `${s.url}/api/projects/shop/`).map((g) => [g.name, g.id]));
    expect(teams.Administration).toBeTypeOf('number');
    expect(teams.Translate).toBeTypeOf('number');
    expect((await s.api('/api/users/olga/groups/', { method: 'POST', json: { group_id: teams.Administration } })).status).toBe(200);
    olga = await signIn(s, 'olga');
    tom = await signIn(s, 'tom');
  });
  afterAll(() => s?.close());

  it('shows the project teams with their roles, languages and members to the project administrator, and links to it', async () => {
    const page = await get('/access/shop/');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`id="team-${teams.Administration}-name">Administration</h3>`);
    expect(page.html).toContain(`id="team-${teams.Translate}-name">Translate</h3>`);
    const admin = page.html.slice(page.html.indexOf(`id="team-${teams.Administration}"`), page.html.indexOf(`id="team-${teams.Translate}"`));
    expect(admin).toContain('href="/user/olga/">olga</a>');
    expect(admin).toContain('<dt>Roles</dt><dd>Administration</dd>');
    expect(admin).toContain('<dt>Languages</dt><dd>All languages</dd>');
    expect(page.html).toContain('id="no-tokens"');
    expect((await get('/projects/shop/')).html).toContain('href="/access/shop/" id="project-access-link"');
    expect((await get('/projects/shop/', tom)).html).not.toContain('project-access-link');
  });

  it('lists the site-wide teams that name the project to those the teams API shows them to', async () => {
    const created = await s.api('/api/groups/', { method: 'POST', json: { name: 'Agency', project_selection: 0, language_selection: 0 } });
    expect(created.status).toBe(201);
    const agency = (await created.json()).id as number;
    const shop = (await (await s.api('/api/projects/shop/')).json()).id as number;
    expect((await s.api(`/api/groups/${agency}/projects/`, { method: 'POST', json: { project_id: shop } })).status).toBe(200);
    expect((await s.api(`/api/groups/${agency}/languages/`, { method: 'POST', json: { language_code: 'cs' } })).status).toBe(200);
    expect((await s.api('/api/users/pia/groups/', { method: 'POST', json: { group_id: agency } })).status).toBe(200);
    // Olga administers the project, not this team, and the teams API does not show it to her: neither does the page.
    expect((await get('/access/shop/')).html).not.toContain(`id="team-${agency}"`);
    const refused = await post('add/', { user: 'tom', group: String(agency) });
    expect(refused.status).toBe(403);
    expect(await groupsOf('tom')).not.toContain(groupUrl(agency));
    // A site-wide team manager sees it after the project's own teams, with what it grants and its members.
    const res = await fetch(`${s.url}/access/shop/`, { headers: { Authorization: `Token ${s.adminToken}` } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html.indexOf(`id="team-${agency}"`)).toBeGreaterThan(html.indexOf(`id="team-${teams.Translate}"`));
    const section = html.slice(html.indexOf(`id="team-${agency}"`));
    expect(section).toContain('Agency <span class="muted">(site-wide team)</span>');
    expect(section).toContain('<dt>Languages</dt><dd>Czech</dd>');
    expect(section).toContain('href="/user/pia/">pia</a>');
    expect(html).toContain(`<option value="${agency}">Agency</option>`);
    expect((await s.api(`/api/users/pia/groups/`, { method: 'DELETE', json: { group_id: agency } })).status).toBe(200);
  });

  it('refuses everybody else with a 403 page, and their forms too', async () => {
    expect((await get('/access/shop/', tom)).status).toBe(403);
    expect((await get('/access/shop/', null)).status).toBe(403);
    expect((await get('/access/nope/')).status).toBe(404);
    const add = await post('add/', { user: 'tom', group: String(teams.Administration) }, tom);
    expect(add.status).toBe(403);
    expect(await groupsOf('tom')).not.toContain(groupUrl(teams.Administration!));
    expect((await post('tokens/', { name: 'Sneaky' }, tom)).status).toBe(403);
    expect((await post('invite/', { email: 'x@example.net', invite_group: String(teams.Administration) }, tom)).status).toBe(403);
    // A form without the session's CSRF token is refused.
    const res = await fetch(`${s.url}/access/shop/tokens/`, { method: 'POST', redirect: 'manual', headers: { Cookie: olga.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=NoCsrf' });
    expect(res.status).toBe(403);
  });

  it('adds a member by username or e-mail address and removes one, as the users API does', async () => {
    expect(await post('add/', { user: 'pia', group: String(teams.Translate) })).toMatchObject({ status: 303, location: '/access/shop/?done=added' });
    expect(await groupsOf('pia')).toContain(groupUrl(teams.Translate!));
    expect((await get('/access/shop/?done=added')).html).toContain('The member is added to the team.');
    expect(await post('add/', { user: 'TOM@example.com', group: String(teams.Review) })).toMatchObject({ status: 303 });
    expect(await groupsOf('tom')).toContain(groupUrl(teams.Review!));
    const page = await get('/access/shop/');
    expect(page.html).toContain(`id="remove-${teams.Translate}-pia"`);

    expect(await post('remove/', { user: 'pia', group: String(teams.Translate) })).toMatchObject({ status: 303, location: '/access/shop/?done=removed' });
    expect(await groupsOf('pia')).not.toContain(groupUrl(teams.Translate!));
  });

  it('shows an unknown user next to the field, with the values kept', async () => {
    const res = await post('add/', { user: 'nobody-here', group: String(teams.Translate) });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/<p class="error field-error" id="id_user_error">No account has the username or e-mail address &quot;nobody-here&quot;\.<\/p>/);
    expect(res.html).toContain('id="id_user" name="user" value="nobody-here"');
    expect(res.html).toContain('aria-describedby="id_user_error"');
    expect(res.html).toMatch(new RegExp(`<option value="${teams.Translate}" selected>Translate</option>`));
    const empty = await post('add/', { user: '', group: String(teams.Translate) });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('id="id_user_error">Enter a username or an e-mail address.');
  });

  it('invites a new address and joins an existing account, through the invitation service', async () => {
    const invited = await post('invite/', { email: 'newcomer@example.net', invite_group: String(teams.Translate) });
    expect(invited).toMatchObject({ status: 303, location: '/access/shop/?done=invited' });
    expect((await get(invited.location!)).html).toContain('An invitation is on its way');
    const joined = await post('invite/', { email: 'pia@example.com', invite_group: String(teams.Translate) });
    expect(joined).toMatchObject({ status: 303, location: '/access/shop/?done=joined' });
    expect(await groupsOf('pia')).toContain(groupUrl(teams.Translate!));
    const outbox = await s.api('/manage/mail/');
    expect(await outbox.text()).toContain('newcomer@example.net');

    const bad = await post('invite/', { email: 'not an address', invite_group: String(teams.Translate) });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="id_email_error"');
    expect(bad.html).toContain('value="not an address"');
  });

  it('creates a project token shown once, lists it and revokes it', async () => {
    const created = await post('tokens/', { name: 'CI upload', expires: '' });
    expect(created.status).toBe(200);
    const token = /<code id="project-token-value">([^<]+)<\/code>/.exec(created.html)?.[1];
    expect(token).toMatch(/^plp_/);
    // The token works on the API as its bot, and the page never shows it again.
    expect((await s.api('/api/projects/shop/tokens/', { token })).status).toBe(200);
    const page = await get('/access/shop/');
    expect(page.html).not.toContain(token);
    expect(page.html).toContain('<td>CI upload</td>');
    const id = (await (await s.api('/api/projects/shop/tokens/')).json()).results[0].id as number;

    expect(await post('revoke/', { token: String(id) })).toMatchObject({ status: 303, location: '/access/shop/?done=revoked' });
    expect((await (await s.api('/api/projects/shop/tokens/')).json()).count).toBe(0);
    expect((await s.api('/api/projects/shop/tokens/', { token })).status).toBe(401);
  });

  it('shows a refused token next to its field with the values kept', async () => {
    const noName = await post('tokens/', { name: '  ', expires: '' });
    expect(noName.status).toBe(400);
    expect(noName.html).toContain('id="id_name_error">This field is required.');
    const past = await post('tokens/', { name: 'Old', expires: '2001-01-01' });
    expect(past.status).toBe(400);
    expect(past.html).toContain('id="id_expires_error">The expiry date must not be in the past.');
    expect(past.html).toContain('id="id_name" name="name" value="Old"');
    expect(past.html).toContain('value="2001-01-01"');
    expect((await (await s.api('/api/projects/shop/tokens/')).json()).count).toBe(0);
  });
});
