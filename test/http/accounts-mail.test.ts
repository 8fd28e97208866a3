// Account e-mails over HTTP on every database, with a real SMTP server: password reset, invitations, registration, address
// change, the password policy, links that are used, tampered with or expired, retries while the mail server is down, one
// delivery per message, header injection, and the outbox when no mail server is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { freePort, startSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';

const STRONG = 'violet kettle on a bicycle';

/** A browser-like client of one server: form posts with the site's Origin, the session cookie kept. */
function browser(s: TestServer) {
  let cookie = '';
  const request = async (path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (init.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      if (!headers.has('Origin')) headers.set('Origin', s.url);
    }
    const res = await fetch(new URL(path, s.url), { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('parla_session='));
    if (set) cookie = set.split(';')[0]!;
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  };
  return {
    request,
    get cookie() {
      return cookie;
    },
    /** The signed-in username the page header shows, or null. */
    async who(): Promise<string | null> {
      const page = await request('/');
      return /id="username">([^<]*)</.exec(page.body)?.[1] ?? null;
    },
    async signIn(username: string, password: string) {
      return request('/accounts/login/', { form: { username, password, next: '/' } });
    },
    csrf: async () => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec((await request('/')).body)?.[1] ?? '',
  };
}

/** The first address under /accounts/ in the message, checked to be the same in both parts. */
function linkIn(mail: ReceivedMail, path: string): string {
  const re = new RegExp(`https?://[^\\s"<>]+/accounts/${path}/[A-Za-z0-9_-]+/`);
  const text = re.exec(mail.text)?.[0];
  const html = re.exec(mail.html)?.[0];
  expect(text, mail.text).toBeTruthy();
  expect(html).toBe(text);
  return text!;
}

const pathOf = (url: string) => new URL(url).pathname;
const to = (address: string) => (m: ReceivedMail) => m.envelopeTo.some((a) => a.toLowerCase() === address.toLowerCase());

describe.each(DIALECTS)('account e-mails on %s', (dialect) => {
  let s: TestServer;
  let smtp: TestSmtp;
  const db = () => s.container.database.db;
  const audit = (activity: string) => db().selectFrom('audit_log').selectAll().where('activity', '=', activity).orderBy('id').execute();
  const password = async (username: string) => (await db().selectFrom('users').select('password').where('username', '=', username).executeTakeFirstOrThrow()).password;

  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url, PARLA_EMAIL_FROM: 'Parla Test <parla@example.com>', PARLA_EMAIL_RATELIMIT: '1000/hour' });
    await s.container.users.create({ username: 'marie', email: 'Marie@Example.com', full_name: 'Marie Curie', password: 'old password 1867' });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('answers a reset request the same for known and unknown addresses, and mails only the known one', async () => {
    const b = browser(s);
    const known = await b.request('/accounts/reset/', { form: { email: 'marie@example.COM' } });
    const unknown = await b.request('/accounts/reset/', { form: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (body: string) => body.replace(/<input type="hidden"[^>]*>/g, '');
    expect(strip(unknown.body)).toBe(strip(known.body));
    expect(known.body).toContain('If an account uses this address');
    const mail = await smtp.waitFor(to('Marie@Example.com'));
    await s.container.tasks.idle();
    expect(smtp.messages.filter(to('nobody@example.com'))).toEqual([]);
    expect(mail.envelopeFrom).toBe('parla@example.com');
    expect(mail.header('from')).toBe('Parla Test <parla@example.com>');
    // The address as stored (nodemailer writes the domain in lower case).
    expect(mail.header('to')).toBe('Marie@example.com');
    expect(mail.subject).toBe('Password reset on Parla');
    expect(mail.header('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain('"marie"');
    expect(mail.html).toContain('<a href="');
    expect(mail.header('list-unsubscribe')).toBeUndefined(); // a message the recipient asked for, not a subscription
    // A malformed address is refused on its field, with the form shown again.
    const bad = await b.request('/accounts/reset/', { form: { email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/id="id_email_error">Enter a valid email address\./);
  });

  it('sets the password through the reset link once; reused, tampered and expired links change nothing', async () => {
    smtp.messages.length = 0;
    const b = browser(s);
    await b.request('/accounts/reset/', { form: { email: 'marie@example.com' } });
    const link = pathOf(linkIn(await smtp.waitFor(to('Marie@Example.com')), 'reset'));
    const before = await password('marie');

    const form = await b.request(link);
    expect(form.status).toBe(200);
    expect(form.body).toContain('id="set-password-form"');
    expect(form.body).toContain('<strong>marie</strong>');

    // The policy refuses, each message next to its field; nothing changes and the link still works.
    const weak = await b.request(link, { form: { password: 'marie-curie', password2: 'other' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatch(/id="id_password_error">[^<]*The password is too similar to the username\./);
    expect(weak.body).toContain('id="id_password2_error">The two password fields did not match.');
    const common = await b.request(link, { form: { password: 'Password123', password2: 'Password123' } });
    expect(common.body).toMatch(/id="id_password_error">This password is too common\./);
    const short = await b.request(link, { form: { password: 'x7#Qp2!', password2: 'x7#Qp2!' } });
    expect(short.body).toContain('This password is too short. It must contain at least 10 characters.');
    expect(await password('marie')).toBe(before);

    // A session of the account ends with the reset; the reset signs the browser in.
    const other = browser(s);
    await other.signIn('marie', 'old password 1867');
    expect(await other.who()).toBe('Marie Curie');
    const done = await b.request(link, { form: { password: STRONG, password2: STRONG } });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/?done=password');
    expect(await b.who()).toBe('Marie Curie');
    expect(await other.who()).toBeNull();
    expect(await password('marie')).not.toBe(before);
    expect((await browser(s).signIn('marie', STRONG)).location).toBe('/');
    const entries = await audit('user.password');
    expect(entries.at(-1)).toMatchObject({ user_id: expect.any(Number), details: JSON.stringify({ method: 'reset link' }) });

    // Used: a clear page, no change.
    const after = await password('marie');
    for (const attempt of [await b.request(link), await browser(s).request(link, { form: { password: 'another strong passphrase', password2: 'another strong passphrase' } })]) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toContain('This link has already been used.');
    }
    // Tampered: one character changed, or cut short.
    const secret = link.split('/')[3]!;
    const flipped = `${secret.slice(0, 10)}${secret[10] === 'A' ? 'B' : 'A'}${secret.slice(11)}`;
    for (const bad of [`/accounts/reset/${flipped}/`, `/accounts/reset/${secret.slice(0, 20)}/`]) {
      const page = await browser(s).request(bad, { form: { password: 'another strong passphrase', password2: 'another strong passphrase' } });
      expect(page.status).toBe(400);
      expect(page.body).toContain('This link is not valid.');
    }
    expect(await password('marie')).toBe(after);

    // Expired: the link's time is up (moved into the past here), and nothing changes.
    smtp.messages.length = 0;
    await b.request('/accounts/reset/', { form: { email: 'marie@example.com' } });
    const late = pathOf(linkIn(await smtp.waitFor(to('Marie@Example.com')), 'reset'));
    await db().updateTable('account_links').set({ expires: new Date(Date.now() - 1000).toISOString() }).where('used', 'is', null).execute();
    for (const attempt of [await b.request(late), await b.request(late, { form: { password: 'another strong passphrase', password2: 'another strong passphrase' } })]) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toContain('This link has expired.');
    }
    expect(await password('marie')).toBe(after);
  });

  it('does not sign in through a reset link an account that has a second factor', async () => {
    const user = await s.container.users.create({ username: 'guarded', email: 'guarded@example.com', password: 'old password 1867' });
    await db().updateTable('users').set({ has_2fa: 1 }).where('id', '=', user.id).execute();
    const before = await password('guarded');
    smtp.messages.length = 0;
    const b = browser(s);
    await b.request('/accounts/reset/', { form: { email: 'guarded@example.com' } });
    const link = pathOf(linkIn(await smtp.waitFor(to('guarded@example.com')), 'reset'));
    const done = await b.request(link, { form: { password: STRONG, password2: STRONG } });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Sign in with it and your second factor.');
    expect(b.cookie).toBe('');
    expect(await password('guarded')).not.toBe(before);
  });

  it('refuses a reset form posted from another site', async () => {
    const res = await browser(s).request('/accounts/reset/', { form: { email: 'marie@example.com' }, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('invites a new address into a team: the link creates the account, joins the team and signs in, once', async () => {
    expect((await createProject(s, 'inv')).status).toBe(201);
    const team = await (await s.api('/api/groups/', { method: 'POST', json: { name: 'Translators', defining_project: `${s.url}/api/projects/inv/` } })).json();
    expect(team.id).toEqual(expect.any(Number));
    smtp.messages.length = 0;
    const res = await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', json: { email: 'new.translator@example.com' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'invited', email: 'new.translator@example.com', username: null });
    const mail = await smtp.waitFor(to('new.translator@example.com'));
    expect(mail.subject).toBe('admin invites you to Parla');
    expect(mail.text).toContain('to the team "Translators"');
    const link = pathOf(linkIn(mail, 'invitation'));

    const b = browser(s);
    const page = await b.request(link);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<strong>Translators</strong>');
    expect(page.body).toContain('new.translator@example.com');
    const refused = await b.request(link, { form: { username: 'marie', full_name: 'New', password: 'short', password2: 'short' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('id="id_username_error">A user with that username already exists.');
    expect(refused.body).toContain('This password is too short.');
    expect(refused.body).toContain('value="New"');
    const done = await b.request(link, { form: { username: 'newt', full_name: 'Newt Translator', password: STRONG, password2: STRONG } });
    expect(done.status).toBe(303);
    expect(await b.who()).toBe('Newt Translator');
    const user = await (await s.api('/api/users/newt/')).json();
    expect(user.email).toBe('new.translator@example.com');
    expect(user.groups).toContain(`${s.url}/api/groups/${team.id}/`);
    expect((await browser(s).request(link)).body).toContain('This link has already been used.');
    expect((await audit('invitation.created')).at(-1)).toMatchObject({ group_id: team.id, details: expect.stringContaining('new.translator@example.com') });
    expect((await audit('invitation.accepted')).at(-1)).toMatchObject({ group_id: team.id });
  });

  it('joins the account of an invited address that already has one, and tells its owner', async () => {
    const team = (await (await s.api('/api/groups/?page_size=1000')).json()).results.find((g: any) => g.name === 'Translators');
    smtp.messages.length = 0;
    const res = await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', json: { email: 'MARIE@example.com' } });
    expect(await res.json()).toEqual({ status: 'joined', email: 'MARIE@example.com', username: 'marie' });
    const mail = await smtp.waitFor(to('Marie@Example.com'));
    expect(mail.subject).toBe('admin added you to the team "Translators" on Parla');
    expect((await (await s.api('/api/users/marie/')).json()).groups).toContain(`${s.url}/api/groups/${team.id}/`);
    // Other users may not invite into a team they do not manage: one they do not see is not found, one they are in is refused.
    const token = await s.createUser('outsider');
    expect((await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', token, json: { email: 'x@example.com' } })).status).toBe(404);
    expect((await s.api('/api/users/outsider/groups/', { method: 'POST', json: { group_id: team.id } })).status).toBe(200);
    expect((await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', token, json: { email: 'x@example.com' } })).status).toBe(403);
    expect((await s.api('/api/groups/999999/invite/', { method: 'POST', json: { email: 'x@example.com' } })).status).toBe(404);
    const invalid = await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', json: { email: 'nope' } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual([{ code: 'invalid', detail: 'Enter a valid email address.', attr: 'email' }]);
  });

  it('lets a project administrator invite through the web form, into their project teams only', async () => {
    const team = (await (await s.api('/api/groups/?page_size=1000')).json()).results.find((g: any) => g.name === 'Translators');
    const admins = (await (await s.api('/api/groups/?page_size=1000')).json()).results.find((g: any) => g.name === 'Administration' && g.defining_project === `${s.url}/api/projects/inv/`);
    await s.container.users.create({ username: 'pam', email: 'pam@example.com', full_name: 'Pam', password: STRONG });
    expect((await s.api('/api/users/pam/groups/', { method: 'POST', json: { group_id: admins.id } })).status).toBe(200);
    const b = browser(s);
    await b.signIn('pam', STRONG);
    const form = await b.request('/accounts/invite/');
    expect(form.status).toBe(200);
    expect(form.body).toContain(`<option value="${team.id}">Translators</option>`);
    expect(form.body).not.toContain('No team');
    expect(form.body).not.toContain('Project creators');
    smtp.messages.length = 0;
    const csrf = await b.csrf();
    const sent = await b.request('/accounts/invite/', { form: { csrfmiddlewaretoken: csrf, email: 'friend@example.com', group: String(team.id) } });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('An invitation is on its way to friend@example.com.');
    expect((await smtp.waitFor(to('friend@example.com'))).subject).toBe('Pam invites you to Parla');
    // A site-wide team is not theirs to invite into; without the CSRF token nothing happens.
    const creators = (await (await s.api('/api/groups/?page_size=1000')).json()).results.find((g: any) => g.name === 'Project creators');
    expect((await b.request('/accounts/invite/', { form: { csrfmiddlewaretoken: csrf, email: 'x@example.com', group: String(creators.id) } })).status).toBe(403);
    expect((await b.request('/accounts/invite/', { form: { email: 'x@example.com', group: String(team.id) } })).status).toBe(403);
    expect((await browser(s).request('/accounts/invite/')).status).toBe(403);
  });

  it('invites site-wide from the form (user managers only): an account without a team; an address with an account is refused on its field', async () => {
    const b = browser(s);
    await b.signIn('admin', 'admin-password');
    const form = await b.request('/accounts/invite/');
    expect(form.body).toContain('<option value="">No team (an account only)</option>');
    smtp.messages.length = 0;
    const csrf = await b.csrf();
    const sent = await b.request('/accounts/invite/', { form: { csrfmiddlewaretoken: csrf, email: 'solo@example.com', group: '' } });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor(to('solo@example.com'));
    expect(mail.text).toContain('admin invites you on Parla');
    const link = pathOf(linkIn(mail, 'invitation'));
    expect((await browser(s).request(link)).body).not.toContain('to the team');
    expect((await browser(s).request(link, { form: { username: 'solo', full_name: '', password: STRONG, password2: STRONG } })).status).toBe(303);
    expect((await (await s.api('/api/users/solo/')).json()).email).toBe('solo@example.com');
    const again = await b.request('/accounts/invite/', { form: { csrfmiddlewaretoken: csrf, email: 'SOLO@example.com', group: '' } });
    expect(again.status).toBe(400);
    expect(again.body).toContain('id="id_email_error">This address already has an account.');
  });

  it('makes header injection through a name impossible', async () => {
    await s.container.users.create({ username: 'eve', email: 'eve@example.com', full_name: 'Eve\r\nBcc: victim@example.com\r\nX-Injected: yes', password: STRONG, is_superuser: true });
    const token = await s.container.users.rotateToken((await s.container.users.findByUsername(db(), 'eve'))!.id);
    smtp.messages.length = 0;
    const team = (await (await s.api('/api/groups/?page_size=1000')).json()).results.find((g: any) => g.name === 'Translators');
    expect((await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', token, json: { email: 'target@example.com' } })).status).toBe(200);
    const mail = await smtp.waitFor(to('target@example.com'));
    expect(mail.envelopeTo).toEqual(['target@example.com']);
    expect(mail.header('bcc')).toBeUndefined();
    expect(mail.header('x-injected')).toBeUndefined();
    expect(mail.subject).toBe('Eve Bcc: victim@example.com X-Injected: yes invites you to Parla');
    await s.container.tasks.idle();
    expect(smtp.messages.filter(to('victim@example.com'))).toEqual([]);
    // A new line in an address is no address.
    const res = await s.api(`/api/groups/${team.id}/invite/`, { method: 'POST', json: { email: 'a@example.com\r\nBcc: victim@example.com' } });
    expect(res.status).toBe(400);
  });

  it('changes the e-mail address only once the new address confirms it', async () => {
    const b = browser(s);
    await b.signIn('marie', STRONG);
    const csrf = await b.csrf();
    const wrong = await b.request('/accounts/email/', { form: { csrfmiddlewaretoken: csrf, email: 'marie@new.example', password: 'not my password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('id="id_password_error">Your password was entered incorrectly.');
    smtp.messages.length = 0;
    const sent = await b.request('/accounts/email/', { form: { csrfmiddlewaretoken: csrf, email: 'marie@new.example', password: STRONG } });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor(to('marie@new.example'));
    expect(mail.subject).toBe('Confirm your new e-mail address on Parla');
    expect((await (await s.api('/api/users/marie/')).json()).email).toBe('Marie@Example.com');
    const link = pathOf(linkIn(mail, 'email'));
    // Opening the link (as a mail scanner would) changes nothing; the button does.
    expect((await browser(s).request(link)).body).toContain('id="confirm-email-form"');
    expect((await (await s.api('/api/users/marie/')).json()).email).toBe('Marie@Example.com');
    const done = await browser(s).request(link, { form: {} });
    expect(done.status).toBe(200);
    expect(done.body).toContain('now uses marie@new.example');
    expect((await (await s.api('/api/users/marie/')).json()).email).toBe('marie@new.example');
    expect((await browser(s).request(link, { form: {} })).body).toContain('This link has already been used.');
    expect((await audit('user.email')).at(-1)).toMatchObject({ details: JSON.stringify({ from: 'Marie@Example.com', to: 'marie@new.example' }) });
  });

  it('keeps registration closed by default', async () => {
    const b = browser(s);
    expect((await b.request('/accounts/register/')).status).toBe(403);
    expect((await b.request('/accounts/register/', { form: { username: 'x', email: 'x@example.com' } })).status).toBe(403);
    expect(await db().selectFrom('users').select('id').where('username', '=', 'x').executeTakeFirst()).toBeUndefined();
  });

  it('sends a message only once when two tasks claim it', async () => {
    smtp.messages.length = 0;
    const id = await s.container.mail.store(db(), 'once@example.com', { subject: 'Once', text: 'once', html: '<p>once</p>', headers: {} });
    const results = await Promise.all([s.container.mail.runTask({ messageId: id }), s.container.mail.runTask({ messageId: id }), s.container.mail.runTask({ messageId: id })]);
    expect(results.filter((r) => (r as { sent: boolean }).sent)).toHaveLength(1);
    await smtp.waitFor(to('once@example.com'));
    await s.container.mail.dispatch([id]);
    await s.container.tasks.idle();
    expect(smtp.messages.filter(to('once@example.com'))).toHaveLength(1);
    const row = await db().selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text_body: '', html_body: '' });
  });
});

describe.each(DIALECTS)('account e-mails with open registration, a mail server that is down, and the outbox on %s', (dialect) => {
  it('registers with a confirmed address; an address that has an account gets a notice instead, with the same answer', async () => {
    const smtp = await startSmtp();
    const s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url, PARLA_REGISTRATION_OPEN: '1', PARLA_EMAIL_RATELIMIT: '4/hour' });
    try {
      await s.container.users.create({ username: 'taken', email: 'taken@example.com', password: STRONG });
      const b = browser(s);
      expect((await b.request('/accounts/login/')).body).toContain('href="/accounts/reset/"');
      expect((await b.request('/accounts/register/')).status).toBe(200);
      const refused = await b.request('/accounts/register/', { form: { username: 'taken', email: 'bad' } });
      expect(refused.status).toBe(400);
      expect(refused.body).toContain('id="id_username_error">A user with that username already exists.');
      expect(refused.body).toContain('id="id_email_error">Enter a valid email address.');
      const fresh = await b.request('/accounts/register/', { form: { username: 'rosa', full_name: 'Rosa', email: 'rosa@example.com' } });
      const existing = await b.request('/accounts/register/', { form: { username: 'rosa2', full_name: 'Rosa', email: 'TAKEN@example.com' } });
      expect(fresh.status).toBe(200);
      expect(existing.body).toBe(fresh.body);
      const notice = await smtp.waitFor(to('TAKEN@example.com'));
      expect(notice.text).toContain('already has the account "taken"');
      expect(notice.text).not.toMatch(/\/accounts\/register\/[A-Za-z0-9_-]{43}\//);
      const link = pathOf(linkIn(await smtp.waitFor(to('rosa@example.com')), 'register'));
      expect(await db(s).selectFrom('users').select('id').where('username', '=', 'rosa').executeTakeFirst()).toBeUndefined();
      const page = await b.request(link);
      expect(page.body).toContain('<strong>rosa</strong>');
      const weak = await b.request(link, { form: { password: 'ROSA@example.com', password2: 'ROSA@example.com' } });
      expect(weak.status).toBe(400);
      expect(weak.body).toContain('id="id_password_error">The password is too similar to the username.');
      const done = await b.request(link, { form: { password: STRONG, password2: STRONG } });
      expect(done.status).toBe(303);
      expect(await b.who()).toBe('Rosa');
      expect((await browser(s).request(link)).body).toContain('This link has already been used.');
      // A username taken between the registration and its confirmation is refused on the confirmation page.
      await b.request('/accounts/register/', { form: { username: 'zed', email: 'zed@example.com' } });
      const zedLink = pathOf(linkIn(await smtp.waitFor(to('zed@example.com')), 'register'));
      await s.container.users.create({ username: 'zed', email: 'other@example.com' });
      const taken = await browser(s).request(zedLink, { form: { password: STRONG, password2: STRONG } });
      expect(taken.status).toBe(400);
      expect(taken.body).toMatch(/id="form-error"><p>A user with that username already exists\./);
      // The fifth request from one client within the hour is refused (PARLA_EMAIL_RATELIMIT is 4/hour here).
      const throttled = await b.request('/accounts/reset/', { form: { email: 'rosa@example.com' } });
      expect(throttled.status).toBe(429);
      expect(throttled.body).toContain('Too many messages were asked for.');
    } finally {
      await s.close();
      await smtp.close();
    }
  });

  it('answers the request while the mail server is down, retries, and delivers once it is back', async () => {
    const port = await freePort();
    const s = await startServer(dialect, { PARLA_EMAIL_URL: `smtp://127.0.0.1:${port}`, PARLA_EMAIL_RETRY_DELAY: '1' });
    let smtp: TestSmtp | null = null;
    try {
      await s.container.users.create({ username: 'paul', email: 'paul@example.com', password: STRONG });
      const res = await browser(s).request('/accounts/reset/', { form: { email: 'paul@example.com' } });
      expect(res.status).toBe(200);
      // The first attempt fails and leaves the message for a retry.
      const deadline = Date.now() + 15_000;
      let row;
      do {
        await new Promise((r) => setTimeout(r, 100));
        row = await db(s).selectFrom('mail_messages').selectAll().executeTakeFirst();
      } while (!(row && row.attempts >= 1) && Date.now() < deadline);
      expect(row).toMatchObject({ status: 'queued', recipient: 'paul@example.com', last_error: expect.stringMatching(/ECONNREFUSED/) });
      const failed = await db(s).selectFrom('tasks').selectAll().where('name', '=', 'send-mail').executeTakeFirstOrThrow();
      expect(failed.status).toBe('failed');
      smtp = await startSmtp(port);
      const mail = await smtp.waitFor(to('paul@example.com'), 20_000);
      expect(mail.subject).toBe('Password reset on Parla');
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.messages).toHaveLength(1);
      expect(await db(s).selectFrom('mail_messages').select(['status']).executeTakeFirst()).toEqual({ status: 'sent' });
    } finally {
      await s.close();
      await smtp?.close();
    }
  }, 60_000);

  it('sends each due message once when two processes sharing the database sweep and run it at the same time', async () => {
    const smtp = await startSmtp();
    const s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url });
    // A second process of the same installation: the same database and data dir, its own task queue.
    const other = await createContainer(loadConfig({ PARLA_DATA_DIR: s.dataDir, PARLA_DATABASE_URL: s.container.config.databaseUrl, PARLA_EMAIL_URL: smtp.url, PARLA_LOG_LEVEL: 'silent' }), { migrate: false });
    try {
      // Messages stored by a process that stopped before it queued them, now due.
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await s.container.mail.store(db(s), `due${i}@example.com`, { subject: `Due ${i}`, text: 'due', html: '<p>due</p>', headers: {} }));
      await db(s).updateTable('mail_messages').set({ next_attempt: new Date(Date.now() - 1000).toISOString() }).execute();
      const [a, b] = await Promise.all([s.container.mail.sweep(), other.mail.sweep()]);
      expect(a + b).toBe(6);
      // Both processes also run a task for every message.
      await Promise.all(ids.flatMap((id) => [s.container.mail.runTask({ messageId: id }), other.mail.runTask({ messageId: id })]));
      await Promise.all([s.container.tasks.idle(), other.tasks.idle()]);
      for (let i = 0; i < 6; i++) await smtp.waitFor(to(`due${i}@example.com`));
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Due 0', 'Due 1', 'Due 2', 'Due 3', 'Due 4', 'Due 5']);
    } finally {
      await other.close();
      await s.close();
      await smtp.close();
    }
  });

  it('keeps messages in the outbox without a mail server: logged, shown to superusers, and the pages say so', async () => {
    const s = await startServer(dialect);
    try {
      await s.container.users.create({ username: 'olive', email: 'olive@example.com', password: STRONG });
      const b = browser(s);
      expect((await b.request('/accounts/reset/')).body).toContain('id="mail-not-configured"');
      expect((await b.request('/accounts/reset/', { form: { email: 'olive@example.com' } })).status).toBe(200);
      await s.container.tasks.idle();
      const row = await db(s).selectFrom('mail_messages').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('outbox');
      expect((await browser(s).request('/manage/mail/')).status).toBe(403);
      const admin = browser(s);
      await admin.signIn('admin', 'admin-password');
      const outbox = await admin.request('/manage/mail/');
      expect(outbox.status).toBe(200);
      expect(outbox.body).toContain('id="mail-not-configured"');
      expect(outbox.body).toContain('olive@example.com');
      expect(outbox.body).toContain('Password reset on Parla');
      // The link in the outbox works like a mailed one.
      const link = /\/accounts\/reset\/[A-Za-z0-9_-]{43}\//.exec(outbox.body)![0];
      expect((await browser(s).request(link)).status).toBe(200);
      await s.container.users.create({ username: 'plain', email: 'plain@example.com', password: STRONG });
      const other = browser(s);
      await other.signIn('plain', STRONG);
      expect((await other.request('/manage/mail/')).status).toBe(403);
    } finally {
      await s.close();
    }
  });
});

function db(s: TestServer) {
  return s.container.database.db;
}
