// Users, tokens and the language database over HTTP, on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('users and languages on %s', (dialect) => {
  let s: TestServer;
  let janeToken: string;
  beforeAll(async () => {
    s = await startServer(dialect);
    janeToken = await s.createUser('jane');
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
  });
  afterAll(() => s.close());

  it('lists users by who is asking', async () => {
    expect((await (await s.api('/api/users/', { token: null })).json()).count).toBe(0);
    const self = await (await s.api('/api/users/', { token: janeToken })).json();
    expect(self.results).toEqual([expect.objectContaining({ username: 'jane', email: 'jane@example.com', is_superuser: false, url: `${s.url}/api/users/jane/` })]);
    const search = await (await s.api('/api/users/?username=ad', { token: janeToken })).json();
    expect(search.results).toEqual([{ id: expect.any(Number), full_name: 'admin', username: 'admin' }]);
    const all = await (await s.api('/api/users/')).json();
    // The anonymous user's row comes first: it is created with the database.
    expect(all.results.map((u: any) => u.username)).toEqual(['anonymous', 'admin', 'jane']);
    expect((await s.api('/api/users/jane/', { token: null })).status).toBe(404);
    expect(await (await s.api('/api/users/admin/', { token: janeToken })).json()).toEqual({ id: expect.any(Number), full_name: 'admin', username: 'admin' });
  });

  it('creates, edits, deactivates users and manages tokens', async () => {
    const created = await s.api('/api/users/', { method: 'POST', json: { username: 'bob', full_name: 'Bob', email: 'bob@example.com' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ username: 'bob', is_active: true, is_bot: false, statistics_url: `${s.url}/api/users/bob/statistics/` });
    expect((await s.api('/api/users/', { method: 'POST', token: janeToken, json: { username: 'eve', email: 'eve@example.com', full_name: 'Eve' } })).status).toBe(403);
    const invalid = await s.api('/api/users/', { method: 'POST', json: { username: 'bob', email: 'not-an-email' } });
    expect((await invalid.json()).errors.map((e: any) => e.attr).sort()).toEqual(['email', 'username']);
    const token = await (await s.api('/api/users/bob/token/', { method: 'POST' })).json();
    expect(token.token).toMatch(/^plu_[A-Za-z0-9]{36}$/);
    const me = await (await s.api('/api/users/', { token: token.token })).json();
    expect(me.results[0].username).toBe('bob');
    const selfEdit = await s.api('/api/users/bob/', { method: 'PATCH', token: token.token, json: { full_name: 'Robert', is_superuser: true } });
    expect(await selfEdit.json()).toMatchObject({ full_name: 'Robert', is_superuser: false });
    expect((await s.api('/api/users/bob/', { method: 'PATCH', token: janeToken, json: { full_name: 'X' } })).status).toBe(403);
    const stats = await (await s.api('/api/users/bob/statistics/')).json();
    expect(stats).toEqual({ translated: 0, suggested: 0, uploaded: 0, commented: 0, languages: 0 });
    expect((await s.api('/api/users/bob/', { method: 'DELETE', token: janeToken })).status).toBe(403);
    expect((await s.api('/api/users/bob/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/users/bob/')).status).toBe(404);
    const wiped = (await (await s.api('/api/users/')).json()).results.find((u: any) => u.username.startsWith('deleted-'));
    expect(wiped).toMatchObject({ full_name: 'Deleted User', is_active: false });
    expect(wiped.email).not.toContain('bob');
    expect((await s.api('/api/users/', { token: token.token })).status).toBe(401);
  });

  it('serves the language database with plural rules', async () => {
    const all = await (await s.api('/api/languages/?page_size=1000')).json();
    expect(all.count).toBeGreaterThanOrEqual(400);
    const cs = await (await s.api('/api/languages/cs/')).json();
    expect(cs).toMatchObject({ code: 'cs', name: 'Czech', direction: 'ltr', plural: { number: 3 } });
    expect(cs.population).toBeGreaterThan(1_000_000);
    const ar = await (await s.api('/api/languages/ar/')).json();
    expect(ar).toMatchObject({ direction: 'rtl', plural: { number: 6 } });
    expect(ar.aliases).toContain('ara');
    const anon = await (await s.api('/api/languages/', { token: null })).json();
    expect(anon.results.map((l: any) => l.code).sort()).toEqual(['cs', 'de', 'en']);
    expect((await s.api('/api/languages/ar/', { token: null })).status).toBe(404);
  });

  it('lets administrators add, edit and delete languages, validating plural formulas', async () => {
    const bad = await s.api('/api/languages/', { method: 'POST', json: { code: 'x_test', name: 'Test', plural: { number: 2, formula: 'n > 1 ? 2 : 0' } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].attr).toBe('plural.formula');
    const evil = await s.api('/api/languages/', { method: 'POST', json: { code: 'x_test', name: 'Test', plural: { number: 2, formula: 'process.exit(1)' } } });
    expect(evil.status).toBe(400);
    const res = await s.api('/api/languages/', { method: 'POST', json: { code: 'x_test', name: 'Test', direction: 'rtl', plural: { number: 2, formula: 'n != 1' } } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ code: 'x_test', direction: 'rtl', plural: { number: 2, formula: 'n != 1' } });
    expect((await s.api('/api/languages/', { method: 'POST', json: { code: 'x_test', name: 'Again', plural: { number: 1, formula: '0' } } })).status).toBe(400);
    expect((await s.api('/api/languages/', { method: 'POST', token: janeToken, json: { code: 'y', name: 'Y', plural: { number: 1, formula: '0' } } })).status).toBe(403);
    const patched = await s.api('/api/languages/x_test/', { method: 'PATCH', json: { name: 'Renamed' } });
    expect(await patched.json()).toMatchObject({ name: 'Renamed', plural: { formula: 'n != 1' } });
    expect((await s.api('/api/languages/x_test/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/languages/cs/', { method: 'DELETE' })).status).toBe(400);
  });
});
