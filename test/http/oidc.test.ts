// Single sign-on end to end against a real OpenID Connect provider (oidc-provider on a loopback port): the redirect with
// state, nonce and PKCE, the callback that starts a session, accounts created, linked by verified e-mail or refused,
// tampered, missing and replayed states, denied consent, an unreachable provider, and the audit entries of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DIALECTS } from '../helpers/databases.js';
import { browse, CookieJar, startProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { startServer, type TestServer } from '../helpers/server.js';

const AGENT = 'Mozilla/5.0 (parla sso test)';

interface AuditEntry {
  activity: string;
  user_id: number | null;
  details: Record<string, unknown>;
}

/** Every audit entry of single sign-on, oldest first, as stored (refusals of unknown people have no user to list them under). */
async function ssoAudit(s: TestServer): Promise<AuditEntry[]> {
  const rows = await s.container.database.db.selectFrom('audit_log').select(['activity', 'user_id', 'details']).where('activity', 'in', ['login.sso', 'login.sso-failed', 'user.sso-linked']).orderBy('id').execute();
  return rows.map((r) => ({ activity: r.activity, user_id: r.user_id, details: JSON.parse(r.details) as Record<string, unknown> }));
}

async function userAudit(s: TestServer, username: string): Promise<{ activity: string; details: Record<string, unknown> }[]> {
  const response = await s.api(`/api/users/${username}/audit/`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { activity: string; details: Record<string, unknown> }[] }).results;
}

/** Starts a sign-in at Parla and goes through the provider up to Parla's callback, which is not loaded yet. */
async function toCallback(s: TestServer, jar: CookieJar, accountId: string, o: { next?: string; deny?: boolean } = {}): Promise<{ callback: string; authorize: URL }> {
  const start = await jar.fetch(`${s.url}/accounts/oidc/login/?next=${encodeURIComponent(o.next ?? '/')}`, { headers: { 'User-Agent': AGENT } });
  expect(start.status).toBe(303);
  expect(start.headers.get('cache-control')).toBe('no-store');
  const authorize = new URL(start.headers.get('location')!);
  const step = await browse(jar, authorize.href, { accountId, deny: o.deny, stop: (url) => url.startsWith(`${s.url}/accounts/oidc/callback/`) });
  expect(step.response, `stopped at ${step.url}`).toBeNull();
  return { callback: step.url, authorize };
}

function callback(jar: CookieJar, url: string): Promise<Response> {
  return jar.fetch(url, { headers: { 'User-Agent': AGENT } });
}

/** The whole sign-in: the callback's answer. */
async function signIn(s: TestServer, jar: CookieJar, accountId: string, o: { next?: string; deny?: boolean } = {}): Promise<Response> {
  const { callback: url } = await toCallback(s, jar, accountId, o);
  return callback(jar, url);
}

async function whoAmI(s: TestServer, jar: CookieJar): Promise<string | null> {
  const page = await (await jar.fetch(`${s.url}/`)).text();
  return /id="username">([^<]*)</.exec(page)?.[1] ?? null;
}

describe('single sign-on configuration', () => {
  it('needs the issuer and the client id together, and checks each variable with one line', () => {
    expect(() => loadConfig({ PARLA_OIDC_ISSUER: 'https://id.example.com' })).toThrow(new ConfigError('PARLA_OIDC_ISSUER and PARLA_OIDC_CLIENT_ID: single sign-on needs both'));
    expect(() => loadConfig({ PARLA_OIDC_ISSUER: 'id.example.com', PARLA_OIDC_CLIENT_ID: 'x' })).toThrow(/^PARLA_OIDC_ISSUER: expected/);
    expect(() => loadConfig({ PARLA_OIDC_ISSUER: 'https://id.example.com', PARLA_OIDC_CLIENT_ID: 'x', PARLA_OIDC_ALLOWED_DOMAINS: 'example.com, not a domain' })).toThrow(/^PARLA_OIDC_ALLOWED_DOMAINS:/);
    expect(() => loadConfig({ PARLA_OIDC_ISSUER: 'https://id.example.com', PARLA_OIDC_CLIENT_ID: 'x', PARLA_OIDC_SCOPES: 'email profile' })).toThrow(/^PARLA_OIDC_SCOPES:/);
    expect(() => loadConfig({ PARLA_OIDC_ISSUER: 'https://id.example.com', PARLA_OIDC_CLIENT_ID: 'x', PARLA_OIDC_CREATE_USERS: 'maybe' })).toThrow(/^PARLA_OIDC_CREATE_USERS:/);
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({ PARLA_OIDC_ISSUER: 'https://id.example.com/realms/main/', PARLA_OIDC_CLIENT_ID: 'parla', PARLA_OIDC_ALLOWED_DOMAINS: '@Example.COM' }).oidc).toEqual({
      issuer: 'https://id.example.com/realms/main',
      clientId: 'parla',
      clientSecret: null,
      name: 'single sign-on',
      allowedDomains: ['example.com'],
      usernameClaim: 'preferred_username',
      nameClaim: 'name',
      createUsers: false,
      scopes: ['openid', 'email', 'profile'],
    });
  });
});

describe.each(DIALECTS)('single sign-on (%s)', (dialect) => {
  let provider: TestProvider;
  /** Creates accounts at first sign-in. */
  let s: TestServer;
  /** Signs in existing accounts only. */
  let strict: TestServer;

  beforeAll(async () => {
    provider = await startProvider();
    const oidc = { PARLA_OIDC_ISSUER: provider.issuer, PARLA_OIDC_CLIENT_ID: provider.clientId, PARLA_OIDC_CLIENT_SECRET: provider.clientSecret, PARLA_OIDC_NAME: 'Test ID', PARLA_OIDC_ALLOWED_DOMAINS: 'example.org,example.com' };
    s = await startServer(dialect, { ...oidc, PARLA_OIDC_CREATE_USERS: 'on' });
    strict = await startServer(dialect, oidc);
    provider.start([`${s.url}/accounts/oidc/callback/`, `${strict.url}/accounts/oidc/callback/`]);
    provider.accounts.set('sub-jane', { email: 'Jane.Doe@example.org', email_verified: true, name: 'Jane Doe', preferred_username: 'jane doe' });
    provider.accounts.set('sub-other-admin', { email: 'someone@example.org', email_verified: true, name: 'Another Admin', preferred_username: 'admin' });
    provider.accounts.set('sub-bob', { email: 'BOB@example.com', email_verified: true, name: 'Robert', preferred_username: 'bobby' });
    provider.accounts.set('sub-eve', { email: 'carol@example.com', email_verified: false, name: 'Eve', preferred_username: 'eve' });
    provider.accounts.set('sub-mallory', { email: 'mallory@elsewhere.test', email_verified: true, name: 'Mallory', preferred_username: 'mallory' });
    provider.accounts.set('sub-entra', { email: 'dora@example.com', xms_edov: true, name: 'Dora', preferred_username: 'dora@example.com' });
    provider.accounts.set('sub-unsure', { email: 'una@example.com', name: 'Una', preferred_username: 'una' });
    provider.accounts.set('sub-stranger', { email: 'stranger@example.com', email_verified: true, name: 'Stranger', preferred_username: 'stranger' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await strict?.close();
    await provider?.close();
  });

  it('shows the provider on the sign-in page', async () => {
    const page = await (await fetch(`${s.url}/accounts/login/?next=/projects/`)).text();
    expect(page).toContain('<a class="button secondary" id="sso-login" href="/accounts/oidc/login/?next=%2Fprojects%2F">Sign in with Test ID</a>');
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge, keeping the state in an HttpOnly cookie', async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${s.url}/accounts/oidc/login/?next=/x/`);
    expect(start.status).toBe(303);
    const to = new URL(start.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    const q = Object.fromEntries(to.searchParams);
    expect(q).toMatchObject({ client_id: provider.clientId, response_type: 'code', redirect_uri: `${s.url}/accounts/oidc/callback/`, scope: 'openid email profile', code_challenge_method: 'S256' });
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(q.state!.length).toBeGreaterThanOrEqual(32);
    expect(q.nonce!.length).toBeGreaterThanOrEqual(32);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('parla_oidc_state='))!;
    expect(cookie).toBe(`parla_oidc_state=${q.state}; Max-Age=600; Path=/accounts/oidc/; HttpOnly; SameSite=Lax`);
    // The verifier stays on the server: neither the browser nor the provider sees it before the code exchange.
    expect(start.headers.getSetCookie().join('\n')).not.toMatch(/verifier/i);
  });

  it('creates the account at first sign-in with the mapped username and name, and signs it in', async () => {
    const jar = new CookieJar();
    expect((await jar.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);
    const answer = await signIn(s, jar, 'sub-jane', { next: '/projects/' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/projects/');
    const cookies = answer.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('parla_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(cookies).toContain('parla_oidc_state=; Max-Age=0; Path=/accounts/oidc/; HttpOnly; SameSite=Lax');
    // The session works on pages that need a signed-in user.
    expect((await jar.fetch(`${s.url}/accounts/csrf/`)).status).toBe(200);
    expect(await whoAmI(s, jar)).toBe('Jane Doe');

    const user = await s.container.users.findByUsername(s.container.database.db, 'jane_doe');
    expect(user).toMatchObject({ username: 'jane_doe', full_name: 'Jane Doe', email: 'Jane.Doe@example.org', is_active: 1, is_superuser: 0, password: null });
    expect(user!.last_login).not.toBeNull();
    const audit = await userAudit(s, 'jane_doe');
    expect(audit.map((e) => e.activity)).toEqual(['login.sso', 'user.sso-linked', 'user.created']);
    expect(audit[0]!.details).toEqual({ issuer: provider.issuer, address: '127.0.0.1', user_agent: AGENT });
    expect(audit[1]!.details).toEqual({ issuer: provider.issuer, subject: 'sub-jane', email: 'Jane.Doe@example.org', linked_by: 'created' });

    // The next sign-in finds the same account by its identity, whatever the claims say now.
    provider.accounts.set('sub-jane', { email: 'jane@example.org', email_verified: true, name: 'J. Doe', preferred_username: 'jdoe' });
    const again = new CookieJar();
    expect((await signIn(s, again, 'sub-jane')).status).toBe(303);
    expect(await whoAmI(s, again)).toBe('Jane Doe');
    expect(await s.container.users.findByUsername(s.container.database.db, 'jdoe')).toBeUndefined();
    expect((await userAudit(s, 'jane_doe')).filter((e) => e.activity === 'login.sso')).toHaveLength(2);
  });

  it('makes a taken username unique', async () => {
    const jar = new CookieJar();
    expect((await signIn(s, jar, 'sub-other-admin')).status).toBe(303);
    expect(await whoAmI(s, jar)).toBe('Another Admin');
    expect(await s.container.users.findByUsername(s.container.database.db, 'admin-2')).toMatchObject({ full_name: 'Another Admin', is_superuser: 0 });
  });

  it('refuses somebody without an account when accounts are not created at sign-in', async () => {
    const jar = new CookieJar();
    const answer = await signIn(strict, jar, 'sub-stranger');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await answer.text();
    expect(page).toContain('<h1>Sign-in with Test ID failed</h1>');
    expect(page).toContain('There is no account here for this identity or its e-mail address');
    expect(answer.headers.getSetCookie().some((c) => c.startsWith('parla_session='))).toBe(false);
    expect((await jar.fetch(`${strict.url}/accounts/csrf/`)).status).toBe(401);
    expect(await strict.container.users.findByUsername(strict.container.database.db, 'stranger')).toBeUndefined();
    expect((await ssoAudit(strict)).at(-1)).toEqual({ activity: 'login.sso-failed', user_id: null, details: expect.objectContaining({ reason: 'no_account', address: '127.0.0.1', user_agent: AGENT, issuer: provider.issuer, subject: 'sub-stranger', email: 'stranger@example.com' }) });
  });

  it('links an existing account by its verified e-mail address, and not by an unverified one', async () => {
    await strict.container.users.create({ username: 'bob', email: 'bob@example.com', full_name: 'Bob Builder' });
    await strict.container.users.create({ username: 'carol', email: 'carol@example.com', full_name: 'Carol' });

    const eve = new CookieJar();
    const refused = await signIn(strict, eve, 'sub-eve');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('did not confirm an e-mail address');
    expect((await eve.fetch(`${strict.url}/accounts/csrf/`)).status).toBe(401);
    expect((await ssoAudit(strict)).at(-1)).toMatchObject({ activity: 'login.sso-failed', details: { reason: 'email' } });
    expect((await userAudit(strict, 'carol')).map((e) => e.activity)).toEqual(['user.created']);

    const jar = new CookieJar();
    expect((await signIn(strict, jar, 'sub-bob')).status).toBe(303);
    expect(await whoAmI(strict, jar)).toBe('Bob Builder');
    const audit = await userAudit(strict, 'bob');
    expect(audit.map((e) => e.activity)).toEqual(['login.sso', 'user.sso-linked', 'user.created']);
    expect(audit[1]!.details).toMatchObject({ subject: 'sub-bob', email: 'BOB@example.com', linked_by: 'email' });
  });

  it("takes Microsoft Entra's xms_edov claim for a verified address when email_verified is missing, and refuses an address vouched for by neither", async () => {
    const jar = new CookieJar();
    expect((await signIn(s, jar, 'sub-entra')).status).toBe(303);
    expect(await whoAmI(s, jar)).toBe('Dora');
    expect(await s.container.users.findByUsername(s.container.database.db, 'dora@example.com')).toMatchObject({ email: 'dora@example.com' });
    const unsure = await signIn(s, new CookieJar(), 'sub-unsure');
    expect(unsure.status).toBe(403);
    expect(await unsure.text()).toContain('did not confirm an e-mail address');
  });

  it('refuses to guess between accounts that share the verified e-mail address', async () => {
    await strict.container.users.create({ username: 'twin1', email: 'twins@example.com', full_name: 'Twin One' });
    await strict.container.users.create({ username: 'twin2', email: 'Twins@example.com', full_name: 'Twin Two' });
    provider.accounts.set('sub-twin', { email: 'twins@example.com', email_verified: true, name: 'Twin' });
    const answer = await signIn(strict, new CookieJar(), 'sub-twin');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Several accounts here have this e-mail address');
    expect((await ssoAudit(strict)).at(-1)).toMatchObject({ activity: 'login.sso-failed', user_id: null, details: { reason: 'conflict', subject: 'sub-twin' } });
  });

  it('refuses e-mail domains that are not allowed', async () => {
    const jar = new CookieJar();
    const answer = await signIn(s, jar, 'sub-mallory');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Accounts with e-mail addresses at elsewhere.test may not sign in here.');
    expect((await jar.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);
    expect(await s.container.users.findByUsername(s.container.database.db, 'mallory')).toBeUndefined();
    expect((await ssoAudit(s)).at(-1)).toMatchObject({ activity: 'login.sso-failed', user_id: null, details: { reason: 'domain', subject: 'sub-mallory', email: 'mallory@elsewhere.test' } });
  });

  it('refuses a tampered or missing state, and a callback used twice', async () => {
    const stateRefused = async (answer: Response) => {
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('does not match one started in this browser');
      expect(answer.headers.getSetCookie().some((c) => c.startsWith('parla_session='))).toBe(false);
    };
    const before = (await ssoAudit(s)).length;

    // The state in the address changed.
    const tampered = new CookieJar();
    const t = await toCallback(s, tampered, 'sub-jane');
    const changed = new URL(t.callback);
    changed.searchParams.set('state', `${changed.searchParams.get('state')}x`);
    await stateRefused(await callback(tampered, changed.href));

    // No state in the address, or no state cookie (another browser brought the code: login CSRF).
    const noState = new CookieJar();
    const n = new URL((await toCallback(s, noState, 'sub-jane')).callback);
    n.searchParams.delete('state');
    await stateRefused(await callback(noState, n.href));
    const noCookie = new CookieJar();
    const c = await toCallback(s, noCookie, 'sub-jane');
    noCookie.set(s.url, 'parla_oidc_state', null);
    await stateRefused(await callback(noCookie, c.callback));
    expect((await noCookie.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);

    // A replayed callback, cookie and all, finds its request gone.
    const jar = new CookieJar();
    const r = await toCallback(s, jar, 'sub-jane');
    const cookie = jar.get(s.url, 'parla_oidc_state')!;
    expect((await callback(jar, r.callback)).status).toBe(303);
    const attacker = new CookieJar();
    attacker.set(s.url, 'parla_oidc_state', cookie);
    await stateRefused(await callback(attacker, r.callback));
    expect((await attacker.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);

    const refusals = (await ssoAudit(s)).slice(before).filter((e) => e.activity === 'login.sso-failed');
    expect(refusals.map((e) => e.details.reason)).toEqual(['state', 'state', 'state', 'state']);
    expect(refusals.every((e) => e.details.address === '127.0.0.1' && e.details.user_agent === AGENT)).toBe(true);
  });

  it('exchanges the code only with its own PKCE verifier, and takes only an ID token with its own nonce', async () => {
    const db = s.container.database.db;
    const pending = () => db.updateTable('oidc_requests');
    // Another verifier than the one the challenge was made from: the provider refuses the code.
    const jar = new CookieJar();
    const { callback: url } = await toCallback(s, jar, 'sub-jane');
    await pending().set({ code_verifier: 'x'.repeat(43) }).execute();
    const wrongVerifier = await callback(jar, url);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.text()).toContain('invalid_grant');
    // Another nonce than the one the ID token carries.
    const other = new CookieJar();
    const second = await toCallback(s, other, 'sub-jane');
    await pending().set({ nonce: 'not-the-nonce-that-was-sent' }).execute();
    const wrongNonce = await callback(other, second.callback);
    expect(wrongNonce.status).toBe(400);
    expect(await wrongNonce.text()).toContain('unexpected ID Token &quot;nonce&quot; claim value');
    expect((await other.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);
    expect((await ssoAudit(s)).slice(-2).map((e) => e.details.reason)).toEqual(['invalid', 'invalid']);
  });

  it('refuses a sign-in the person cancelled at the provider', async () => {
    const jar = new CookieJar();
    const answer = await signIn(s, jar, 'sub-jane', { deny: true });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('The sign-in provider refused the sign-in (access_denied');
    expect((await jar.fetch(`${s.url}/accounts/csrf/`)).status).toBe(401);
    expect((await ssoAudit(s)).at(-1)).toMatchObject({ activity: 'login.sso-failed', details: { reason: 'denied' } });
  });

  it('forgets the identity of a removed account: the next sign-in makes a new one', async () => {
    expect((await s.api('/api/users/jane_doe/', { method: 'DELETE' })).status).toBe(204);
    const jar = new CookieJar();
    expect((await signIn(s, jar, 'sub-jane')).status).toBe(303);
    expect(await whoAmI(s, jar)).toBe('J. Doe');
    expect((await userAudit(s, 'jdoe')).map((e) => e.activity)).toEqual(['login.sso', 'user.sso-linked', 'user.created']);
  });

  it('asks an account with a second factor for it before any session starts', async () => {
    await strict.container.users.create({ username: 'tess', email: 'tess@example.com', full_name: 'Tess' });
    await strict.container.database.db.updateTable('users').set({ has_2fa: 1 }).where('username', '=', 'tess').execute();
    provider.accounts.set('sub-tess', { email: 'tess@example.com', email_verified: true, name: 'Tess' });
    const jar = new CookieJar();
    const answer = await signIn(strict, jar, 'sub-tess', { next: '/accounts/profile/' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/accounts/2fa/verify/?next=${encodeURIComponent('/accounts/profile/')}`);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('parla_session='))).toBe(false);
    expect(cookies.some((c) => /^parla_2fa=[^;]+;/.test(c))).toBe(true);
    expect((await jar.fetch(`${strict.url}/accounts/csrf/`)).status).toBe(401);
  });

  it('refuses an inactive account, with an audit entry on it', async () => {
    const patched = await strict.api('/api/users/bob/', { method: 'PATCH', json: { is_active: false } });
    expect(patched.status).toBe(200);
    const jar = new CookieJar();
    const answer = await signIn(strict, jar, 'sub-bob');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('This account is inactive.');
    expect((await jar.fetch(`${strict.url}/accounts/csrf/`)).status).toBe(401);
    expect((await userAudit(strict, 'bob'))[0]).toMatchObject({ activity: 'login.sso-failed', details: { reason: 'inactive', address: '127.0.0.1', user_agent: AGENT } });
  });
});

describe('single sign-on with an unreachable provider', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    s = await startServer('sqlite', { PARLA_OIDC_ISSUER: 'http://127.0.0.1:9', PARLA_OIDC_CLIENT_ID: 'parla', PARLA_OIDC_NAME: 'Nowhere ID' });
  });
  afterAll(async () => s?.close());

  it('starts, and explains on a page that the provider cannot be reached', async () => {
    expect(await (await fetch(`${s.url}/accounts/login/`)).text()).toContain('Sign in with Nowhere ID');
    const answer = await fetch(`${s.url}/accounts/oidc/login/?next=/`, { redirect: 'manual' });
    expect(answer.status).toBe(503);
    const page = await answer.text();
    expect(page).toContain('The sign-in provider at http://127.0.0.1:9 cannot be reached');
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });

  it('answers 404 without single sign-on configured', async () => {
    const plain = await startServer('sqlite');
    try {
      expect(await (await fetch(`${plain.url}/accounts/login/`)).text()).not.toContain('sso-login');
      expect((await fetch(`${plain.url}/accounts/oidc/login/`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${plain.url}/accounts/oidc/callback/?code=x&state=y`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
