// Project administration pages over HTTP as a browser uses them: creating a project, its settings, its categories and
// its removal; each form changes what the API shows, refused input comes back next to its field with the values kept,
// and people without the right get a 403 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, fieldError, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

describe.each(DIALECTS)('project administration pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let creator: UiSession;
  let translator: UiSession;

  const get = (path: string, session: UiSession | null) => (session ?? anonymous(s)).get(path);
  const post = (path: string, fields: [string, string][], session: UiSession) => session.post(path, fields);
  const apiJson = async (path: string) => {
    const res = await s.api(path);
    return { status: res.status, body: res.status === 200 ? await res.json() : null };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    admin = await signIn(s, 'admin');
    await userWithPassword(s, 'paula');
    await userWithPassword(s, 'tomas');
    // Paula may create projects (the site-wide "Project creators" team); Tomas only translates.
    const groups = (await (await s.api('/api/groups/?page_size=200')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const creators = groups.find((g) => g.name === 'Project creators' && g.defining_project === null)!;
    expect((await s.api('/api/users/paula/groups/', { method: 'POST', json: { group_id: creators.id } })).status).toBe(200);
    creator = await signIn(s, 'paula');
    translator = await signIn(s, 'tomas');
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
  });
  afterAll(() => s?.close());

  it('links "Add a project" and "Settings" only for those who may use them', async () => {
    expect((await get('/', admin)).html).toContain('href="/create/project/" id="add-project"');
    expect((await get('/', creator)).html).toContain('id="add-project"');
    expect((await get('/', translator)).html).not.toContain('id="add-project"');
    expect((await get('/', null)).html).not.toContain('id="add-project"');
    expect((await get('/projects/shop/', admin)).html).toContain('href="/settings/shop/" id="project-settings-link"');
    expect((await get('/projects/shop/', translator)).html).not.toContain('id="project-settings-link"');
  });

  it('creates a project with a slug made from its name, and its creator administers it', async () => {
    const form = await get('/create/project/', creator);
    expect(form.status).toBe(200);
    for (const name of ['name', 'slug', 'web', 'instructions', 'access_control']) expect(form.html).toContain(`id="id_${name}"`);
    expect(form.html).toMatch(/<script src="\/ui\/static\/slug-from-name\.js\?v=[0-9a-f]+" defer><\/script>/);
    const done = await post('/create/project/', [['name', 'Café Menu'], ['slug', ''], ['web', 'https://menu.example/'], ['instructions', 'Be brief.'], ['access_control', '0']], creator);
    expect(done).toMatchObject({ status: 303, location: '/settings/cafe-menu/?saved=created' });
    const project = (await apiJson('/api/projects/cafe-menu/')).body;
    expect(project).toMatchObject({ name: 'Café Menu', slug: 'cafe-menu', web: 'https://menu.example/', instructions: 'Be brief.', access_control: 0 });
    const settings = await get('/settings/cafe-menu/?saved=created', creator);
    expect(settings.status).toBe(200);
    expect(settings.html).toContain('The project is created.');
  });

  it('shows refused input next to its field with the values kept', async () => {
    const bad = await post('/create/project/', [['name', 'SHOP'], ['slug', 'new-shop'], ['web', 'not a url'], ['instructions', 'Keep me.'], ['access_control', '0']], creator);
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, 'name')).toContain('already exists');
    expect(fieldError(bad.html, 'web')).toBeTruthy();
    expect(bad.html).toContain('id="id_slug" name="slug" value="new-shop"');
    expect(bad.html).toContain('>Keep me.</textarea>');
    // Only a superuser makes a new project private: the refusal is the service's, next to the select.
    const hidden = await post('/create/project/', [['name', 'Secret'], ['slug', 'secret'], ['web', ''], ['instructions', ''], ['access_control', '100']], creator);
    expect(hidden.status).toBe(400);
    expect(fieldError(hidden.html, 'access_control')).toBe('You do not have permission to change the access control.');
    expect(hidden.html).toMatch(/<option value="100" selected>Private<\/option>/);
    expect((await apiJson('/api/projects/secret/')).status).toBe(404);
    expect((await apiJson('/api/projects/new-shop/')).status).toBe(404);
  });

  it('refuses the create page and form to those who may not create projects', async () => {
    const anonymous = await get('/create/project/', null);
    expect(anonymous).toMatchObject({ status: 303, location: '/accounts/login/?next=%2Fcreate%2Fproject%2F' });
    expect((await get('/create/project/', translator)).status).toBe(403);
    const refused = await post('/create/project/', [['name', 'Nope'], ['slug', 'nope'], ['access_control', '0']], translator);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Permission denied');
    expect((await apiJson('/api/projects/nope/')).status).toBe(404);
    // A form without the session's CSRF token is refused too.
    const forged = await fetch(`${s.url}/create/project/`, { method: 'POST', redirect: 'manual', headers: { Cookie: creator.cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Forged&slug=forged' });
    expect(forged.status).toBe(403);
    expect((await apiJson('/api/projects/forged/')).status).toBe(404);
  });

  it('saves the settings, renames the project and shows refusals next to the fields', async () => {
    const form = await get('/settings/shop/', admin);
    expect(form.status).toBe(200);
    expect(form.html).toContain('id="id_name" name="name" value="SHOP"');
    expect(form.html).toContain('id="id_web" name="web" value="https://example.com/"');
    const fields: [string, string][] = [
      ['name', 'Shop'], ['slug', 'store'], ['web', 'https://store.example/'], ['instructions', 'Use “you”.'], ['access_control', '1'],
      ['translation_review', 'true'], ['commit_policy', '30'], ['new_lang', 'none'], ['license', 'MIT'], ['contribute_shared_tm', 'true'],
    ];
    const saved = await post('/settings/shop/', fields, admin);
    expect(saved).toMatchObject({ status: 303, location: '/settings/store/?saved=settings' });
    const project = (await apiJson('/api/projects/store/')).body;
    expect(project).toMatchObject({ name: 'Shop', slug: 'store', web: 'https://store.example/', instructions: 'Use “you”.', access_control: 1, translation_review: true, source_review: false, commit_policy: 30, new_lang: 'none', license: 'MIT', use_shared_tm: false, contribute_shared_tm: true });
    expect((await apiJson('/api/projects/shop/')).status).toBe(404);
    const page = await get('/settings/store/?saved=settings', admin);
    expect(page.html).toContain('The settings are saved.');
    expect(page.html).toMatch(/id="id_translation_review" name="translation_review" value="true" checked/);
    expect(page.html).toMatch(/<option value="30" selected>/);

    const bad = await post('/settings/store/', [['name', 'Shop again'], ['slug', 'bad slug!'], ['web', 'https://store.example/'], ['access_control', '1'], ['commit_policy', '30'], ['new_lang', 'none'], ['license', 'MIT']], admin);
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, 'slug')).toContain('slug');
    expect(bad.html).toContain('id="id_name" name="name" value="Shop again"');
    expect(bad.html).toContain('value="bad slug!"');
    expect((await apiJson('/api/projects/store/')).body.name).toBe('Shop');
  });

  it('refuses the settings to those who may not edit the project', async () => {
    expect((await get('/settings/store/', translator)).status).toBe(403);
    const refused = await post('/settings/store/', [['name', 'Taken over'], ['slug', 'store']], translator);
    expect(refused.status).toBe(403);
    expect((await apiJson('/api/projects/store/')).body.name).toBe('Shop');
    expect((await get('/settings/no-such-project/', admin)).status).toBe(404);
  });

  it('manages the categories through the categories service', async () => {
    const list = await get('/settings/store/categories/', admin);
    expect(list.status).toBe(200);
    expect(list.html).toContain('No categories yet.');
    expect(await post('/settings/store/categories/', [['name', 'Web Apps'], ['slug', ''], ['category', '']], admin)).toMatchObject({ status: 303, location: '/settings/store/categories/?saved=category_added' });
    const categories = async () => ((await apiJson('/api/projects/store/categories/')).body.results as { id: number; name: string; slug: string; category: string | null }[]);
    const web = (await categories()).find((c) => c.slug === 'web-apps')!;
    expect(web.name).toBe('Web Apps');
    expect(await post('/settings/store/categories/', [['name', 'Mobile'], ['slug', 'mobile'], ['category', '']], admin)).toMatchObject({ status: 303 });
    // The same slug twice in one place: the service's message next to the slug, the name kept.
    const dup = await post('/settings/store/categories/', [['name', 'Other'], ['slug', 'mobile'], ['category', '']], admin);
    expect(dup.status).toBe(400);
    expect(fieldError(dup.html, 'slug')).toBe('Category with this URL slug already exists.');
    expect(dup.html).toContain('id="id_name" name="name" value="Other"');
    const mobile = (await categories()).find((c) => c.slug === 'mobile')!;
    // Rename and move Mobile into Web Apps.
    const edit = await get(`/settings/store/categories/${mobile.id}/`, admin);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain('value="mobile"');
    expect(await post(`/settings/store/categories/${mobile.id}/`, [['name', 'Phones'], ['slug', 'phones'], ['category', String(web.id)]], admin)).toMatchObject({ status: 303, location: `/settings/store/categories/${mobile.id}/?saved=category_saved` });
    const moved = (await categories()).find((c) => c.id === mobile.id)!;
    expect(moved).toMatchObject({ name: 'Phones', slug: 'phones' });
    expect(moved.category).toBe(`${s.url}/api/categories/${web.id}/`);
    // A category cannot go into itself: the refusal is next to the select.
    const loop = await post(`/settings/store/categories/${web.id}/`, [['name', 'Web Apps'], ['slug', 'web-apps'], ['category', String(mobile.id)]], admin);
    expect(loop.status).toBe(400);
    expect(fieldError(loop.html, 'category')).toBe('A category can not be moved into itself.');
    expect((await get('/settings/store/', admin)).html).toContain('Web Apps / Phones');
    // Tomas may neither see the pages nor post to them.
    expect((await get('/settings/store/categories/', translator)).status).toBe(403);
    expect((await post(`/settings/store/categories/${mobile.id}/delete/`, [['confirm', 'phones']], translator)).status).toBe(403);
    // Deleting asks for the category's slug: a wrong one is refused next to the field and deletes nothing.
    const wrong = await post(`/settings/store/categories/${mobile.id}/delete/`, [['confirm', 'mobile']], admin);
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toContain('type phones to delete it');
    expect(wrong.html).toContain('id="id_slug" name="slug" value="phones"');
    expect(wrong.html).not.toContain('id="form-error"');
    expect((await categories()).length).toBe(2);
    expect(await post(`/settings/store/categories/${mobile.id}/delete/`, [['confirm', 'phones']], admin)).toMatchObject({ status: 303, location: '/settings/store/categories/?saved=category_deleted' });
    expect((await categories()).map((c) => c.slug)).toEqual(['web-apps']);
    // A category of another project is not reached through this one.
    expect((await get(`/settings/cafe-menu/categories/${web.id}/`, admin)).status).toBe(404);
  });

  it('deletes the project only when its slug is typed, and only for those who may edit it', async () => {
    const page = await get('/settings/store/delete/', admin);
    expect(page.status).toBe(200);
    expect(page.html).toContain('its 1 component');
    expect((await get('/settings/store/delete/', translator)).status).toBe(403);
    expect((await post('/settings/store/delete/', [['confirm', 'store']], translator)).status).toBe(403);
    const wrong = await post('/settings/store/delete/', [['confirm', 'shop']], admin);
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toContain('type store to delete it');
    expect(wrong.html).toContain('id="id_confirm" name="confirm" value="shop"');
    expect((await apiJson('/api/projects/store/')).status).toBe(200);
    expect(await post('/settings/store/delete/', [['confirm', 'store']], admin)).toMatchObject({ status: 303, location: '/?done=project_deleted' });
    expect((await get('/?done=project_deleted', admin)).html).toContain('The project is deleted.');
    expect((await apiJson('/api/projects/store/')).status).toBe(404);
  });
});
