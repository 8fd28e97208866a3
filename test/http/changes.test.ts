// Changes: real operations record their action codes, and /api/changes/ with the
// project, component and translation change lists filter (user, action, timestamp_*), order newest
// first, page, and show only what the caller may see.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { componentDirOf } from '../helpers/data-dirs.js';
import { startServer, type TestServer } from '../helpers/server.js';

interface Change {
  unit: string | null;
  component: string | null;
  translation: string | null;
  user: string | null;
  author: string | null;
  alert: null;
  timestamp: string;
  action: number;
  target: string;
  old: string;
  details: Record<string, unknown>;
  id: number;
  action_name: string;
  url: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Change[];
}

const FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'alert', 'timestamp', 'action', 'target', 'old', 'details', 'id', 'action_name', 'url'];

describe.each(DIALECTS)('changes (%s)', (dialect) => {
  let server: TestServer;
  let alice: string;
  const get = async (path: string, token?: string | null): Promise<Page> => {
    const res = await server.api(path, token === undefined ? {} : { token });
    expect(res.status, `${path}: ${res.status}`).toBe(200);
    return (await res.json()) as Page;
  };
  const all = async (path: string, token?: string | null): Promise<Change[]> => (await get(`${path}${path.includes('?') ? '&' : '?'}page_size=1000`, token)).results;
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return r;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    alice = await server.createUser('alice');
    expect((await createProject(server, 'pub')).status).toBe(201);
    expect((await createPoComponent(server, 'pub')).status).toBe(201);
    expect((await createProject(server, 'priv', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(server, 'priv')).status).toBe(201);

    // Real operations of the API, each of which records a change.
    const units = (await get('/api/translations/pub/app/cs/units/')).results as unknown as { id: number; source: string[]; target: string[] }[];
    const open = units.find((u) => u.source[0] === 'Open')!;
    await ok(server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 } })); // 5
    await ok(server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 20 } })); // 2
    await ok(server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 10 } })); // 37
    await ok(server.api('/api/components/pub/app/lock/', { method: 'POST', json: { lock: true } })); // 14
    await ok(server.api('/api/components/pub/app/lock/', { method: 'POST', json: { lock: false } })); // 15
    await ok(server.api('/api/components/pub/app/translations/', { method: 'POST', json: { language_code: 'fr' } })); // 48
    await ok(server.api('/api/translations/pub/app/fr/', { method: 'DELETE' })); // 25
    await ok(server.api('/api/projects/pub/', { method: 'PATCH', json: { license: 'MIT' } })); // 95 + 55
    await ok(server.api('/api/components/pub/app/', { method: 'PATCH', json: { manage_units: true } })); // 96
    await ok(server.api('/api/components/pub/app/repository/', { method: 'POST', json: { operation: 'file-sync' } })); // 83
    await ok(server.api('/api/components/pub/app/repository/', { method: 'POST', json: { operation: 'file-scan' } })); // 84
    await ok(server.api('/api/components/pub/app/repository/', { method: 'POST', json: { operation: 'commit' } }));
    await ok(server.api('/api/translations/pub/app/en/units/', { method: 'POST', json: { source: ['Brand new'], state: 0 } })); // 13
    const upload = CS_PO.replace('msgstr "Ahoj"', 'msgstr "Nazdar"');
    await ok(server.api('/api/translations/pub/app/cs/file/', { method: 'POST', body: multipart({ method: 'translate', conflicts: 'replace-translated' }, { file: { name: 'cs.po', data: upload } }) })); // 9 + 78
    await ok(server.api('/api/projects/', { method: 'POST', json: { name: 'Doomed', slug: 'doomed', web: 'https://example.com/' } })); // 50
    await ok(server.api('/api/projects/doomed/', { method: 'DELETE' })); // 39
    // A change in the private project, by the admin.
    const privUnits = (await get('/api/translations/priv/app/cs/units/')).results as unknown as { id: number; source: string[] }[];
    await ok(server.api(`/api/units/${privUnits.find((u) => u.source[0] === 'Open')!.id}/`, { method: 'PATCH', json: { target: ['Tajné'], state: 20 } }));
  });
  afterAll(async () => server?.close());

  it('records the action codes of real operations', async () => {
    const actions = new Set((await all('/api/projects/pub/changes/')).map((c) => c.action));
    for (const code of [50, 51, 5, 2, 37, 14, 15, 48, 25, 95, 55, 96, 83, 84, 13, 9, 78]) expect(actions, `action ${code}`).toContain(code);
    const translated = (await all('/api/translations/pub/app/cs/changes/?action=5'))[0];
    expect(translated).toMatchObject({ action: 5, action_name: 'Translation added', target: 'Otevřít', old: '', alert: null });
    expect(translated.unit).toMatch(/\/api\/units\/\d+\/$/);
    expect(translated.translation).toBe(`${server.url}/api/translations/pub/app/cs/`);
    expect(translated.component).toBe(`${server.url}/api/components/pub/app/`);
    expect(translated.user).toBe(`${server.url}/api/users/admin/`);
    expect(translated.author).toBe(`${server.url}/api/users/admin/`);
    const license = (await all('/api/projects/pub/changes/?action=55'))[0];
    expect(license).toMatchObject({ target: 'MIT', component: null, translation: null, unit: null });
    // Removing a translation leaves its changes; the removal itself names the component.
    const removed = (await all('/api/components/pub/app/changes/?action=25'))[0];
    expect(removed.translation).toBeNull();
    expect(removed.component).toBe(`${server.url}/api/components/pub/app/`);
  });

  it('records strings updated in the repository by a forced rescan, with the rescan itself', async () => {
    const file = path.join(await componentDirOf(server, 'pub', 'app'), 'po', 'cs.po');
    const before = await fs.readFile(file, 'utf8');
    expect(before).toContain('msgstr[0] "Jeden soubor"');
    await fs.writeFile(file, before.replace('msgstr[0] "Jeden soubor"', 'msgstr[0] "Jediný soubor"'));
    await ok(server.api('/api/components/pub/app/repository/', { method: 'POST', json: { operation: 'file-scan' } }));
    const [rescan, updated] = await all('/api/components/pub/app/changes/?action=84&action=59');
    expect(rescan.action).toBe(84);
    expect(updated).toMatchObject({ action: 59, action_name: 'String updated in the repository', translation: `${server.url}/api/translations/pub/app/cs/` });
    expect(updated.target).toContain('Jediný soubor');
    expect(updated.old).toContain('Jeden soubor');
    expect(updated.unit).toMatch(/\/api\/units\/\d+\/$/);
  });

  it('serializes change objects with the fields the reference gives them, and the detail matches the list', async () => {
    const [first] = (await get('/api/changes/')).results;
    expect(Object.keys(first)).toEqual(FIELDS);
    expect(first.url).toBe(`${server.url}/api/changes/${first.id}/`);
    const res = await server.api(`/api/changes/${first.id}/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
    expect((await server.api('/api/changes/999999/')).status).toBe(404);
    expect((await server.api('/api/changes/abc/')).status).toBe(404);
  });

  it('lists newest first and pages with the list envelope', async () => {
    const changes = await all('/api/changes/');
    expect(changes.length).toBeGreaterThan(15);
    for (let i = 1; i < changes.length; i++) {
      expect(changes[i - 1].id).toBeGreaterThan(changes[i].id);
      expect(changes[i - 1].timestamp >= changes[i].timestamp).toBe(true);
    }
    const page = await get('/api/changes/?page_size=2');
    expect(page.count).toBe(changes.length);
    expect(page.results.map((c) => c.id)).toEqual(changes.slice(0, 2).map((c) => c.id));
    expect(page.next).toBe(`${server.url}/api/changes/?page_size=2&page=2`);
    expect(page.previous).toBeNull();
    const second = await get('/api/changes/?page_size=2&page=2');
    expect(second.results.map((c) => c.id)).toEqual(changes.slice(2, 4).map((c) => c.id));
    expect((await server.api('/api/changes/?page=999')).status).toBe(404);
  });

  it('filters by action (repeatable: OR), user and inclusive timestamps', async () => {
    const locks = await all('/api/changes/?action=14&action=15');
    expect(locks.map((c) => c.action)).toEqual([15, 14]);
    expect(locks.every((c) => c.action_name.startsWith('Component '))).toBe(true);
    expect((await all('/api/changes/?user=admin')).every((c) => c.user === `${server.url}/api/users/admin/`)).toBe(true);
    expect((await get('/api/changes/?user=nobody')).count).toBe(0);
    const changes = await all('/api/changes/');
    const oldest = changes.at(-1)!;
    const before = await all(`/api/changes/?timestamp_before=${encodeURIComponent(oldest.timestamp)}`);
    expect(before.map((c) => c.id)).toContain(oldest.id);
    const after = await all(`/api/changes/?timestamp_after=${encodeURIComponent(changes[0].timestamp)}`);
    expect(after.map((c) => c.id)).toContain(changes[0].id);
    expect(after.every((c) => c.timestamp >= changes[0].timestamp)).toBe(true);
    expect((await get('/api/changes/?timestamp_after=2999-01-01')).count).toBe(0);
    expect((await get('/api/changes/?timestamp_before=2000-01-01T00:00:00Z')).count).toBe(0);
    expect((await get('/api/changes/?timestamp_after=2000-01-01 10:00')).count).toBe(changes.length);
    // The same filters on a scoped list.
    expect((await all('/api/components/pub/app/changes/?action=14&action=96')).map((c) => c.action)).toEqual([96, 14]);
  });

  it('rejects invalid filters with 400', async () => {
    for (const bad of ['abc', '999', '-1']) {
      const res = await server.api(`/api/changes/?action=2&action=${bad}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.type).toBe('validation_error');
      expect(body.errors).toEqual([{ code: 'invalid_choice', detail: `Select a valid choice. ${bad} is not one of the available choices.`, attr: 'action' }]);
    }
    for (const param of ['timestamp_after', 'timestamp_before']) {
      const res = await server.api(`/api/projects/pub/changes/?${param}=yesterday`);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([{ code: 'invalid', detail: 'Enter a valid date/time.', attr: param }]);
    }
    expect((await server.api('/api/changes/?timestamp_after=2024-13-45')).status).toBe(400);
  });

  it('scopes the lists to the project, component and translation', async () => {
    const project = await all('/api/projects/pub/changes/');
    expect(project.every((c) => c.component === null || c.component === `${server.url}/api/components/pub/app/`)).toBe(true);
    const translation = await all('/api/translations/pub/app/cs/changes/');
    expect(translation.length).toBeGreaterThan(3);
    expect(translation.every((c) => c.translation === `${server.url}/api/translations/pub/app/cs/`)).toBe(true);
    const component = await all('/api/components/pub/app/changes/');
    expect(component.length).toBeGreaterThan(translation.length);
    expect((await server.api('/api/projects/nope/changes/')).status).toBe(404);
    expect((await server.api('/api/components/pub/nope/changes/')).status).toBe(404);
    expect((await server.api('/api/translations/pub/app/xx/changes/')).status).toBe(404);
  });

  it('links changes_list_url of projects, components and translations to these lists', async () => {
    for (const path of ['/api/projects/pub/', '/api/components/pub/app/', '/api/translations/pub/app/cs/']) {
      const obj = await (await server.api(path)).json();
      expect(obj.changes_list_url).toBe(`${server.url}${path}changes/`);
      const res = await server.api(obj.changes_list_url.slice(server.url.length));
      expect(res.status).toBe(200);
      expect((await res.json()).count).toBeGreaterThan(0);
    }
    const root = await (await server.api('/api/')).json();
    expect(root.changes).toBe(`${server.url}/api/changes/`);
  });

  it('hides changes of private projects and site-wide changes from outsiders, in lists and details', async () => {
    const privChanges = await all('/api/projects/priv/changes/');
    expect(privChanges.length).toBeGreaterThan(0);
    const siteWide = await all('/api/changes/?action=39');
    expect(siteWide).toHaveLength(1);
    expect(siteWide[0]).toMatchObject({ target: 'doomed', component: null });
    const superCount = (await get('/api/changes/')).count;
    for (const token of [null, alice]) {
      const seen = await all('/api/changes/', token);
      const ids = new Set(seen.map((c) => c.id));
      expect(seen.length).toBe(superCount - privChanges.length - 2); // the private project's changes; doomed's creation and removal
      for (const c of privChanges) expect(ids.has(c.id)).toBe(false);
      expect(ids.has(siteWide[0].id)).toBe(false);
      expect(seen.every((c) => c.component === null || c.component.includes('/pub/'))).toBe(true);
      expect((await server.api(`/api/changes/${privChanges[0].id}/`, { token })).status).toBe(404);
      expect((await server.api(`/api/changes/${siteWide[0].id}/`, { token })).status).toBe(404);
      for (const path of ['/api/projects/priv/changes/', '/api/components/priv/app/changes/', '/api/translations/priv/app/cs/changes/']) {
        expect((await server.api(path, { token })).status).toBe(404);
      }
      // Filters apply within what the caller sees.
      expect((await get('/api/changes/?user=admin&action=5', token)).count).toBe(1);
    }
    expect((await get('/api/changes/?action=5')).count).toBe(2);
  });
});
