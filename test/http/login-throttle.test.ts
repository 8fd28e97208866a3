// Failed sign-ins are throttled per account and per client address: 429 with Retry-After, a lock that a right
// password does not pass, audit entries, the UI form's message, and counts shared through Redis.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';

// '' selects the defaults (5 failures per 300 s, then 600 s locked) over the test helper's high limits.
const DEFAULTS = { PARLA_LOGIN_ATTEMPTS: '', PARLA_LOGIN_LOCKOUT: '', PARLA_TRUST_PROXY: '127.0.0.1' };

function login(s: TestServer, address: string, username: string, password: string): Promise<Response> {
  return s.api('/accounts/login/', { method: 'POST', token: null, headers: { 'X-Forwarded-For': address, 'User-Agent': 'ThrottleTest/1.0' }, json: { username, password } });
}

function formLogin(s: TestServer, address: string, username: string, password: string): Promise<Response> {
  return fetch(`${s.url}/accounts/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url, 'X-Forwarded-For': address, 'User-Agent': 'ThrottleTest/1.0' },
    body: new URLSearchParams({ username, password, next: '/' }),
  });
}

describe.each(DIALECTS)('sign-in throttle (%s)', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect, DEFAULTS);
    for (const name of ['jane', 'bob', 'carol']) await s.container.users.create({ username: name, email: `${name}@example.com`, password: `${name} password` });
  });
  afterAll(async () => s?.close());

  it('locks an account after 5 failures, whatever the address, and a right password does not pass the lock', async () => {
    for (let i = 1; i <= 5; i++) expect((await login(s, `10.0.0.${i}`, 'jane', `guess ${i}`)).status).toBe(400);
    const locked = await login(s, '10.0.0.6', 'jane', 'jane password');
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await locked.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'throttled' }] });
    expect(locked.headers.getSetCookie()).toEqual([]);
    // Signing in by e-mail is the same account; another account from the same address is not locked.
    expect((await login(s, '10.0.0.7', 'jane@example.com', 'jane password')).status).toBe(429);
    expect((await login(s, '10.0.0.6', 'bob', 'bob password')).status).toBe(200);
    // Sign-ins and failures are in the account's audit log with the address and the user agent.
    const bobs = (await (await s.api('/api/users/bob/audit/')).json()).results as { activity: string; details: Record<string, unknown> }[];
    expect(bobs.filter((e) => e.activity === 'login')).toEqual([expect.objectContaining({ details: { method: 'password', address: '10.0.0.6', user_agent: 'ThrottleTest/1.0' } })]);

    const audit = (await (await s.api('/api/users/jane/audit/')).json()).results as { activity: string; details: Record<string, unknown> }[];
    expect(audit.filter((e) => e.activity === 'login.failed')).toHaveLength(5);
    expect(audit.find((e) => e.activity === 'login.failed')!.details).toEqual({ address: '10.0.0.5', user_agent: 'ThrottleTest/1.0' });
    expect(audit.filter((e) => e.activity === 'login.locked')).toEqual([expect.objectContaining({ details: expect.objectContaining({ scope: 'account', address: '10.0.0.5', seconds: 600 }) })]);
    expect(JSON.stringify(audit)).not.toContain('guess');
  });

  it('locks a client address after 5 failures, whatever the account names', async () => {
    for (let i = 1; i <= 5; i++) expect((await login(s, '10.0.1.1', `nobody${i}`, 'x')).status).toBe(400);
    const locked = await login(s, '10.0.1.1', 'carol', 'carol password');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(590);
    expect((await login(s, '10.0.1.2', 'carol', 'carol password')).status).toBe(200);
  });

  it('lets no more than 5 guesses through when they come all at once', async () => {
    await s.container.users.create({ username: 'dave', email: 'dave@example.com', password: 'dave password' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(s, `10.0.3.${i + 1}`, 'dave', `guess ${i}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 400)).toHaveLength(5);
    expect(statuses.filter((st) => st === 429)).toHaveLength(15);
    expect((await login(s, '10.0.3.99', 'dave', 'dave password')).status).toBe(429);
  });

  it('lets a right password in on the last allowed attempt, without locking the account', async () => {
    await s.container.users.create({ username: 'erin', email: 'erin@example.com', password: 'erin password' });
    for (let i = 1; i <= 4; i++) expect((await login(s, `10.0.4.${i}`, 'erin', `guess ${i}`)).status).toBe(400);
    expect((await login(s, '10.0.4.5', 'erin', 'erin password')).status).toBe(200);
    expect((await login(s, '10.0.4.6', 'erin', 'erin password')).status).toBe(200);
  });

  it('answers the sign-in form with the message next to the form and status 429', async () => {
    for (let i = 1; i <= 5; i++) expect((await formLogin(s, '10.0.2.1', 'bob', `guess ${i}`)).status).toBe(303);
    const page = await formLogin(s, '10.0.2.2', 'bob', 'bob password');
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toMatch(/<p class="error" role="alert" id="login-error">Too many failed sign-in attempts\. Try again in \d+ seconds\.<\/p>/);
    expect(html).toContain('id="login-form"');
  });
});

describe('sign-in lock', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { ...DEFAULTS, PARLA_LOGIN_ATTEMPTS: '2/300s', PARLA_LOGIN_LOCKOUT: '1' });
    await s.container.users.create({ username: 'jane', email: 'jane@example.com', password: 'jane password' });
  });
  afterAll(async () => s?.close());

  it('ends after PARLA_LOGIN_LOCKOUT seconds, and a success clears the account count', async () => {
    expect((await login(s, '10.0.0.1', 'jane', 'a')).status).toBe(400);
    expect((await login(s, '10.0.0.2', 'jane', 'b')).status).toBe(400);
    expect((await login(s, '10.0.0.3', 'jane', 'jane password')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(s, '10.0.0.3', 'jane', 'jane password')).status).toBe(200);
    expect((await login(s, '10.0.0.4', 'jane', 'c')).status).toBe(400);
    expect((await login(s, '10.0.0.5', 'jane', 'jane password')).status).toBe(200);
  });
});

describe.skipIf(!REDIS_URL)('sign-in throttle shared through Redis', () => {
  const secretKey = crypto.randomBytes(24).toString('base64url'); // this run's own key namespace
  const env = { ...DEFAULTS, PARLA_REDIS_URL: REDIS_URL, PARLA_SECRET_KEY: secretKey, PARLA_SERVE_RUNS_TASKS: '1' };
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startServer('sqlite', env);
    second = await startServer('sqlite', env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await deleteRedisKeys('parla:login:');
  });

  it('counts the failures of an address on every process', async () => {
    // Each process alone would still let these through.
    for (let i = 1; i <= 3; i++) expect((await login(first, '10.9.0.1', `someone${i}`, 'x')).status).toBe(400);
    for (let i = 4; i <= 5; i++) expect((await login(second, '10.9.0.1', `someone${i}`, 'x')).status).toBe(400);
    const locked = await login(first, '10.9.0.1', 'admin', 'admin-password');
    expect(locked.status).toBe(429);
    expect((await login(second, '10.9.0.1', 'admin', 'admin-password')).status).toBe(429);
    expect((await login(second, '10.9.0.2', 'admin', 'admin-password')).status).toBe(200);
    // Guesses sent to both processes at once share one count.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(i % 2 ? first : second, '10.9.0.3', `other${i}`, 'x')));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
  });
});
