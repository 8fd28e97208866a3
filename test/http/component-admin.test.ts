// The component administration pages over HTTP as a browser uses them: creating a component from a ZIP file or a document
// with the project's managers' rights, refusals shown next to the field with the values kept, and no page for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'a long enough passphrase';

describe.each(DIALECTS)('component administration pages (%s)', (dialect) => {
  let s: TestServer;
  let manager: string;
  let translator: string;

  const signIn = async (username: string) => {
    const res = await fetch(`${s.url}/accounts/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ username, password: PASSWORD, next: '/' }),
    });
    expect(res.status).toBe(303);
    return /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  };
  const get = async (path: string, cookie: string) => {
    const res = await fetch(`${s.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const csrfOf = (html: string) => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ?? '';
  /** Posts the creation form as a browser does: multipart, the page's CSRF token, file fields empty when nothing is chosen. */
  const create = async (cookie: string, project: string, fields: Record<string, string>, files: { zipfile?: [string, Buffer | string]; docfile?: [string, Buffer | string] } = {}) => {
    const form = await get(`/create/component/?project=${project}`, cookie);
    const body = new FormData();
    body.append('csrfmiddlewaretoken', csrfOf(form.html));
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const name of ['zipfile', 'docfile'] as const) {
      const f = files[name];
      body.append(name, new Blob([f ? (typeof f[1] === 'string' ? f[1] : new Uint8Array(f[1])) : '']), f ? f[0] : '');
    }
    const res = await fetch(`${s.url}/create/component/?project=${project}`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: s.url }, body });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'shop')).status).toBe(201);
    for (const name of ['mara', 'tom']) {
      await s.createUser(name);
      const user = await s.container.users.findByUsername(s.container.database.db, name);
      await s.container.users.setPassword(user!.id, PASSWORD);
    }
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const team = groups.find((g) => g.name === 'Administration' && g.defining_project === `${s.url}/api/projects/shop/`)!;
    expect((await s.api('/api/users/mara/groups/', { method: 'POST', json: { group_id: team.id } })).status).toBe(200);
    manager = await signIn('mara');
    translator = await signIn('tom');
  });
  afterAll(() => s?.close());

  it('shows the creation form to a project manager, with the formats Parla reads', async () => {
    const page = await get('/create/component/?project=shop', manager);
    expect(page.status).toBe(200);
    expect(page.html).toContain('enctype="multipart/form-data" id="create-component"');
    expect(page.html).toContain('<label for="id_filemask">File mask</label>');
    expect(page.html).toContain('<option value="po" selected>');
    expect(page.html).toContain('<option value="json"');
    expect(page.html).toContain('type="file" id="id_zipfile" name="zipfile"');
  });

  it('creates a component from a ZIP file and says so on the component page', async () => {
    const res = await create(manager, 'shop', { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: '', branch: '', template: '', source_language: '' }, { zipfile: ['app.zip', poZip()] });
    expect(res).toMatchObject({ status: 303, location: '/projects/shop/app/?done=component_created' });
    const component = await (await s.api('/api/components/shop/app/')).json();
    expect(component).toMatchObject({ name: 'App', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' });
    const translations = await (await s.api('/api/components/shop/app/translations/')).json();
    expect(translations.results.map((t: { language_code: string }) => t.language_code).sort()).toEqual(['cs', 'de', 'en']);
    const shown = await get(res.location!, manager);
    expect(shown.html).toContain('Component created.');
  });

  it('creates a component from a single document', async () => {
    const res = await create(manager, 'shop', { name: 'Guide', slug: 'guide', file_format: 'markdown' }, { docfile: ['README.md', '# Hello\n\nA paragraph to translate.\n'] });
    expect(res).toMatchObject({ status: 303, location: '/projects/shop/guide/?done=component_created' });
    const units = await (await s.api('/api/translations/shop/guide/en/units/')).json();
    expect(units.count).toBeGreaterThan(0);
  });

  it('shows a refused field next to it and keeps what was typed', async () => {
    const res = await create(manager, 'shop', { name: 'Second app', slug: 'app', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', poZip()] });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/<p class="error field-error" id="id_slug_error">[^<]+<\/p>/);
    expect(res.html).toContain('aria-describedby="id_slug_error id_slug_help"');
    expect(res.html).toContain('value="Second app"');
    expect(res.html).toContain('value="po/*.po"');
    const bad = await create(manager, 'shop', { name: 'Broken', slug: 'broken', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', 'not a zip'] });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="id_zipfile_error"/);
    expect((await s.api('/api/components/shop/broken/')).status).toBe(404);
  });

  it('refuses the page and the form to a user who may not add components, and asks strangers to sign in', async () => {
    expect((await get('/create/component/?project=shop', translator)).status).toBe(403);
    const refused = await create(translator, 'shop', { name: 'Mine', slug: 'mine', file_format: 'po', filemask: 'po/*.po' }, { zipfile: ['app.zip', poZip()] });
    expect(refused.status).toBe(403);
    expect((await s.api('/api/components/shop/mine/')).status).toBe(404);
    const anonymous = await fetch(`${s.url}/create/component/?project=shop`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/accounts/login/?next=%2Fcreate%2Fcomponent%2F%3Fproject%3Dshop');
    expect((await get('/create/component/?project=nowhere', manager)).status).toBe(404);
  });
});
