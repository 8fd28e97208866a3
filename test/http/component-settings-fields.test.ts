// The component settings form covers the components API: every field PATCH /api/components/<p>/<c>/ takes (read from its
// body schema, so a field added there and not to the form fails here) is on the form, and saving a new slug, a category
// move or the newer fields changes what the API shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComponentBody } from '../../src/http/schemas/component.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, signIn, type UiSession } from '../helpers/ui-session.js';

/** Body fields only a creation takes: the component to copy, and turning off the sharing of an existing clone. */
const CREATION_ONLY = ['from_component', 'disable_autoshare'];

/** The writable fields of the PATCH body: its schema's properties that are not marked read-only. */
function patchFields(): string[] {
  const properties = (ComponentBody as unknown as { properties: Record<string, { readOnly?: boolean }> }).properties;
  return Object.entries(properties)
    .filter(([name, schema]) => !schema.readOnly && !CREATION_ONLY.includes(name))
    .map(([name]) => name);
}

const unescape = (text: string) => text.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The settings form of a page: every control's name, and the fields as the browser posts them, with `changes` applied. */
function settingsForm(html: string, changes: Record<string, string | null> = {}): { names: string[]; fields: [string, string][] } {
  const start = html.indexOf('id="component-settings"');
  const form = html.slice(start, html.indexOf('</form>', start));
  const names = [...form.matchAll(/<(?:input|select|textarea)[^>]* name="([a-z_]+)"/g)].map((m) => m[1]!);
  const out: [string, string][] = [];
  for (const m of form.matchAll(/<input type="(?!hidden)([a-z]+)" id="id_([a-z_]+)" name="[a-z_]+" value="([^"]*)"([^>]*)>/g)) {
    if (m[1] === 'checkbox') {
      if (m[4]!.includes(' checked')) out.push([m[2]!, 'true']);
    } else out.push([m[2]!, unescape(m[3]!)]);
  }
  for (const m of form.matchAll(/<textarea id="id_([a-z_]+)" name="[a-z_]+"[^>]*>([^<]*)<\/textarea>/g)) out.push([m[1]!, unescape(m[2]!)]);
  for (const m of form.matchAll(/<select id="id_([a-z_]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const selected = /<option value="([^"]*)" selected>/.exec(m[2]!);
    if (selected) out.push([m[1]!, unescape(selected[1]!)]);
  }
  const kept = out.filter(([k]) => !(k in changes));
  for (const [k, v] of Object.entries(changes)) if (v !== null) kept.push([k, v]);
  return { names, fields: kept };
}

describe.each(DIALECTS)('component settings fields (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let categoryId: number;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    expect((await createPoComponent(s, 'shop', 'app')).status).toBe(201);
    const category = await s.api('/api/categories/', { method: 'POST', json: { name: 'Web', slug: 'web', project: `${s.url}/api/projects/shop/` } });
    expect(category.status).toBe(201);
    categoryId = ((await category.json()) as { id: number }).id;
    admin = await signIn(s, 'admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows every field the components API lets a PATCH change', async () => {
    const page = await admin.get('/settings/shop/app/');
    expect(page.status).toBe(200);
    const { names } = settingsForm(page.html);
    const wanted = patchFields();
    // The schema is read as expected: some known fields and no read-only one.
    expect(wanted).toEqual(expect.arrayContaining(['slug', 'category', 'vcs', 'enforced_checks', 'inherit_commit_message', 'file_format_params']));
    expect(wanted).not.toContain('web_url');
    expect(wanted.filter((name) => !names.includes(name))).toEqual([]);
    // Each one is labelled.
    for (const name of wanted) expect(page.html, name).toMatch(new RegExp(`<label for="id_${name}">[^<]+</label>`));
  });

  it('saves the newer fields through the update the API uses', async () => {
    const page = await admin.get('/settings/shop/app/');
    const changes = { enforced_checks: 'same, end_stop', variant_regex: '_short$', restricted: 'true', inherit_license: null, license: 'MIT', vcs_params: '{}', priority: '80' };
    const saved = await admin.post('/settings/shop/app/', settingsForm(page.html, changes).fields, { from: '/settings/shop/app/' });
    expect(saved, saved.html).toMatchObject({ status: 303, location: '/settings/shop/app/?saved=settings' });
    const api = (await (await s.api('/api/components/shop/app/')).json()) as Record<string, unknown>;
    expect(api).toMatchObject({ enforced_checks: ['same', 'end_stop'], variant_regex: '_short$', restricted: true, license: 'MIT', inherit_license: false, priority: 80 });
    // The form shows them back.
    const again = await admin.get('/settings/shop/app/');
    expect(again.html).toContain('value="same, end_stop"');

    // Text that is no JSON is refused next to its field, the rest kept and nothing saved.
    const refused = await admin.post('/settings/shop/app/', settingsForm(again.html, { file_format_params: '{not json', variant_regex: 'kept' }).fields, { from: '/settings/shop/app/' });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, 'file_format_params')).toBeTruthy();
    expect(refused.html).toContain('value="kept"');
    expect(((await (await s.api('/api/components/shop/app/')).json()) as { variant_regex: string }).variant_regex).toBe('_short$');
  });

  it('renames the slug and moves the component into a category, each redirecting to the new address', async () => {
    let page = await admin.get('/settings/shop/app/');
    const renamed = await admin.post('/settings/shop/app/', settingsForm(page.html, { slug: 'shopapp' }).fields, { from: '/settings/shop/app/' });
    expect(renamed).toMatchObject({ status: 303, location: '/settings/shop/shopapp/?saved=settings' });
    expect((await s.api('/api/components/shop/shopapp/')).status).toBe(200);
    expect((await s.api('/api/components/shop/app/')).status).toBe(404);

    page = await admin.get('/settings/shop/shopapp/');
    expect(page.html).toMatch(new RegExp(`<option value="${categoryId}">Web</option>`));
    const moved = await admin.post('/settings/shop/shopapp/', settingsForm(page.html, { category: String(categoryId) }).fields, { from: '/settings/shop/shopapp/' });
    expect(moved).toMatchObject({ status: 303, location: '/settings/shop/web%252Fshopapp/?saved=settings' });
    const api = (await (await s.api('/api/components/shop/web%252Fshopapp/')).json()) as { category: string };
    expect(api.category).toBe(`${s.url}/api/categories/${categoryId}/`);
    page = await admin.get(moved.location!);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<option value="${categoryId}" selected>Web</option>`);

    // A slug the API refuses is refused next to the field, the typed one kept.
    const refused = await admin.post(moved.location!.split('?')[0]!, settingsForm(page.html, { slug: 'no spaces' }).fields, { from: moved.location!.split('?')[0]! });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, 'slug')).toBeTruthy();
    expect(refused.html).toContain('value="no spaces"');
  });
});
