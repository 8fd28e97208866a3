// The component list pages over HTTP as a browser uses them: lists created, renamed and deleted, components added and
// removed, as the component lists API shows them, refusals next to the field, the pages for list managers only, and a
// project's lists for its managers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

describe.each(DIALECTS)('component list pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let tereza: UiSession;

  const apiList = async (slug: string) => {
    const res = await s.api(`/api/component-lists/${slug}/`);
    return res.status === 200 ? ((await res.json()) as { name: string; slug: string; show_dashboard: boolean; components: string[] }) : null;
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'tereza');
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop', 'app')).status).toBe(201);
    admin = await signIn(s, 'admin');
    tereza = await signIn(s, 'tereza');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('creates a list, adds and removes a component, renames it and deletes it', async () => {
    expect((await admin.get('/manage/')).html).toContain('href="/manage/component-lists/" id="manage-component-lists"');
    const created = await admin.post('/manage/component-lists/', { name: 'Featured', slug: 'featured' }, { from: '/manage/component-lists/' });
    expect(created).toMatchObject({ status: 303, location: '/manage/component-lists/featured/?done=list_created' });
    expect(await apiList('featured')).toMatchObject({ name: 'Featured', show_dashboard: false, components: [] });

    const base = '/manage/component-lists/featured/';
    expect(await admin.post(`${base}components/`, { action: 'add', component: 'shop/app' }, { from: base })).toMatchObject({ status: 303, location: `${base}?done=component_added` });
    expect((await apiList('featured'))!.components).toEqual([`${s.url}/api/components/shop/app/`]);
    const page = await admin.get(base);
    expect(page.html).toContain('<a href="/projects/shop/app/">shop/app</a>');
    expect((await admin.get('/manage/component-lists/')).html).toMatch(/<tr id="list-featured">[\s\S]*?<td class="num">1<\/td>/);

    const unknown = await admin.post(`${base}components/`, { action: 'add', component: 'shop/none' }, { from: base });
    expect(unknown.status).toBe(400);
    expect(fieldError(unknown.html, 'component')).toBeTruthy();
    expect(fieldValue(unknown.html, 'component')).toBe('shop/none');

    expect(await admin.post(`${base}components/`, { action: 'remove', key: 'app' }, { from: base })).toMatchObject({ status: 303 });
    expect((await apiList('featured'))!.components).toEqual([]);

    const renamed = await admin.post(base, { name: 'Highlights', slug: 'highlights', show_dashboard: 'true' }, { from: base });
    expect(renamed).toMatchObject({ status: 303, location: '/manage/component-lists/highlights/?done=list_saved' });
    expect(await apiList('highlights')).toMatchObject({ name: 'Highlights', show_dashboard: true });
    expect(await apiList('featured')).toBeNull();

    const wrong = await admin.post('/manage/component-lists/highlights/delete/', { confirm: 'high' }, { from: '/manage/component-lists/highlights/' });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toBeTruthy();
    expect(await admin.post('/manage/component-lists/highlights/delete/', { confirm: 'highlights' }, { from: '/manage/component-lists/highlights/' })).toMatchObject({ status: 303, location: '/manage/component-lists/?done=list_deleted' });
    expect(await apiList('highlights')).toBeNull();
  });

  it('refuses a taken or invalid slug next to the field with the values kept', async () => {
    expect((await admin.post('/manage/component-lists/', { name: 'One', slug: 'one' }, { from: '/manage/component-lists/' })).status).toBe(303);
    const taken = await admin.post('/manage/component-lists/', { name: 'Another one', slug: 'one' }, { from: '/manage/component-lists/' });
    expect(taken.status).toBe(400);
    expect(fieldError(taken.html, 'slug')).toBeTruthy();
    expect(fieldValue(taken.html, 'name')).toBe('Another one');
    const invalid = await admin.post('/manage/component-lists/', { name: 'Bad', slug: 'no spaces' }, { from: '/manage/component-lists/' });
    expect(invalid.status).toBe(400);
    expect(fieldError(invalid.html, 'slug')).toBeTruthy();
    expect(await apiList('no spaces')).toBeNull();
  });

  it('shows the managers of a project the lists holding its components, linked from the project settings', async () => {
    expect((await admin.post('/manage/component-lists/', { name: 'Storefront', slug: 'storefront' }, { from: '/manage/component-lists/' })).status).toBe(303);
    expect((await admin.post('/manage/component-lists/storefront/components/', { action: 'add', component: 'shop/app' }, { from: '/manage/component-lists/storefront/' })).status).toBe(303);
    expect((await admin.post('/manage/component-lists/', { name: 'Elsewhere', slug: 'elsewhere' }, { from: '/manage/component-lists/' })).status).toBe(303);
    expect((await admin.get('/settings/shop/')).html).toContain('<a href="/settings/shop/component-lists/" id="component-lists-link">Component lists</a>');
    const page = await admin.get('/settings/shop/component-lists/');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<li id="list-storefront"><a href="\/manage\/component-lists\/storefront\/">Storefront<\/a>: <a href="\/projects\/shop\/app\/">app<\/a><\/li>/);
    expect(page.html).not.toContain('list-elsewhere');

    // A project manager without the site-wide right sees the lists, without links to change them.
    const groups = ((await (await s.api('/api/groups/?page_size=1000')).json()) as { results: { id: number; name: string; defining_project: string | null }[] }).results;
    const team = groups.find((g) => g.name === 'Administration' && g.defining_project === `${s.url}/api/projects/shop/`)!;
    await userWithPassword(s, 'marie');
    expect((await s.api('/api/users/marie/groups/', { method: 'POST', json: { group_id: team.id } })).status).toBe(200);
    const marie = await signIn(s, 'marie');
    const theirs = await marie.get('/settings/shop/component-lists/');
    expect(theirs.status).toBe(200);
    expect(theirs.html).toContain('<li id="list-storefront">Storefront: ');
    expect(theirs.html).not.toContain('href="/manage/component-lists/storefront/"');
    expect((await tereza.get('/settings/shop/component-lists/')).status).toBe(403);
  });

  it('is for component list managers: others get 403 and change nothing', async () => {
    expect((await admin.post('/manage/component-lists/', { name: 'Kept', slug: 'kept' }, { from: '/manage/component-lists/' })).status).toBe(303);
    for (const path of ['/manage/component-lists/', '/manage/component-lists/kept/']) expect((await tereza.get(path)).status, path).toBe(403);
    expect((await tereza.post('/manage/component-lists/', { name: 'Sneaky', slug: 'sneaky' })).status).toBe(403);
    expect((await tereza.post('/manage/component-lists/kept/components/', { action: 'add', component: 'shop/app' })).status).toBe(403);
    expect((await tereza.post('/manage/component-lists/kept/delete/', { confirm: 'kept' })).status).toBe(403);
    expect(await apiList('sneaky')).toBeNull();
    expect(await apiList('kept')).toMatchObject({ components: [] });
  });
});
