// Access control from teams: private projects, per-project teams, language-limited teams
// and global permissions from team roles; on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('permissions from teams on %s', (dialect) => {
  let s: TestServer;
  const all = async (path: string, token?: string | null) => {
    const res = await s.api(`${path}${path.includes('?') ? '&' : '?'}page_size=1000`, { token });
    expect(res.status).toBe(200);
    return (await res.json()).results as any[];
  };
  const projectTeam = async (project: string, name: string) =>
    (await all('/api/groups/')).find((g) => g.name === name && g.defining_project === `${s.url}/api/projects/${project}/`);
  const unitOf = async (project: string, lang: string, token?: string | null) => {
    const units = await all(`/api/translations/${project}/app/${lang}/units/`, token);
    return units.find((u) => u.source[0] === 'Open');
  };
  const join = (user: string, groupId: number) => s.api(`/api/users/${user}/groups/`, { method: 'POST', json: { group_id: groupId } });
  const patch = (id: number, target: string, token: string) => s.api(`/api/units/${id}/`, { method: 'PATCH', json: { target: [target], state: 20 }, token });

  beforeAll(async () => {
    s = await startServer(dialect);
    for (const slug of ['secret', 'closed']) {
      expect((await createProject(s, slug, { access_control: 100 })).status).toBe(201);
      expect((await createPoComponent(s, slug)).status).toBe(201);
    }
  });
  afterAll(() => s.close());

  it('hides a private project until the user joins its Translate team, which grants unit.edit only', async () => {
    const token = await s.createUser('pat');
    expect((await s.api('/api/projects/secret/', { token })).status).toBe(404);
    expect((await s.api('/api/projects/secret/', { token: null })).status).toBe(404);
    expect((await s.api('/api/projects/secret/components/app/', { token })).status).toBe(404);
    expect((await all('/api/projects/', token)).map((p) => p.slug)).not.toContain('secret');

    const translate = await projectTeam('secret', 'Translate');
    expect(translate).toBeDefined();
    expect((await join('pat', translate.id)).status).toBe(200);

    expect((await s.api('/api/projects/secret/', { token })).status).toBe(200);
    expect((await all('/api/projects/', token)).map((p) => p.slug)).toEqual(['secret']);
    const unit = await unitOf('secret', 'cs', token);
    const res = await patch(unit.id, 'Otevřít', token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await s.api('/api/projects/secret/', { method: 'DELETE', token })).status).toBe(403);
    expect((await s.api('/api/projects/secret/', { method: 'PATCH', json: { web: 'https://example.org/' }, token })).status).toBe(403);
    // Still invisible to others.
    expect((await s.api('/api/projects/secret/', { token: null })).status).toBe(404);
    expect((await s.api('/api/projects/closed/', { token })).status).toBe(404);
  });

  it('limits a language-limited team to its languages', async () => {
    const token = await s.createUser('lin');
    const created = await s.api('/api/groups/', { method: 'POST', json: { name: 'Czech translators', project_selection: 0, language_selection: 0 } });
    expect(created.status, await created.clone().text()).toBe(201);
    const group = await created.json();
    const translate = (await all('/api/roles/')).find((r) => r.name === 'Translate');
    const closed = await (await s.api('/api/projects/closed/')).json();
    expect((await s.api(`${group.url}roles/`, { method: 'POST', json: { role_id: translate.id } })).status).toBe(200);
    expect((await s.api(`${group.url}projects/`, { method: 'POST', json: { project_id: closed.id } })).status).toBe(200);
    expect((await s.api(`${group.url}languages/`, { method: 'POST', json: { language_code: 'cs' } })).status).toBe(200);
    expect((await s.api('/api/projects/closed/', { token })).status).toBe(404);
    expect((await join('lin', group.id)).status).toBe(200);

    expect((await s.api('/api/projects/closed/', { token })).status).toBe(200);
    let res = await patch((await unitOf('closed', 'cs', token)).id, 'Otevřít', token);
    expect(res.status, await res.clone().text()).toBe(200);
    res = await patch((await unitOf('closed', 'de', token)).id, 'Öffnen', token);
    expect(res.status).toBe(403);
  });

  it('grants global permissions from team roles', async () => {
    const token = await s.createUser('cara');
    const create = () => s.api('/api/projects/', { method: 'POST', json: { name: 'Mine', slug: 'mine', web: 'https://example.com/' }, token });
    expect((await create()).status).toBe(403);
    const creators = (await all('/api/groups/')).find((g) => g.name === 'Project creators' && g.defining_project === null);
    expect((await join('cara', creators.id)).status).toBe(200);
    expect((await create()).status).toBe(201);
  });
});
