// Browser sessions over HTTP on every database: password login, the cookie, CSRF for cookie writes, logout, expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { sha256Hex } from '../../src/shared/hashing.js';

const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';

interface Login {
  res: Response;
  cookie: string;
  token: string;
  csrf: string;
}

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let s: TestServer;
  let janeToken: string;

  /** fetch with the given session cookie and no Authorization header unless `token` is passed. */
  const withCookie = (pathname: string, cookie: string | null, init: RequestInit & { json?: unknown; token?: string | null; csrf?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (init.csrf) headers.set('X-CSRFToken', init.csrf);
    return s.api(pathname, { ...init, headers, token: init.token ?? null });
  };

  const login = async (username: string, password: string, headers: Record<string, string> = {}): Promise<Login> => {
    const res = await s.api('/accounts/login/', { method: 'POST', token: null, headers, json: { username, password } });
    const setCookie = res.headers.getSetCookie();
    const token = /^parla_session=([^;]*)/.exec(setCookie[0] ?? '')?.[1] ?? '';
    const body = res.status === 200 ? await res.clone().json() : {};
    return { res, cookie: `parla_session=${token}`, token, csrf: body.csrf_token };
  };

  const sessionRow = (token: string) => s.container.database.db.selectFrom('sessions').selectAll().where('id', '=', sha256Hex(token)).executeTakeFirst();

  beforeAll(async () => {
    s = await startServer(dialect);
    const jane = await s.container.users.create({ username: 'jane', email: 'Jane@Example.com', full_name: 'Jane', password: 'correct horse' });
    janeToken = await s.container.users.rotateToken(jane.id);
    await s.container.users.create({ username: 'idle', email: 'idle@example.com', password: 'idle password', is_active: false });
    await s.container.users.create({ username: 'nopass', email: 'nopass@example.com' });
  });
  afterAll(() => s.close());

  it('logs in with a password and sets an HttpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
    const { res, token, csrf } = await login('jane', 'correct horse');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({ username: 'jane', full_name: 'Jane', csrf_token: expect.any(String) });
    const setCookie = res.headers.getSetCookie();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^parla_session=[A-Za-z0-9_-]{43}; Max-Age=1209600; Expires=[^;]+ GMT; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(setCookie[0]).not.toContain('Secure');
    const row = await sessionRow(token);
    expect(row).toMatchObject({ csrf_secret: expect.any(String) });
    expect(Date.parse(row!.expires) - Date.parse(row!.created)).toBe(14 * 86400 * 1000);
    const ids = (await s.container.database.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(token);
    expect(csrf).not.toContain(row!.csrf_secret);
    const user = await s.container.database.db.selectFrom('users').select(['password', 'last_login']).where('username', '=', 'jane').executeTakeFirstOrThrow();
    expect(user.password).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user.last_login).not.toBeNull();
  });

  it('accepts a form body and the e-mail address (case-insensitively) instead of the username', async () => {
    const res = await s.api('/accounts/login/', {
      method: 'POST',
      token: null,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'jane@example.COM', password: 'correct horse' }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).username).toBe('jane');
  });

  it('authenticates API requests with the cookie', async () => {
    const { cookie } = await login('jane', 'correct horse');
    const me = await withCookie('/api/users/jane/', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'jane', email: 'Jane@Example.com' });
    expect((await (await withCookie('/api/users/', cookie)).json()).results.map((u: any) => u.username)).toEqual(['jane']);
    expect((await withCookie('/api/users/jane/', null)).status).toBe(404);
    expect((await withCookie('/api/users/jane/', 'parla_session=forged')).status).toBe(404);
  });

  it('requires the CSRF token for cookie-authenticated writes, and only for those', async () => {
    const { cookie, csrf } = await login('jane', 'correct horse');
    const missing = await withCookie('/api/users/jane/', cookie, { method: 'PATCH', json: { full_name: 'Jane A' } });
    expect(missing.status).toBe(403);
    expect((await missing.json()).detail).toBe(CSRF_FAILED);
    const wrong = await withCookie('/api/users/jane/', cookie, { method: 'PATCH', csrf: 'AAAA' + csrf.slice(4), json: { full_name: 'Jane A' } });
    expect(wrong.status).toBe(403);
    const other = await login('jane', 'correct horse');
    expect((await withCookie('/api/users/jane/', cookie, { method: 'PATCH', csrf: other.csrf, json: { full_name: 'Jane A' } })).status).toBe(403);
    expect((await s.api('/api/users/jane/')).status).toBe(200);
    expect((await (await s.api('/api/users/jane/')).json()).full_name).toBe('Jane');

    const ok = await withCookie('/api/users/jane/', cookie, { method: 'PATCH', csrf, json: { full_name: 'Jane A' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).full_name).toBe('Jane A');
    // GET /accounts/csrf/ hands out a freshly masked token for the same session; X-CSRF-Token works too.
    const fetched = await withCookie('/accounts/csrf/', cookie);
    expect(fetched.status).toBe(200);
    const { csrf_token } = await fetched.json();
    expect(csrf_token).not.toBe(csrf);
    const alt = await withCookie('/api/users/jane/', cookie, { method: 'PATCH', headers: { 'X-CSRF-Token': csrf_token }, json: { full_name: 'Jane B' } });
    expect(alt.status).toBe(200);
    // Token-authenticated writes need no CSRF token, even with a cookie alongside.
    const viaToken = await withCookie('/api/users/jane/', cookie, { method: 'PATCH', token: janeToken, json: { full_name: 'Jane' } });
    expect(viaToken.status).toBe(200);
    expect((await s.api('/api/users/jane/', { method: 'PATCH', token: janeToken, json: { full_name: 'Jane' } })).status).toBe(200);
    expect((await withCookie('/accounts/csrf/', null)).status).toBe(401);
  });

  it('ends the session on logout (with the CSRF token)', async () => {
    const { cookie, csrf, token } = await login('jane', 'correct horse');
    expect((await withCookie('/accounts/logout/', cookie, { method: 'POST' })).status).toBe(403);
    const out = await withCookie('/accounts/logout/', cookie, { method: 'POST', csrf });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^parla_session=; Max-Age=0; .*Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await sessionRow(token)).toBeUndefined();
    expect((await withCookie('/api/users/jane/', cookie)).status).toBe(404);
    expect((await withCookie('/accounts/csrf/', cookie)).status).toBe(401);
    expect((await withCookie('/api/users/jane/', cookie, { method: 'PATCH', csrf, json: { full_name: 'X' } })).status).toBe(401);
    expect((await withCookie('/accounts/logout/', cookie, { method: 'POST' })).status).toBe(204);
  });

  it('gives one answer for a wrong password, an unknown user, an inactive user and a user without password', async () => {
    const answers = [];
    for (const [u, p] of [['jane', 'wrong'], ['nobody', 'correct horse'], ['idle', 'idle password'], ['nopass', ''], ['nopass', 'x'], ['jane', 'correct horse ']]) {
      const { res } = await login(u, p);
      answers.push({ status: res.status, cookie: res.headers.getSetCookie(), body: await res.json() });
    }
    const required = answers.splice(3, 1)[0];
    expect(required).toMatchObject({ status: 400, body: { errors: [{ attr: 'password', code: 'required' }] } });
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0].status).toBe(400);
    expect(answers[0].cookie).toEqual([]);
    expect(answers[0].body.detail).toBe('Please enter a correct username and password. Note that both fields may be case-sensitive.');
  });

  it('rejects a cross-site login (Origin or Referer of another site)', async () => {
    expect((await login('jane', 'correct horse', { Origin: 'https://evil.example' })).res.status).toBe(403);
    expect((await login('jane', 'correct horse', { Origin: 'null' })).res.status).toBe(403);
    expect((await login('jane', 'correct horse', { Referer: 'https://evil.example/login' })).res.status).toBe(403);
    expect((await login('jane', 'correct horse', { Origin: s.url })).res.status).toBe(200);
    expect((await login('jane', 'correct horse', { Referer: `${s.url}/login/` })).res.status).toBe(200);
  });

  it('rotates the session on login and drops sessions that expired, slides the others', async () => {
    const first = await login('jane', 'correct horse');
    const second = await login('jane', 'correct horse', { Cookie: first.cookie });
    expect(second.res.status).toBe(200);
    expect(second.token).not.toBe(first.token);
    expect(second.res.headers.getSetCookie()).toHaveLength(1);
    expect(await sessionRow(first.token)).toBeUndefined();
    expect((await withCookie('/api/users/jane/', first.cookie)).status).toBe(404);

    const db = s.container.database.db;
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('sessions').set({ expires: past }).where('id', '=', sha256Hex(second.token)).execute();
    expect((await withCookie('/api/users/jane/', second.cookie)).status).toBe(404);
    expect(await sessionRow(second.token)).toBeUndefined();

    const third = await login('jane', 'correct horse');
    const soon = new Date(Date.now() + 5000).toISOString();
    await db.updateTable('sessions').set({ last_seen: new Date(Date.now() - 120_000).toISOString(), expires: soon }).where('id', '=', sha256Hex(third.token)).execute();
    const res = await withCookie('/api/users/jane/', third.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(new RegExp(`^parla_session=${third.token}; Max-Age=1209600;`));
    const row = await sessionRow(third.token);
    expect(Date.parse(row!.expires)).toBeGreaterThan(Date.now() + 13 * 86400 * 1000);
    // A recently renewed session is not written (nor its cookie re-sent) on every request.
    expect((await withCookie('/api/users/jane/', third.cookie)).headers.getSetCookie()).toEqual([]);
  });

  it('refuses sessions of users deactivated after login, and the users API cannot set passwords', async () => {
    await s.container.users.create({ username: 'temp', email: 'temp@example.com', password: 'temp password' });
    const { cookie } = await login('temp', 'temp password');
    expect((await withCookie('/api/users/temp/', cookie)).status).toBe(200);
    expect((await s.api('/api/users/temp/', { method: 'PATCH', json: { password: 'plain' } })).status).toBe(400);
    expect((await s.api('/api/users/', { method: 'POST', json: { username: 'withpw', email: 'w@example.com', password: 'plain' } })).status).toBe(400);
    expect((await s.api('/api/users/temp/', { method: 'PATCH', json: { is_active: false } })).status).toBe(200);
    expect((await withCookie('/api/users/temp/', cookie)).status).toBe(404);
  });

  it('ends every session of a user whose password changes (parla changepassword)', async () => {
    const user = await s.container.users.create({ username: 'pw', email: 'pw@example.com', password: 'old password' });
    const { cookie } = await login('pw', 'old password');
    await s.container.users.setPassword(user.id, 'new password');
    expect((await withCookie('/api/users/pw/', cookie)).status).toBe(404);
    expect((await login('pw', 'old password')).res.status).toBe(400);
    expect((await login('pw', 'new password')).res.status).toBe(200);
  });
});

describe.each(DIALECTS)('session settings on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_SITE_URL: 'https://parla.example', PARLA_SESSION_AGE: '3600' });
    await s.container.users.create({ username: 'jane', email: 'jane@example.com', password: 'correct horse' });
  });
  afterAll(() => s.close());

  it('marks the cookie Secure for an https site, uses the configured lifetime and trusts the site origin', async () => {
    const res = await s.api('/accounts/login/', { method: 'POST', token: null, headers: { Origin: 'https://parla.example' }, json: { username: 'jane', password: 'correct horse' } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^parla_session=[^;]+; Max-Age=3600; Expires=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
