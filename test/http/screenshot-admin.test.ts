// The screenshots pages over HTTP as a browser uses them: uploading a real PNG that the screenshots API then lists, refused
// files and names shown next to their fields with the name kept, strings found with the query language and assigned, one
// removed again, renaming, replacing and deleting; a signed-in user without the screenshot rights gets 403 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, fieldError, fieldValue, joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const file = (name: string, data: Buffer | string) => new File([typeof data === 'string' ? data : new Uint8Array(data)], name);

describe.each(DIALECTS)('screenshots pages (%s)', (dialect) => {
  let s: TestServer;
  let manager: UiSession;
  let translator: UiSession;

  type Shot = { id: number; name: string; repository_filename: string; units: string[]; file_url: string };
  const shots = async (): Promise<Shot[]> => {
    const res = await s.api('/api/components/shop/app/screenshots/');
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Shot[] }).results;
  };
  const shot = async (id: number): Promise<Shot> => {
    const res = await s.api(`/api/screenshots/${id}/`);
    expect(res.status).toBe(200);
    return (await res.json()) as Shot;
  };
  /** The source unit of a string, as the translations API lists the source language's units. */
  const sourceUnit = async (text: string): Promise<number> => {
    const body = (await (await s.api('/api/translations/shop/app/en/units/?page_size=100')).json()) as { results: { id: number; source: string[] }[] };
    return body.results.find((u) => u.source[0] === text)!.id;
  };
  const unitUrl = (id: number) => `${s.url}/api/units/${id}/`;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
    await userWithPassword(s, 'mara');
    await userWithPassword(s, 'tom');
    // Mara administers the project (its Administration team holds the screenshot rights); Tom is a signed-in user of a
    // public project, who may translate but not manage screenshots.
    await joinTeam(s, 'mara', 'Administration', 'shop');
    manager = await signIn(s, 'mara');
    translator = await signIn(s, 'tom');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('uploads a PNG, assigns strings found with the query language, removes one, renames, replaces and deletes', async () => {
    expect((await anonymous(s).get('/projects/shop/app/')).html).toContain('<a href="/screenshots/shop/app/" id="component-screenshots-link">Screenshots</a>');
    let page = await manager.get('/screenshots/shop/app/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('No screenshots yet.');
    expect(page.html).toMatch(/<form method="post" action="\/screenshots\/shop\/app\/" enctype="multipart\/form-data" id="screenshot-upload"/);
    expect(page.html).toMatch(/<option value="en" selected>/);

    // Refusals: not an image, no name, no file; each next to its field with the name kept, nothing stored.
    page = await manager.post('/screenshots/shop/app/', [['name', 'Login dialog'], ['language_code', 'en'], ['image', file('fake.png', 'just some text\n')]]);
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'image')).toMatch(/not an image or a corrupted image/);
    expect(fieldValue(page.html, 'name')).toBe('Login dialog');
    page = await manager.post('/screenshots/shop/app/', [['name', ''], ['language_code', 'en'], ['image', file('shot.png', PNG)]]);
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'name')).toBe('This field may not be blank.');
    page = await manager.post('/screenshots/shop/app/', [['name', 'No file'], ['language_code', 'en'], ['image', file('', '')]]);
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'image')).toBe('No file was submitted.');
    expect(fieldValue(page.html, 'name')).toBe('No file');
    expect(await shots()).toEqual([]);

    // A real PNG: the API lists it, and its page and image are there.
    page = await manager.post('/screenshots/shop/app/', [['name', 'Login dialog'], ['language_code', 'en'], ['image', file('shot.png', PNG)]]);
    expect(page.status).toBe(303);
    const [created] = await shots();
    expect(created).toMatchObject({ name: 'Login dialog', units: [] });
    const base = `/screenshots/shop/app/${created!.id}/`;
    expect(page.location).toBe(`${base}?done=screenshot_added`);
    expect((await manager.get(page.location!)).html).toContain('The screenshot is uploaded.');
    const image = await fetch(`${s.url}${base}image/`, { headers: { Cookie: manager.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await manager.get('/screenshots/shop/app/')).html).toContain(`<img src="${base}image/" alt="Screenshot: Login dialog"`);

    // The query language finds source strings; a query that does not parse is shown next to the search field.
    page = await manager.get(`${base}?q=${encodeURIComponent('source:hello OR source:goodbye')}`);
    expect(page.status).toBe(200);
    const hello = await sourceUnit('Hello');
    const goodbye = await sourceUnit('Goodbye world');
    expect(page.html).toContain(`<input type="checkbox" name="unit_id" value="${hello}"`);
    expect(page.html).toContain(`<input type="checkbox" name="unit_id" value="${goodbye}"`);
    expect(page.html).toContain('2 matching strings');
    expect(page.html).not.toContain(`value="${await sourceUnit('Open')}"`);
    page = await manager.get(`${base}?q=${encodeURIComponent('key:menu')}`);
    expect(page.html).toContain(`value="${await sourceUnit('Open')}"`);
    page = await manager.get(`${base}?q=${encodeURIComponent('source:(')}`);
    expect(page.status).toBe(400);
    expect(page.html).toMatch(/<p class="error field-error" id="id_q_error">[^<]+<\/p>/);

    // Nothing ticked is refused next to the list, then two strings are assigned at once.
    page = await manager.post(`${base}units/`, [['q', 'source:hello OR source:goodbye'], ['offset', '0']]);
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'unit_id')).toBe('This field is required.');
    page = await manager.post(`${base}units/`, [['q', 'source:hello OR source:goodbye'], ['offset', '0'], ['unit_id', String(hello)], ['unit_id', String(goodbye)]]);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${base}?q=source%3Ahello%20OR%20source%3Agoodbye&offset=0&done=strings_assigned#assign`);
    expect((await shot(created!.id)).units.sort()).toEqual([unitUrl(hello), unitUrl(goodbye)].sort());
    page = await manager.get(`${base}?q=${encodeURIComponent('source:hello')}`);
    expect(page.html).toMatch(/<ul class="plain screenshot-strings" id="assigned-strings">.*Hello.*Goodbye world/s);
    expect(page.html).toContain('already assigned');
    expect((await manager.get('/screenshots/shop/app/')).html).toContain('2 strings assigned');

    // Removing one string.
    page = await manager.post(`${base}units/remove/`, { unit_id: String(goodbye) });
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${base}?done=string_removed`);
    expect((await shot(created!.id)).units).toEqual([unitUrl(hello)]);

    // Renaming: a blank name is refused next to the field; then saved.
    page = await manager.post(base, { name: ' ', repository_filename: 'docs/login.png' });
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'name')).toBe('This field may not be blank.');
    expect(fieldValue(page.html, 'repository_filename')).toBe('docs/login.png');
    page = await manager.post(base, { name: 'Sign-in dialog', repository_filename: 'docs/login.png' });
    expect(page.location).toBe(`${base}?done=screenshot_saved`);
    expect(await shot(created!.id)).toMatchObject({ name: 'Sign-in dialog', repository_filename: 'docs/login.png' });

    // Replacing the image: a text file is refused next to the field; a PNG is taken and the strings stay.
    page = await manager.post(`${base}file/`, [['image', file('notes.txt', 'text')]]);
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'image')).toMatch(/not an image|extension/);
    page = await manager.post(`${base}file/`, [['image', file('new.png', PNG)]]);
    expect(page.location).toBe(`${base}?done=screenshot_replaced`);
    expect((await shot(created!.id)).units).toEqual([unitUrl(hello)]);

    // Deleting asks for the confirmation box.
    page = await manager.post(`${base}delete/`, {});
    expect(page.status).toBe(400);
    expect(fieldError(page.html, 'confirm')).toMatch(/Tick this box/);
    expect(await shots()).toHaveLength(1);
    page = await manager.post(`${base}delete/`, { confirm: 'true' });
    expect(page.location).toBe('/screenshots/shop/app/?done=screenshot_deleted');
    expect(await shots()).toEqual([]);
    expect((await manager.get(base)).status).toBe(404);
  });

  it('lets a user without the screenshot rights look but not change anything; a form without its CSRF token is refused', async () => {
    const form = new FormData();
    form.append('name', 'Checkout');
    form.append('project_slug', 'shop');
    form.append('component_slug', 'app');
    form.append('language_code', 'en');
    form.append('image', new Blob([new Uint8Array(PNG)]), 'checkout.png');
    const res = await s.api('/api/screenshots/', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Shot;
    const hello = await sourceUnit('Hello');
    expect((await s.api(`/api/screenshots/${id}/units/`, { method: 'POST', json: { unit_id: hello } })).status).toBe(200);
    const before = await shot(id);
    const base = `/screenshots/shop/app/${id}/`;

    // Viewing is allowed, without the forms.
    let page = await translator.get('/screenshots/shop/app/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Checkout');
    expect(page.html).not.toContain('id="screenshot-upload"');
    page = await translator.get(`${base}?q=source:hello`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('id="assign-strings"');
    expect(page.html).not.toContain('id="screenshot-delete"');
    expect(page.html).not.toContain(`id="remove-${hello}"`);

    for (const [path, fields] of [
      ['/screenshots/shop/app/', [['name', 'Mine'], ['language_code', 'en'], ['image', file('mine.png', PNG)]]],
      [base, [['name', 'Mine'], ['repository_filename', '']]],
      [`${base}file/`, [['image', file('mine.png', PNG)]]],
      [`${base}units/`, [['unit_id', String(await sourceUnit('Open'))]]],
      [`${base}units/remove/`, [['unit_id', String(hello)]]],
      [`${base}delete/`, [['confirm', 'true']]],
      [`${base}delete/`, []],
    ] as [string, [string, string | Blob][]][]) {
      expect((await translator.post(path, fields)).status, path).toBe(403);
    }
    expect(await shots()).toEqual([before]);

    // The manager's own session, but no token in the form.
    const forged = await fetch(`${s.url}${base}delete/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: manager.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirm: 'true' }),
    });
    expect(forged.status).toBe(403);
    expect(await shots()).toEqual([before]);

    // A screenshot is only found under its own component.
    expect((await createPoComponent(s, 'shop', 'web')).status).toBe(201);
    expect((await manager.get(`/screenshots/shop/web/${id}/`)).status).toBe(404);
  });
});
