// The labels pages over HTTP as a browser uses them: a project administrator adds, edits and deletes labels and the labels API
// agrees; a refused name or colour comes back next to its field with the values kept; others get a 403 page and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

describe.each(DIALECTS)('labels pages (%s)', (dialect) => {
  let s: TestServer;
  let manager: UiSession;
  let translator: UiSession;

  type Label = { id: number; name: string; description: string; color: string };
  const labels = async (): Promise<Label[]> => {
    const res = await s.api('/api/projects/shop/labels/?page_size=100');
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Label[] }).results;
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    await userWithPassword(s, 'mara');
    await userWithPassword(s, 'tom');
    // Mara administers the project (its Administration team); Tom is a signed-in user of a public project.
    await joinTeam(s, 'mara', 'Administration', 'shop');
    manager = await signIn(s, 'mara');
    translator = await signIn(s, 'tom');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('adds, edits and deletes labels as the labels API does, with refusals next to their fields', async () => {
    const settings = await manager.get('/settings/shop/');
    expect(settings.html).toMatch(/<a href="\/labels\/shop\/" id="labels-link">Labels<\/a>/);
    let page = await manager.get('/labels/shop/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('No labels yet.');
    // Every colour of the API is offered, each named in words.
    for (const color of ['navy', 'fuchsia', 'silver']) expect(page.html).toContain(`<option value="${color}"`);

    page = await manager.post('/labels/shop/', { name: 'Needs context', color: 'teal', description: 'Ask the developers' });
    expect(page.status).toBe(303);
    expect(page.location).toBe('/labels/shop/?done=label_added');
    expect((await manager.get(page.location!)).html).toContain('The label is added.');
    const [added] = await labels();
    expect(added).toEqual({ id: expect.any(Number), name: 'Needs context', description: 'Ask the developers', color: 'teal' });
    page = await manager.get('/labels/shop/');
    expect(page.html).toContain(`<a href="/labels/shop/${added!.id}/">Needs context</a>`);
    // The colour shows as a swatch and as its name in text.
    expect(page.html).toMatch(/<span class="swatch swatch-teal" aria-hidden="true"><\/span>Teal/);

    // A name taken and a colour the API does not offer: messages next to the fields, the typed values kept, nothing added.
    page = await manager.post('/labels/shop/', { name: 'Needs context', color: 'teal', description: 'Again' });
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'name')).toMatch(/already exists/);
    expect(fieldValue(page.html, 'name')).toBe('Needs context');
    expect(fieldValue(page.html, 'description')).toBe('Again');
    page = await manager.post('/labels/shop/', { name: 'Blocked', color: 'pink' });
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'color')).toBe('&quot;pink&quot; is not a valid choice.');
    expect(fieldValue(page.html, 'name')).toBe('Blocked');
    page = await manager.post('/labels/shop/', { name: '  ', color: 'red' });
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'name')).toBe('This field may not be blank.');
    expect(await labels()).toHaveLength(1);

    // Editing: the form starts with the label as it is; a refusal keeps what was typed.
    const edit = `/labels/shop/${added!.id}/`;
    page = await manager.get(edit);
    expect(fieldValue(page.html, 'name')).toBe('Needs context');
    expect(page.html).toMatch(/<option value="teal" selected>/);
    page = await manager.post(edit, { name: '', color: 'red', description: 'Kept' });
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'name')).toBe('This field may not be blank.');
    expect(fieldValue(page.html, 'description')).toBe('Kept');
    expect(page.html).toMatch(/<option value="red" selected>/);
    page = await manager.post(edit, { name: 'Context please', color: 'maroon', description: '' });
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${edit}?done=label_saved`);
    expect((await manager.get(page.location!)).html).toContain('The label is saved.');
    expect(await labels()).toEqual([{ id: added!.id, name: 'Context please', description: '', color: 'maroon' }]);

    // Deleting asks for the confirmation box first.
    page = await manager.post(`${edit}delete/`, {});
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'confirm')).toMatch(/Tick this box/);
    expect(await labels()).toHaveLength(1);
    page = await manager.post(`${edit}delete/`, { confirm: 'true' });
    expect(page.status).toBe(303);
    expect(page.location).toBe('/labels/shop/?done=label_deleted');
    expect((await manager.get(page.location!)).html).toContain('The label is deleted.');
    expect(await labels()).toEqual([]);
    expect((await manager.get(edit)).status).toBe(404);
  });

  it('gives those without the right a 403 page and changes nothing; a form without its CSRF token is refused', async () => {
    const res = await s.api('/api/projects/shop/labels/', { method: 'POST', json: { name: 'Kept', color: 'navy' } });
    expect(res.status).toBe(201);
    const kept = (await res.json()) as Label;
    const base = `/labels/shop/${kept.id}/`;

    expect((await translator.get('/labels/shop/')).status).toBe(403);
    expect((await translator.get(base)).status).toBe(403);
    expect((await translator.post('/labels/shop/', { name: 'Mine', color: 'red' })).status).toBe(403);
    expect((await translator.post(base, { name: 'Mine', color: 'red', description: '' })).status).toBe(403);
    expect((await translator.post(`${base}delete/`, { confirm: 'true' })).status).toBe(403);
    expect(await labels()).toEqual([kept]);

    // The signed-out are sent to sign in; a project they cannot see is 404.
    const anonymous = await fetch(`${s.url}/labels/shop/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/accounts/login/?next=%2Flabels%2Fshop%2F');
    expect((await manager.get('/labels/nowhere/')).status).toBe(404);

    // The manager's own session, but no token in the form.
    const forged = await fetch(`${s.url}/labels/shop/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: manager.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Forged', color: 'red' }),
    });
    expect(forged.status).toBe(403);
    expect(await labels()).toEqual([kept]);
  });
});
