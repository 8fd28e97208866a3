// Two-factor authentication over HTTP on every database: TOTP enrolment and sign-in with computed codes, replay and
// throttling, recovery codes, security keys through a software authenticator, enforced_2fa, API tokens, audit entries.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { SoftwareAuthenticator } from '../helpers/webauthn-authenticator.js';

interface Session {
  cookie: string;
  csrf: string;
}

const cookieOf = (res: Response, name: string): string | null => {
  for (const c of res.headers.getSetCookie()) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(c);
    if (m) return m[1]!;
  }
  return null;
};

/** A code of the time step `offset` steps from now (the server accepts one step either side). */
const codeAt = (secret: string, offset: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe.each(DIALECTS)('two-factor authentication on %s', (dialect) => {
  let s: TestServer;

  const post = (path: string, init: { json?: unknown; session?: Session; cookie?: string; token?: string | null } = {}) => {
    const headers: Record<string, string> = {};
    if (init.session) {
      headers.Cookie = `parla_session=${init.session.cookie}`;
      headers['X-CSRFToken'] = init.session.csrf;
    }
    if (init.cookie) headers.Cookie = init.cookie;
    return s.api(path, { method: 'POST', token: init.token ?? null, headers, json: init.json ?? {} });
  };
  const get = (path: string, session: Session) => s.api(path, { token: null, headers: { Cookie: `parla_session=${session.cookie}` } });

  const login = (username: string, password: string) => post('/accounts/login/', { json: { username, password } });
  const sessionOf = async (res: Response): Promise<Session> => {
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    return { cookie: cookieOf(res, 'parla_session')!, csrf: body.csrf_token };
  };
  const signIn = async (username: string, password: string) => sessionOf(await login(username, password));

  /** Sets up an authenticator app for the signed-in user: its secret and recovery codes. */
  const enrolTotp = async (session: Session) => {
    const started = await post('/accounts/2fa/totp/', { session });
    expect(started.status, await started.clone().text()).toBe(200);
    const { secret, uri, qr_svg } = await started.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_svg).toMatch(/^<svg/);
    const confirmed = await post('/accounts/2fa/totp/confirm/', { session, json: { code: await codeAt(secret, 0) } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const { recovery_codes } = await confirmed.json();
    return { secret, recovery_codes: recovery_codes as string[] };
  };

  const audit = async (username: string) => {
    const res = await s.api(`/api/users/${username}/audit/?page_size=1000`);
    expect(res.status).toBe(200);
    return (await res.json()).results as { activity: string; details: Record<string, unknown> }[];
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    for (const name of ['jane', 'rita', 'kim', 'bob', 'tom']) await s.container.users.create({ username: name, email: `${name}@example.com`, full_name: name, password: `${name} password` });
  });
  afterAll(() => s.close());

  it('enrols an authenticator app with a computed code, then asks for a code at sign-in; codes are not reusable', async () => {
    const session = await signIn('jane', 'jane password');
    expect((await post('/accounts/2fa/totp/confirm/', { session, json: { code: '123456' } })).status).toBe(400); // nothing started
    const started = await post('/accounts/2fa/totp/', { session });
    const { secret } = await started.json();
    const wrong = await post('/accounts/2fa/totp/confirm/', { session, json: { code: String((Number(await codeAt(secret, 0)) + 1) % 1_000_000).padStart(6, '0') } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors[0].attr).toBe('code');
    // The secret is stored sealed: the database does not hold it in the clear.
    const row = await s.container.database.db.selectFrom('user_totp').selectAll().executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.confirmed).toBe(0);
    const used = await codeAt(secret, 0);
    const confirmed = await post('/accounts/2fa/totp/confirm/', { session, json: { code: used } });
    expect(confirmed.status).toBe(200);
    const codes = (await confirmed.json()).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await s.container.database.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);
    // Never shown again: a second start is refused while the app is set up.
    expect((await post('/accounts/2fa/totp/', { session })).status).toBe(400);
    const status = await (await get('/accounts/2fa/status/', session)).json();
    expect(status).toMatchObject({ totp: true, totp_pending: false, webauthn: [], recovery_codes: 10, last_2fa: null });

    // Sign-in now stops after the password: no session, a pending sign-in.
    const first = await login('jane', 'jane password');
    expect(first.status).toBe(200);
    const pending = await first.json();
    expect(pending).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery'], verify_url: '/accounts/2fa/verify/', expires_in: 300 });
    expect(cookieOf(first, 'parla_session')).toBeNull();
    expect(cookieOf(first, 'parla_2fa')).toBe(pending.token);
    // The code the enrolment used is spent (same time step): refused.
    const replayed = await post('/accounts/2fa/verify/', { json: { token: pending.token, code: used } });
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).errors[0]).toMatchObject({ attr: 'code', code: 'invalid_code' });
    const next = await codeAt(secret, 1);
    // A JSON number is taken as the code it spells (leading zeros put back).
    const ok = await post('/accounts/2fa/verify/', { json: { token: pending.token, code: Number(next) } });
    const signed = await sessionOf(ok);
    expect((await (await get('/api/users/jane/', signed)).json()).username).toBe('jane');
    // A pending sign-in completes once; the same code in a new sign-in is a replay.
    expect((await post('/accounts/2fa/verify/', { json: { token: pending.token, code: next } })).status).toBe(401);
    const again = await (await login('jane', 'jane password')).json();
    expect((await post('/accounts/2fa/verify/', { json: { token: again.token, code: next } })).status).toBe(400);
    expect((await post('/accounts/2fa/verify/', { json: { token: 'forged', code: next } })).status).toBe(401);
    // The cookie works as well as the token in the body (a TOTP code of a later step would be out of the window yet: a recovery code).
    const viaCookie = await post('/accounts/2fa/verify/', { cookie: `parla_2fa=${again.token}`, json: { code: codes[0] } });
    expect(viaCookie.status).toBe(200);

    const profile = await (await s.api('/api/users/jane/')).json();
    expect(Date.parse(profile.profile.last_2fa)).toBeGreaterThan(Date.now() - 60_000);
    const activities = (await audit('jane')).map((e) => e.activity);
    expect(activities).toEqual(expect.arrayContaining(['2fa.added', '2fa.recovery-generated', '2fa.failed']));
    expect(activities.filter((a) => a === '2fa.failed')).toHaveLength(2);
  });

  it('accepts each recovery code once, and removing the last factor signs in with the password alone', async () => {
    const session = await signIn('rita', 'rita password');
    expect(await (await get('/accounts/profile/', session)).text()).toContain('<a href="/accounts/2fa/" id="profile-2fa">');
    const { recovery_codes } = await enrolTotp(session);
    const pending = await (await login('rita', 'rita password')).json();
    expect((await post('/accounts/2fa/verify/', { json: { token: pending.token, code: recovery_codes[3]!.toUpperCase() } })).status).toBe(200);
    const second = await (await login('rita', 'rita password')).json();
    expect((await post('/accounts/2fa/verify/', { json: { token: second.token, code: recovery_codes[3] } })).status).toBe(400);
    const used = (await audit('rita')).find((e) => e.activity === '2fa.recovery-used');
    expect(used?.details).toEqual({ remaining: 9 });
    expect((await (await get('/accounts/2fa/status/', session)).json()).recovery_codes).toBe(9);

    const fresh = await post('/accounts/2fa/recovery/', { session });
    const renewed = (await fresh.json()).recovery_codes as string[];
    expect(renewed).toHaveLength(10);
    expect((await post('/accounts/2fa/verify/', { json: { token: second.token, code: recovery_codes[4] } })).status).toBe(400); // the old ones ended
    expect((await post('/accounts/2fa/verify/', { json: { token: second.token, code: renewed[0] } })).status).toBe(200);

    // Management needs the session's CSRF token and a browser session, not an API token.
    expect((await s.api('/accounts/2fa/totp/remove/', { method: 'POST', token: null, headers: { Cookie: `parla_session=${session.cookie}` }, json: {} })).status).toBe(403);
    const ritaToken = await s.container.users.rotateToken((await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'rita').executeTakeFirstOrThrow()).id);
    expect((await post('/accounts/2fa/totp/remove/', { token: ritaToken })).status).toBe(403);
    expect((await post('/accounts/2fa/totp/remove/', { session })).status).toBe(204);
    expect(await (await get('/accounts/2fa/status/', session)).json()).toMatchObject({ totp: false, recovery_codes: 0 });
    await signIn('rita', 'rita password'); // a session straight away again
    const activities = (await audit('rita')).map((e) => e.activity);
    expect(activities).toEqual(expect.arrayContaining(['2fa.removed', '2fa.recovery-used']));
    expect(activities.filter((a) => a === '2fa.recovery-generated')).toHaveLength(2);
  });

  it('answers malformed second factors with 4xx, never 5xx', async () => {
    await s.container.users.create({ username: 'odd', email: 'odd@example.com', password: 'odd password' });
    const session = await signIn('odd', 'odd password');
    await enrolTotp(session);
    const key = new SoftwareAuthenticator(s.url);
    const options = await (await post('/accounts/2fa/webauthn/options/', { session })).json();
    await post('/accounts/2fa/webauthn/', { session, json: { name: 'k', credential: key.create(options) } });
    const { token } = await (await login('odd', 'odd password')).json();
    const bodies: unknown[] = [
      { token, code: ['1', '2'] },
      { token, code: { a: 1 } },
      { token, code: 'x'.repeat(5000) },
      { token, webauthn: 'string' },
      { token, webauthn: [] },
      { token, webauthn: { id: 5, response: null } },
      { token, webauthn: { id: key.create(options).id, response: { clientDataJSON: '%%%', authenticatorData: 7, signature: null } } },
      { token: ['a'], code: '123456' },
      { token: 'x'.repeat(5000), code: '123456' },
    ];
    for (const body of bodies) {
      const res = await post('/accounts/2fa/verify/', { json: body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBeLessThan(500);
    }
    for (const credential of [null, 'x', { response: { clientDataJSON: 'bm90IGpzb24' } }, { id: 'a', response: { clientDataJSON: Buffer.from('{"challenge":5}').toString('base64url') } }]) {
      const res = await post('/accounts/2fa/webauthn/', { session, json: { name: ['a'], credential } });
      expect(res.status, JSON.stringify(credential)).toBe(400);
    }
    expect((await post('/accounts/2fa/verify/webauthn/', { json: { token: 'nope' } })).status).toBe(401);
    expect((await post('/accounts/2fa/webauthn/99999999999/remove/', { session })).status).toBe(404);
    expect((await post('/accounts/2fa/webauthn/abc/remove/', { session })).status).toBe(404);
  });

  it('serves the forms of the settings page: pages and redirects instead of JSON, errors shown on the page', async () => {
    await s.container.users.create({ username: 'form', email: 'form@example.com', password: 'form password' });
    const session = await signIn('form', 'form password');
    const form = (path: string, fields: Record<string, string>, csrf = session.csrf) =>
      fetch(`${s.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `parla_session=${session.cookie}`, Origin: s.url },
        body: new URLSearchParams({ csrfmiddlewaretoken: csrf, ...fields }),
      });
    const page = await get('/accounts/2fa/', session);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="totp-start"');
    expect((await form('/accounts/2fa/totp/', {}, 'wrong')).status).toBe(403);
    const started = await form('/accounts/2fa/totp/', {});
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toBe('/accounts/2fa/?done=started');
    const shown = await (await get('/accounts/2fa/', session)).text();
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(shown)![1]!;
    expect(shown).toContain('src="data:image/svg+xml;base64,');
    const wrong = await form('/accounts/2fa/totp/confirm/', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="twofa-error">code: The code is not valid/);
    const confirmed = await form('/accounts/2fa/totp/confirm/', { code: await codeAt(secret, 0) });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.text()).match(/<li><code>/g)).toHaveLength(10);
    expect(await (await get('/accounts/2fa/', session)).text()).not.toContain(secret);
    const regenerated = await form('/accounts/2fa/recovery/', {});
    expect((await regenerated.text()).match(/<li><code>/g)).toHaveLength(10);
    const removed = await form('/accounts/2fa/totp/remove/', {});
    expect(removed.headers.get('location')).toBe('/accounts/2fa/?done=removed');
    expect((await (await get('/accounts/2fa/status/', session)).json()).totp).toBe(false);
    // Without a session the page sends the browser to sign in.
    const anonymous = await fetch(`${s.url}/accounts/2fa/`, { redirect: 'manual' });
    expect(anonymous.headers.get('location')).toBe('/accounts/login/?next=%2Faccounts%2F2fa%2F');
  });

  it('an operator removes the second factors of a user who lost them (parla reset2fa)', async () => {
    await s.container.users.create({ username: 'lost', email: 'lost@example.com', password: 'lost password' });
    await enrolTotp(await signIn('lost', 'lost password'));
    expect((await (await login('lost', 'lost password')).json()).second_factor_required).toBe(true);
    const id = (await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'lost').executeTakeFirstOrThrow()).id;
    expect(await s.container.twoFactor.resetUser(id, 'parla reset2fa')).toBe(true);
    expect(await s.container.twoFactor.resetUser(id, 'parla reset2fa')).toBe(false);
    await signIn('lost', 'lost password');
    // A sign-in the old password began does not outlive a password change.
    await enrolTotp(await signIn('lost', 'lost password'));
    const pending = await (await login('lost', 'lost password')).json();
    await s.container.users.setPassword(id, 'new lost password');
    expect((await post('/accounts/2fa/verify/', { json: { token: pending.token, code: '000000' } })).status).toBe(401);
    expect((await audit('lost')).find((e) => e.activity === '2fa.removed')?.details).toEqual({ method: 'all', by: 'parla reset2fa' });
  });

  it('removing an account removes its second factors', async () => {
    await s.container.users.create({ username: 'gone', email: 'gone@example.com', password: 'gone password' });
    await enrolTotp(await signIn('gone', 'gone password'));
    const id = (await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'gone').executeTakeFirstOrThrow()).id;
    expect((await s.api('/api/users/gone/', { method: 'DELETE' })).status).toBe(204);
    const db = s.container.database.db;
    expect(await db.selectFrom('user_totp').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect((await db.selectFrom('users').select(['has_2fa', 'last_2fa']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ has_2fa: 0, last_2fa: null });
  });

  it('registers a security key and signs in with it (software authenticator, verified by @simplewebauthn/server)', async () => {
    const session = await signIn('kim', 'kim password');
    const key = new SoftwareAuthenticator(s.url);
    const options = await (await post('/accounts/2fa/webauthn/options/', { session })).json();
    expect(options.rp.id).toBe('127.0.0.1');
    const registered = await post('/accounts/2fa/webauthn/', { session, json: { name: 'My key', credential: key.create(options) } });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const reg = await registered.json();
    expect(reg).toMatchObject({ name: 'My key', recovery_codes: expect.any(Array) });
    // The challenge is single-use.
    expect((await post('/accounts/2fa/webauthn/', { session, json: { name: 'Again', credential: key.create(options) } })).status).toBe(400);

    const pending = await (await login('kim', 'kim password')).json();
    expect(pending.methods).toEqual(['webauthn', 'recovery']);
    const assertionOptions = await (await post('/accounts/2fa/verify/webauthn/', { json: { token: pending.token } })).json();
    expect(assertionOptions.allowCredentials[0].id).toBe(key.create(options).id);
    const tampered = await post('/accounts/2fa/verify/', { json: { token: pending.token, webauthn: key.get(assertionOptions, true) } });
    expect(tampered.status).toBe(400);
    const ok = await post('/accounts/2fa/verify/', { json: { token: pending.token, webauthn: key.get(assertionOptions) } });
    await sessionOf(ok);
    const status = await (await get('/accounts/2fa/status/', session)).json();
    expect(status.webauthn).toEqual([{ id: reg.id, name: 'My key', created: expect.any(String), last_used: expect.any(String) }]);

    expect((await post(`/accounts/2fa/webauthn/${reg.id}/remove/`, { session })).status).toBe(204);
    expect((await post(`/accounts/2fa/webauthn/${reg.id}/remove/`, { session })).status).toBe(404);
    const entries = await audit('kim');
    expect(entries.filter((e) => e.activity === '2fa.added').map((e) => e.details)).toEqual([{ method: 'webauthn', name: 'My key' }]);
    expect(entries.filter((e) => e.activity === '2fa.removed').map((e) => e.details)).toEqual([{ method: 'webauthn', name: 'My key' }]);
    expect(entries.find((e) => e.activity === '2fa.failed')?.details).toMatchObject({ method: 'webauthn' });
  });

  it('enforced_2fa: members without a second factor get no access in the browser, API tokens keep it', async () => {
    expect((await createProject(s, 'vault', { access_control: 100, enforced_2fa: true })).status).toBe(201);
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as any[];
    const translate = groups.find((g) => g.name === 'Translate' && g.defining_project === `${s.url}/api/projects/vault/`);
    expect((await s.api('/api/users/bob/groups/', { method: 'POST', json: { group_id: translate.id } })).status).toBe(200);
    const bobId = (await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow()).id;
    const bobToken = await s.container.users.rotateToken(bobId);
    const session = await signIn('bob', 'bob password');

    expect((await s.api('/api/projects/vault/', { token: bobToken })).status).toBe(200);
    expect((await get('/api/projects/vault/', session)).status).toBe(404);
    expect(((await (await get('/api/projects/', session)).json()).results as any[]).map((p) => p.slug)).not.toContain('vault');
    expect(((await (await s.api('/api/projects/', { token: bobToken })).json()).results as any[]).map((p) => p.slug)).toContain('vault');
    expect((await s.api('/projects/vault/', { token: null, headers: { Cookie: `parla_session=${session.cookie}` } })).status).toBe(404);

    // Off: the session sees it again.
    expect((await s.api('/api/projects/vault/', { method: 'PATCH', json: { enforced_2fa: false } })).status).toBe(200);
    expect((await get('/api/projects/vault/', session)).status).toBe(200);
    expect((await s.api('/api/projects/vault/', { method: 'PATCH', json: { enforced_2fa: true } })).status).toBe(200);
    expect((await get('/api/projects/vault/', session)).status).toBe(404);
    // The settings page says what asks for a second factor.
    expect((await (await get('/accounts/2fa/status/', session)).json()).required_by).toEqual({ teams: [], projects: [{ name: 'VAULT', slug: 'vault' }] });
    expect(await (await get('/accounts/2fa/', session)).text()).toMatch(/id="twofa-required">Two-factor authentication is required by the project <a href="\/projects\/vault\/">VAULT<\/a>\./);
    // With a second factor the same session has access.
    const { secret } = await enrolTotp(session);
    expect(await (await get('/accounts/2fa/', session)).text()).not.toContain('twofa-required');
    expect(secret).toBeTruthy();
    expect((await get('/api/projects/vault/', session)).status).toBe(200);
  });

  it('enforced_2fa on a team: its grants do not reach a browser session without a second factor', async () => {
    expect((await createProject(s, 'annex', { access_control: 100 })).status).toBe(201);
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as any[];
    const translate = groups.find((g) => g.name === 'Translate' && g.defining_project === `${s.url}/api/projects/annex/`);
    expect((await s.api(`/api/groups/${translate.id}/`, { method: 'PATCH', json: { enforced_2fa: true } })).status).toBe(200);
    expect((await s.api('/api/users/tom/groups/', { method: 'POST', json: { group_id: translate.id } })).status).toBe(200);
    const tomId = (await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'tom').executeTakeFirstOrThrow()).id;
    const tomToken = await s.container.users.rotateToken(tomId);
    const session = await signIn('tom', 'tom password');
    expect((await s.api('/api/projects/annex/', { token: tomToken })).status).toBe(200);
    expect((await get('/api/projects/annex/', session)).status).toBe(404);
    expect((await (await get('/accounts/2fa/status/', session)).json()).required_by).toEqual({ teams: ['Translate'], projects: [] });
    await enrolTotp(session);
    expect((await get('/api/projects/annex/', session)).status).toBe(200);
  });
});

describe.each(DIALECTS)('second-factor throttle on %s', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_LOGIN_ATTEMPTS: '3/300s', PARLA_LOGIN_LOCKOUT: '600' });
    await s.container.users.create({ username: 'lee', email: 'lee@example.com', password: 'lee password' });
  });
  afterAll(() => s.close());

  it('locks the account after the allowed wrong codes: a right code is refused during the lock, and the audit log says so', async () => {
    const api = (path: string, json: unknown, headers: Record<string, string> = {}) => s.api(path, { method: 'POST', token: null, headers, json });
    const signedIn = await api('/accounts/login/', { username: 'lee', password: 'lee password' });
    const session = { cookie: cookieOf(signedIn, 'parla_session')!, csrf: (await signedIn.json()).csrf_token };
    const headers = { Cookie: `parla_session=${session.cookie}`, 'X-CSRFToken': session.csrf };
    const { secret } = await (await api('/accounts/2fa/totp/', {}, headers)).json();
    expect((await api('/accounts/2fa/totp/confirm/', { code: await codeAt(secret, 0) }, headers)).status).toBe(200);

    const pending = await (await api('/accounts/login/', { username: 'lee', password: 'lee password' })).json();
    expect(pending.second_factor_required).toBe(true);
    for (let i = 0; i < 3; i++) expect((await api('/accounts/2fa/verify/', { token: pending.token, code: '000000' })).status).toBe(400);
    const locked = await api('/accounts/2fa/verify/', { token: pending.token, code: await codeAt(secret, 1) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(500);
    const entries = ((await (await s.api('/api/users/lee/audit/?page_size=100')).json()).results as any[]).map((e) => e.activity);
    expect(entries.filter((a: string) => a === '2fa.failed')).toHaveLength(3);
    expect(entries).toContain('2fa.locked');
  });
});
