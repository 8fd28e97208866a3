// The anonymous user as the reference has it: a real, inactive account standing for visitors who are not signed
// in, shown and listed like other users, never changed (not its fields, its teams or its existence).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('the anonymous user (%s)', (dialect) => {
  let s: TestServer;
  let jane: string;

  const get = async (path: string, token?: string | null) => {
    const res = await s.api(path, { token });
    return { status: res.status, body: await res.json() };
  };
  const usernames = async (query: string, token?: string | null) => {
    const { body } = await get(`/api/users/${query}`, token);
    return { count: body.count as number, names: (body.results as { username: string }[]).map((u) => u.username) };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    jane = await s.createUser('jane');
    // Two project-token-like bots, one of them deactivated.
    await s.container.users.create({ username: 'bot-private-project-active', email: 'a@bots.example.com', full_name: 'Active project token', is_bot: true });
    await s.container.users.create({ username: 'bot-private-project-expired', email: 'b@bots.example.com', full_name: 'Expired project token', is_bot: true, is_active: false });
  });
  afterAll(() => s?.close());

  it('is shown to signed-in callers: the basic fields to users, everything to user managers', async () => {
    expect((await get('/api/users/anonymous/', null)).status).toBe(404);
    const basic = await get('/api/users/anonymous/', jane);
    expect(basic).toEqual({ status: 200, body: { id: expect.any(Number), full_name: 'Anonymous', username: 'anonymous' } });
    const full = await get('/api/users/anonymous/');
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      email: 'noreply@parla.invalid',
      full_name: 'Anonymous',
      username: 'anonymous',
      is_superuser: false,
      is_active: false,
      is_bot: false,
      last_login: null,
      url: `${s.url}/api/users/anonymous/`,
    });
    expect(full.body.profile).toMatchObject({ languages: [], watched: [], translated: 0 });
  });

  it('is in the user list and its filters', async () => {
    const rows = await s.container.database.db.selectFrom('users').select('id').execute();
    expect((await usernames('')).count).toBe(rows.length);
    expect((await usernames('?username=')).count).toBe(rows.length);
    expect(await usernames('?username=anonymous')).toEqual({ count: 1, names: ['anonymous'] });
    expect((await usernames('?username=a')).names.sort()).toEqual(['admin', 'anonymous']);
    expect(await usernames('?email=NOREPLY@parla.invalid')).toEqual({ count: 1, names: ['anonymous'] });
    // Users find it by a prefix of two characters or more, like anybody else; shorter prefixes find nobody.
    expect(await usernames('?username=anonymous', jane)).toEqual({ count: 1, names: ['anonymous'] });
    expect((await get('/api/users/?username=an', jane)).body.results).toEqual([{ id: expect.any(Number), full_name: 'Anonymous', username: 'anonymous' }]);
    expect(await usernames('?username=', jane)).toEqual({ count: 0, names: [] });
    expect(await usernames('?username=a', jane)).toEqual({ count: 0, names: [] });
    expect(await usernames('', jane)).toEqual({ count: 1, names: ['jane'] });
    // The e-mail filter is for user managers: others get themselves.
    expect(await usernames('?email=noreply@parla.invalid', jane)).toEqual({ count: 1, names: ['jane'] });
    expect(await usernames('?username=anonymous&email=wrong@example.org', jane)).toEqual({ count: 1, names: ['anonymous'] });
    expect(await usernames('?username=anonymous', null)).toEqual({ count: 0, names: [] });
    expect(await usernames('?email=noreply@parla.invalid', null)).toEqual({ count: 0, names: [] });
  });

  it('leaves bots out of the searches of users who do not manage users', async () => {
    expect(await usernames('?username=bot-private-project', jane)).toEqual({ count: 0, names: [] });
    expect((await usernames('?username=bot-private-project')).count).toBe(2);
    expect((await get('/api/users/bot-private-project-active/', jane)).body).toEqual({ id: expect.any(Number), full_name: 'Active project token', username: 'bot-private-project-active' });
    const bot = await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'bot-private-project-active').executeTakeFirstOrThrow();
    const botToken = await s.container.users.rotateToken(bot.id);
    expect(await usernames('?username=bot-private-project', botToken)).toEqual({ count: 1, names: ['bot-private-project-active'] });
  });

  it('is never changed, not even by a superuser', async () => {
    const refused = { type: 'client_error', errors: [{ code: 'permission_denied', detail: 'This user can not be edited.', attr: null }] };
    for (const token of [undefined, jane]) {
      const patch = await s.api('/api/users/anonymous/', { method: 'PATCH', token, json: { full_name: 'Other' } });
      expect(patch.status).toBe(403);
      const put = await s.api('/api/users/anonymous/', { method: 'PUT', token, json: { full_name: 'Name', username: 'apitest2', email: 'apitest2@example.org', is_active: true } });
      expect(put.status).toBe(403);
      expect((await s.api('/api/users/anonymous/', { method: 'DELETE', token })).status).toBe(403);
    }
    const patch = await s.api('/api/users/anonymous/', { method: 'PATCH', json: { full_name: 'Other' } });
    expect(await patch.json()).toMatchObject(refused);
    const profile = await s.api('/api/users/anonymous/', { method: 'PATCH', json: { profile: { theme: 'dark' } } });
    expect(profile.status).toBe(403);
    const after = (await get('/api/users/anonymous/')).body;
    expect(after).toMatchObject({ full_name: 'Anonymous', username: 'anonymous', is_active: false, profile: { theme: 'auto' } });
    expect((await get('/api/users/apitest2/')).status).toBe(404);
  });

  it('is added to no team', async () => {
    const groups = (await get('/api/groups/?page_size=1000')).body.results as { id: number; name: string }[];
    const managers = groups.find((g) => g.name === 'Managers') ?? groups[0];
    const add = await s.api('/api/users/anonymous/groups/', { method: 'POST', json: { group_id: managers.id } });
    expect(add.status).toBe(403);
    expect((await add.json()).detail).toBe('This user can not be edited.');
    const form = new FormData();
    form.append('group_id', String(managers.id));
    expect((await s.api('/api/users/anonymous/groups/', { method: 'POST', body: form })).status).toBe(403);
    expect((await get('/api/users/anonymous/')).body.groups).not.toContain(`${s.url}/api/groups/${managers.id}/`);
  });

  it('keeps its name: nobody else can take it', async () => {
    const res = await s.api('/api/users/', { method: 'POST', json: { username: 'anonymous', email: 'someone@example.com', full_name: 'Someone' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ code: 'unique', detail: 'A user with that username already exists.', attr: 'username' }]);
  });
});
