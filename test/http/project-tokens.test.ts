// Project tokens: plp_ tokens of bot users in the project's Administration team, managed
// through Parla's own /api/projects/<p>/tokens/ endpoints; on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('project tokens on %s', (dialect) => {
  let s: TestServer;
  const create = (project: string, json: unknown, token?: string) => s.api(`/api/projects/${project}/tokens/`, { method: 'POST', json, token });
  const unitOf = async (project: string, token: string) => {
    const res = await s.api(`/api/translations/${project}/app/cs/units/?page_size=1000`, { token });
    expect(res.status).toBe(200);
    return ((await res.json()).results as any[]).find((u) => u.source[0] === 'Open');
  };
  const upload = (project: string, token: string) => {
    const form = new FormData();
    form.append('file', new Blob([CS_PO]), 'cs.po');
    form.append('method', 'translate');
    return s.api(`/api/translations/${project}/app/cs/file/`, { method: 'POST', body: form, token });
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    for (const slug of ['alpha', 'other']) {
      expect((await createProject(s, slug, { access_control: 100 })).status).toBe(201);
      expect((await createPoComponent(s, slug)).status).toBe(201);
    }
    expect((await createProject(s, 'custom', { access_control: 200 })).status).toBe(201);
  });
  afterAll(() => s.close());

  it('creates a token shown once, lists it without the secret, and the token works in its project only', async () => {
    const res = await create('alpha', { name: 'CI Sync' });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ name: 'CI Sync', username: 'bot-alpha-ci-sync', expires: null });
    expect(created.token).toMatch(/^plp_[A-Za-z0-9]{36}$/);

    const list = await (await s.api('/api/projects/alpha/tokens/')).json();
    expect(list.results).toEqual([{ id: created.id, name: 'CI Sync', username: 'bot-alpha-ci-sync', created: expect.any(String), expires: null }]);
    expect(JSON.stringify(list)).not.toContain(created.token);

    const bot = await (await s.api('/api/users/bot-alpha-ci-sync/')).json();
    expect(bot).toMatchObject({ is_bot: true, email: 'bot-alpha-ci-sync@bots.noreply.parla.invalid' });

    // A second token of the same name gets a suffixed username.
    const again = await (await create('alpha', { name: 'CI sync' })).json();
    expect(again.username).toMatch(/^bot-alpha-ci-sync-[0-9a-f]{4}$/);

    const token = created.token as string;
    const unit = await unitOf('alpha', token);
    const edited = await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 }, token });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const uploaded = await upload('alpha', token);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    expect((await s.api('/api/projects/other/', { token })).status).toBe(404);
    expect((await upload('other', token)).status).toBe(404);
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'X', slug: 'x', web: 'https://example.com/' }, token })).status).toBe(403);
    expect((await s.api('/api/users/', { method: 'POST', json: { username: 'eve', email: 'eve@example.com' }, token })).status).toBe(403);
  });

  it('validates the name and the expiry date', async () => {
    expect((await create('alpha', {})).status).toBe(400);
    expect((await create('alpha', { name: '' })).status).toBe(400);
    expect((await create('alpha', { name: 'Old', expires: '2000-01-01' })).status).toBe(400);
    expect((await create('alpha', { name: 'Bad', expires: 'soon' })).status).toBe(400);
    const res = await create('alpha', { name: 'Dated', expires: '2999-12-31' });
    expect(res.status).toBe(201);
    expect((await res.json()).expires).toBe('2999-12-31T23:59:59.999Z');
  });

  it('refuses an expired token with 401', async () => {
    const created = await (await create('alpha', { name: 'Short lived', expires: '2999-01-01' })).json();
    expect((await s.api('/api/projects/alpha/', { token: created.token })).status).toBe(200);
    const db = s.container.database.db;
    await db.updateTable('tokens').set({ expires: '2001-01-01T23:59:59.999Z' }).where('id', '=', created.id).execute();
    await db.updateTable('users').set({ date_expires: '2001-01-01T23:59:59.999Z' }).where('username', '=', created.username).execute();
    const res = await s.api('/api/projects/alpha/', { token: created.token });
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe('Invalid token.');
  });

  it('revokes a token and removes its bot', async () => {
    const created = await (await create('alpha', { name: 'Revoked' })).json();
    expect((await s.api('/api/projects/alpha/', { token: created.token })).status).toBe(200);
    expect((await s.api(`/api/projects/alpha/tokens/${created.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/projects/alpha/', { token: created.token })).status).toBe(401);
    expect((await s.api(`/api/users/${created.username}/`)).status).toBe(404);
    expect((await s.api(`/api/projects/alpha/tokens/${created.id}/`, { method: 'DELETE' })).status).toBe(404);
    // A token of another project cannot be removed through this one.
    const foreign = await (await create('other', { name: 'Foreign' })).json();
    expect((await s.api(`/api/projects/alpha/tokens/${foreign.id}/`, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps a bot in at least one team', async () => {
    const created = await (await create('alpha', { name: 'Teamed' })).json();
    const bot = await (await s.api(`/api/users/${created.username}/`)).json();
    expect(bot.groups).toHaveLength(1);
    const groupId = Number(String(bot.groups[0]).replace(/\/$/, '').split('/').pop());
    const res = await s.api(`/api/users/${created.username}/groups/`, { method: 'DELETE', json: { group_id: groupId } });
    expect(res.status).toBe(400);
  });

  it('refuses non-admins with 403 and creates an Administration team for custom access control', async () => {
    const token = await s.createUser('member');
    expect((await s.api('/api/projects/alpha/tokens/', { token })).status).toBe(404); // private: not even visible
    const publicRes = await createProject(s, 'open');
    expect(publicRes.status).toBe(201);
    expect((await s.api('/api/projects/open/tokens/', { token })).status).toBe(403);
    expect((await create('open', { name: 'Nope' }, token)).status).toBe(403);

    const created = await create('custom', { name: 'Custom bot' });
    expect(created.status, await created.clone().text()).toBe(201);
    const bot = await (await s.api(`/api/users/${(await created.json()).username}/`)).json();
    expect(bot.groups).toHaveLength(1);
  });

  it('removes the bots and tokens with their project', async () => {
    expect((await createProject(s, 'doomed')).status).toBe(201);
    const created = await (await create('doomed', { name: 'Doomed' })).json();
    expect((await s.api('/api/projects/doomed/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`/api/users/${created.username}/`)).status).toBe(404);
    expect((await s.api('/api/projects/', { token: created.token })).status).toBe(401);
  });
});
