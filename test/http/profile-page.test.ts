// The profile page over HTTP as a browser uses it: each form changes what the API shows, bad input comes back next to the form,
// the API token is regenerated and shown once, sessions end, and only the signed-in user reaches their page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'a long enough passphrase';

describe.each(DIALECTS)('profile page (%s)', (dialect) => {
  let s: TestServer;
  let token: string;
  let cookie: string;

  const signIn = async () => {
    const res = await fetch(`${s.url}/accounts/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ username: 'tereza', password: PASSWORD, next: '/accounts/profile/' }),
    });
    expect(res.status).toBe(303);
    return /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  };
  const get = async (path: string, session = cookie) => {
    const res = await fetch(`${s.url}${path}`, { headers: { Cookie: session }, redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const csrfOf = (html: string) => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ?? '';
  /** Submits one of the page's forms as the browser does: the page's CSRF token, repeated fields for lists. */
  const submit = async (section: string, fields: [string, string][], session = cookie) => {
    const form = await get('/accounts/profile/', session);
    const body = new URLSearchParams([['csrfmiddlewaretoken', csrfOf(form.html)], ['section', section], ...fields]);
    const res = await fetch(`${s.url}/accounts/profile/`, { method: 'POST', redirect: 'manual', headers: { Cookie: session, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const me = async () => (await s.api('/api/users/tereza/', { token })).json();

  beforeAll(async () => {
    s = await startServer(dialect);
    token = await s.createUser('tereza');
    const user = await s.container.users.findByUsername(s.container.database.db, 'tereza');
    await s.container.users.setPassword(user!.id, PASSWORD);
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
    expect((await createProject(s, 'hidden', { access_control: 100 })).status).toBe(201);
    cookie = await signIn();
  });
  afterAll(() => s?.close());

  it('is for the signed-in user only and shows their account', async () => {
    const anonymous = await fetch(`${s.url}/accounts/profile/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/accounts/login/?next=%2Faccounts%2Fprofile%2F');
    const page = await get('/accounts/profile/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<strong id="profile-username">tereza</strong>');
    expect(page.html).toContain('tereza@example.com');
    expect(page.html).toContain('href="/accounts/profile/" id="profile-link"');
    expect(page.html).toContain('href="/accounts/email/" id="profile-change-email"');
    // A translator may invite nobody and has no outbox; a superuser sees both links.
    expect(page.html).not.toContain('id="profile-invite"');
    expect(page.html).not.toContain('id="profile-outbox"');
    const admin = await fetch(`${s.url}/accounts/profile/`, { headers: { Authorization: `Token ${s.adminToken}` } });
    const adminPage = await admin.text();
    expect(adminPage).toContain('href="/accounts/invite/" id="profile-invite"');
    expect(adminPage).toContain('href="/manage/mail/" id="profile-outbox"');
    // Projects the user may not see are not offered for watching.
    expect(page.html).toContain('id="watch-shop"');
    expect(page.html).not.toContain('id="watch-hidden"');
  });

  it('saves the name, languages and watched projects as the API then shows them', async () => {
    expect(await submit('account', [['full_name', 'Tereza Nováková']])).toMatchObject({ status: 303, location: '/accounts/profile/?saved=account' });
    expect(await submit('languages', [['languages', 'cs'], ['languages', 'sk'], ['secondary_languages', 'de']])).toMatchObject({ status: 303 });
    expect(await submit('watched', [['watched', 'shop']])).toMatchObject({ status: 303 });
    const user = await me();
    expect(user.full_name).toBe('Tereza Nováková');
    expect(user.profile.languages.map((u: string) => u.replace(/\/$/, '').split('/').pop()).sort()).toEqual(['cs', 'sk']);
    expect(user.profile.secondary_languages.map((u: string) => u.replace(/\/$/, '').split('/').pop())).toEqual(['de']);
    expect(user.profile.watched).toEqual([`${s.url}/api/projects/shop/`]);
    const page = await get('/accounts/profile/?saved=watched');
    expect(page.html).toContain('Your watched projects are saved.');
    expect(page.html).toMatch(/<option value="cs" selected>/);
    expect(page.html).toMatch(/id="watch-shop" name="watched" value="shop" checked/);
  });

  it('shows refused input next to its form and changes nothing', async () => {
    const refused = await submit('languages', [['languages', 'xx-nonexistent']]);
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<ul class="error" role="alert" id="languages-errors"><li>profile\.languages: [^<]+<\/li>/);
    expect((await me()).profile.languages).toHaveLength(2);
    const unknown = await submit('watched', [['watched', 'hidden']]);
    expect(unknown.status).toBe(400);
    expect((await me()).profile.watched).toEqual([`${s.url}/api/projects/shop/`]);
  });

  it('changes notification frequencies and adds project and component subscriptions', async () => {
    const before = (await (await s.api('/api/users/tereza/notifications/?page_size=100', { token })).json()).results as { id: number; notification: string; frequency: number }[];
    const mention = before.find((n) => n.notification === 'MentionCommentNotificaton')!;
    const saved = await submit('notifications', [
      [`frequency_${mention.id}`, '2'],
      ['add_notification', 'NewStringNotificaton'],
      ['add_scope', '40'],
      ['add_target', 'shop/app'],
      ['add_frequency', '3'],
    ]);
    expect(saved).toMatchObject({ status: 303, location: '/accounts/profile/?saved=notifications' });
    const after = (await (await s.api('/api/users/tereza/notifications/?page_size=100', { token })).json()).results as { id: number; notification: string; frequency: number; scope: number; component: string | null }[];
    expect(after.find((n) => n.id === mention.id)!.frequency).toBe(2);
    expect(after.find((n) => n.notification === 'NewStringNotificaton')).toMatchObject({ scope: 40, frequency: 3, component: `${s.url}/api/components/shop/app/` });
    // A component the user cannot see is refused next to the form.
    const hidden = await submit('notifications', [['add_notification', 'NewStringNotificaton'], ['add_scope', '30'], ['add_target', 'hidden']]);
    expect(hidden.status).toBe(400);
    expect(hidden.html).toContain('add_target: No project &quot;hidden&quot; that you can see.');
  });

  it('regenerates the API token, shows it once and ends the old one', async () => {
    const res = await submit('token', []);
    expect(res.status).toBe(200);
    const fresh = /<code id="api-token-value">([^<]+)<\/code>/.exec(res.html)?.[1];
    expect(fresh).toBeTruthy();
    expect((await s.api('/api/users/tereza/', { token })).status).toBe(401);
    expect((await s.api('/api/users/tereza/', { token: fresh! })).status).toBe(200);
    token = fresh!;
    const later = await get('/accounts/profile/');
    expect(later.html).not.toContain(fresh!);
    expect(later.html).toContain('id="api-token-info"');
    // The audit log on the page names what happened to the account.
    expect(later.html).toMatch(/<table class="list" id="audit-table">[\s\S]*token/);
  });

  it('signs out the other sessions, then every session', async () => {
    const other = await signIn();
    expect((await get('/accounts/profile/')).html.match(/<tr><td>/g)!.length).toBeGreaterThanOrEqual(2);
    expect(await submit('sessions', [['end', 'others']])).toMatchObject({ status: 303, location: '/accounts/profile/?saved=sessions' });
    expect((await get('/accounts/profile/', other)).status).toBe(303);
    expect((await get('/accounts/profile/')).status).toBe(200);
    const all = await submit('sessions', [['end', 'all']]);
    expect(all).toMatchObject({ status: 303, location: '/accounts/login/?next=%2Faccounts%2Fprofile%2F' });
    expect((await get('/accounts/profile/')).status).toBe(303);
  });
});
