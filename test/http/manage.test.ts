// The site administration pages over HTTP as a browser uses them: users, languages, tasks and health, each form doing what
// the API does (the API then shows the change), refusals next to the field with the values kept, and 403 for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTask, updateTask } from '../../src/db/tasks.repository.js';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

describe.each(DIALECTS)('site administration pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let translator: UiSession;

  const get = (path: string, session: UiSession | null = admin) => (session ?? anonymous(s)).get(path);
  /** Posts a form of `page` as the browser does, with the session's CSRF token. */
  const post = (_page: string, action: string, fields: Record<string, string>, session = admin) => session.post(action, fields);
  const user = async (username: string) => (await s.api(`/api/users/${username}/`)).json();

  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'tereza');
    admin = await signIn(s, 'admin');
    translator = await signIn(s, 'tereza');
  });
  afterAll(() => s?.close());

  it('is for site administrators: the header links it for superusers, others get 403', async () => {
    const home = await get('/');
    expect(home.html).toContain('<a href="/manage/" id="manage-link">Manage</a>');
    expect((await get('/', translator)).html).not.toContain('id="manage-link"');
    const index = await get('/manage/');
    expect(index.status).toBe(200);
    for (const part of ['users', 'languages', 'tasks', 'health', 'mail']) expect(index.html).toContain(`href="/manage/${part}/" id="manage-${part}"`);
    for (const path of ['/manage/', '/manage/users/', '/manage/languages/', '/manage/tasks/', '/manage/health/']) {
      const denied = await get(path, translator);
      expect(denied.status, path).toBe(403);
      expect(denied.html).toContain('Permission denied');
      expect((await get(path, null)).status, `${path} anonymous`).toBe(403);
    }
    const refused = await post('/', '/manage/users/create/', { username: 'sneaky', email: 'sneaky@example.com', full_name: 'Sneaky' }, translator);
    expect(refused.status).toBe(403);
    expect((await s.api('/api/users/sneaky/')).status).toBe(404);
    expect((await post('/', '/manage/languages/', { code: 'xx_sneak', name: 'Sneak', direction: 'ltr', plural_number: '2', plural_formula: 'n != 1' }, translator)).status).toBe(403);
    expect((await post('/', '/manage/users/admin/', { change: 'deactivate' }, translator)).status).toBe(403);
    expect((await user('admin')).is_active).toBe(true);
  });

  it('shows a user manager (user.edit, no superuser) the users part only', async () => {
    const manager = await s.createUser('usermanager');
    const role = await (await s.api('/api/roles/', { method: 'POST', json: { name: 'User managers', permissions: ['user.edit'] } })).json();
    const team = await (await s.api('/api/groups/', { method: 'POST', json: { name: 'User managers', project_selection: 0, language_selection: 0 } })).json();
    expect((await s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: role.id } })).status).toBe(200);
    expect((await s.api('/api/users/usermanager/groups/', { method: 'POST', json: { group_id: team.id } })).status).toBe(200);
    const as = async (path: string) => {
      const res = await s.api(path, { token: manager });
      return { status: res.status, html: await res.text() };
    };
    const index = await as('/manage/');
    expect(index.status).toBe(200);
    expect(index.html).toContain('id="manage-users"');
    for (const part of ['languages', 'tasks', 'health', 'mail']) expect(index.html).not.toContain(`id="manage-${part}"`);
    expect(index.html).not.toContain('id="manage-link"');
    expect((await as('/manage/users/')).html).toContain('<tr id="user-tereza">');
    for (const path of ['/manage/languages/', '/manage/tasks/', '/manage/health/']) expect((await as(path)).status, path).toBe(403);
  });

  it('creates users through the API rules, refuses a taken username next to the field, and finds them', async () => {
    const created = await post('/manage/users/', '/manage/users/create/', { username: 'jana', email: 'jana@example.com', full_name: 'Jana Nováková' });
    expect(created).toMatchObject({ status: 303, location: '/manage/users/?q=jana&done=user_created' });
    expect(await user('jana')).toMatchObject({ username: 'jana', email: 'jana@example.com', full_name: 'Jana Nováková', is_active: true, is_superuser: false });
    const shown = await get('/manage/users/?q=jana&done=user_created');
    expect(shown.html).toContain('The user is created.');
    expect(shown.html).toContain('<tr id="user-jana">');
    expect(shown.html).not.toContain('<tr id="user-tereza">');

    const taken = await post('/manage/users/', '/manage/users/create/', { username: 'jana', email: 'other@example.com', full_name: 'Other' });
    expect(taken.status).toBe(400);
    expect(taken.html).toMatch(/<p class="error field-error" id="id_username_error">A user with that username already exists.<\/p>/);
    expect(taken.html).toContain('aria-describedby="id_username_error id_username_help" aria-invalid="true"');
    expect(taken.html).toContain('value="other@example.com"');
    const badMail = await post('/manage/users/', '/manage/users/create/', { username: 'petr', email: 'not-an-address', full_name: 'Petr' });
    expect(badMail.status).toBe(400);
    expect(badMail.html).toContain('id="id_email_error">Enter a valid email address.');
    expect(badMail.html).toContain('value="petr"');

    const byMail = await get('/manage/users/?q=JANA%40example.com');
    expect(byMail.html).toContain('<tr id="user-jana">');
    expect(byMail.html).toContain('1 user matching');
    const byName = await get(`/manage/users/?q=${encodeURIComponent('nováK')}`);
    expect(byName.html).toContain('<tr id="user-jana">');
    expect(byName.html).toContain('1 user matching');
    // LIKE wildcards in the search are plain characters.
    expect((await get('/manage/users/?q=j_na')).html).toContain('0 users matching');
    expect((await get('/manage/users/?q=%25')).html).toContain('0 users matching');
  });

  it('deactivates, reactivates and makes superusers as PATCH /api/users/ does', async () => {
    expect(await post('/manage/users/', '/manage/users/tereza/', { change: 'deactivate' })).toMatchObject({ status: 303, location: '/manage/users/?q=tereza&done=deactivated' });
    expect((await user('tereza')).is_active).toBe(false);
    // Deactivation ends the user's sessions.
    expect((await get('/', translator)).html).not.toContain('Signed in as');
    expect((await post('/manage/users/', '/manage/users/tereza/', { change: 'activate' })).status).toBe(303);
    expect((await user('tereza')).is_active).toBe(true);
    expect((await post('/manage/users/', '/manage/users/tereza/', { change: 'superuser' })).location).toBe('/manage/users/?q=tereza&done=superuser');
    expect((await user('tereza')).is_superuser).toBe(true);
    expect((await get('/manage/users/?q=tereza')).html).toContain('active, superuser');
    expect((await post('/manage/users/', '/manage/users/tereza/', { change: 'unsuperuser' })).status).toBe(303);
    expect((await user('tereza')).is_superuser).toBe(false);
    translator = await signIn(s, 'tereza');
  });

  it('invites by e-mail, and refuses a bad address next to the field', async () => {
    const sent = await post('/manage/users/', '/manage/users/invite/', { invite_email: 'newcomer@example.com' });
    expect(sent).toMatchObject({ status: 303, location: '/manage/users/?done=invited' });
    const outbox = await get('/manage/mail/');
    expect(outbox.html).toContain('newcomer@example.com');
    const bad = await post('/manage/users/', '/manage/users/invite/', { invite_email: 'nowhere' });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="id_invite_email_error">[^<]+</);
    expect(bad.html).toContain('value="nowhere"');
  });

  it('creates and edits languages, refusing a bad plural formula with the service message next to it', async () => {
    const fields = { code: 'xx_test', name: 'Testish', direction: 'rtl', plural_number: '3', plural_formula: '(n==1) ? 0 : (n==2) ? 1 : 2' };
    expect(await post('/manage/languages/', '/manage/languages/', fields)).toMatchObject({ status: 303, location: '/manage/languages/xx_test/?done=language_created' });
    const api = await (await s.api('/api/languages/xx_test/')).json();
    expect(api).toMatchObject({ code: 'xx_test', name: 'Testish', direction: 'rtl', plural: { number: 3, formula: '(n==1) ? 0 : (n==2) ? 1 : 2' } });
    const edit = await get('/manage/languages/xx_test/?done=language_created');
    expect(edit.html).toContain('The language is created.');
    expect(edit.html).toContain('value="Testish"');

    const bad = await post('/manage/languages/', '/manage/languages/', { ...fields, code: 'xx_bad', plural_formula: 'n >' });
    expect(bad.status).toBe(400);
    const message = /id="id_plural_formula_error">([^<]+)</.exec(bad.html)?.[1];
    expect(message).toBeTruthy();
    expect(bad.html).toContain('value="xx_bad"');
    expect((await s.api('/api/languages/xx_bad/')).status).toBe(404);
    // The API refuses the same formula with the same words.
    const viaApi = await (await s.api('/api/languages/', { method: 'POST', json: { code: 'xx_bad', name: 'Bad', plural: { number: 3, formula: 'n >' } } })).json();
    expect(JSON.stringify(viaApi)).toContain(message!.replace(/&quot;/g, '\\"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));

    const saved = await post('/manage/languages/xx_test/', '/manage/languages/xx_test/', { ...fields, name: 'Testish renamed', plural_number: '2', plural_formula: 'n != 1' });
    expect(saved).toMatchObject({ status: 303, location: '/manage/languages/xx_test/?done=language_saved' });
    expect(await (await s.api('/api/languages/xx_test/')).json()).toMatchObject({ name: 'Testish renamed', plural: { number: 2, formula: 'n != 1' } });
    const tooMany = await post('/manage/languages/xx_test/', '/manage/languages/xx_test/', { ...fields, plural_number: '12' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.html).toContain('id="id_plural_number_error">Number of plurals must be between 1 and 10.');
    expect(tooMany.html).toContain('value="12"');
  });

  it('shows the languages a page at a time', async () => {
    const total = (await (await s.api('/api/languages/')).json()).count as number;
    expect(total).toBeGreaterThan(50);
    const first = await get('/manage/languages/');
    expect(first.html).toContain(`${total} languages`);
    expect(first.html).toContain('<a href="/manage/languages/?offset=50" id="page-next" rel="next">Next</a>');
    expect(first.html).not.toContain('id="page-prev"');
    const second = await get('/manage/languages/?offset=50');
    expect(second.html).toContain('<a href="/manage/languages/" id="page-prev" rel="prev">Previous</a>');
    expect(second.html).toContain(`51–${Math.min(total, 100)} of ${total}`);
  });

  it('lists background tasks newest first with their status, and shows one with its log and result', async () => {
    const db = s.container.database.db;
    await insertTask(db, { id: '00000000-0000-4000-8000-000000000001', name: 'component.discover', payload: {}, projectId: null, componentId: null, userId: null });
    await updateTask(db, '00000000-0000-4000-8000-000000000001', { status: 'failed', progress: 40, log: 'Cloning…\nfatal: repository not found', result: JSON.stringify({ error: 'repository not found' }) });
    const list = await get('/manage/tasks/');
    expect(list.status).toBe(200);
    expect(list.html).toContain('<tr id="task-00000000-0000-4000-8000-000000000001">');
    expect(list.html).toContain('<td class="task-status">failed</td>');
    expect((await get('/manage/tasks/?status=done')).html).not.toContain('task-00000000-0000-4000-8000-000000000001');
    expect((await get('/manage/tasks/?status=failed')).html).toContain('task-00000000-0000-4000-8000-000000000001');
    const one = await get('/manage/tasks/00000000-0000-4000-8000-000000000001/');
    expect(one.html).toContain('fatal: repository not found');
    expect(one.html).toContain('&quot;error&quot;: &quot;repository not found&quot;');
    expect((await get('/manage/tasks/00000000-0000-4000-8000-000000000001/', translator)).status).toBe(403);
    expect(() => s.container.taskControl.recent({ user: null, authenticated: false, isSuperuser: false }, null)).toThrow();
  });

  it('shows the readiness checks and the configuration without secrets', async () => {
    const health = await get('/manage/health/');
    expect(health.status).toBe(200);
    expect(health.html).toContain('<tr id="check-database"><th scope="row"><code>database</code></th><td>ok</td>');
    expect(health.html).toContain(dialect === 'postgres' ? 'PostgreSQL' : 'SQLite');
    expect(health.html).toContain('Registration open');
    expect(health.html).not.toContain(s.container.config.databaseUrl);
    expect(health.html).not.toContain(s.container.secretKey);
    if (s.container.config.redisUrl) expect(health.html).not.toContain(s.container.config.redisUrl);
  });
});
