// Announcements of projects, project languages, categories, components and translations: list, post (201), delete (204).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('announcements on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let outsider: string;
  let categoryId: number;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const post = (path: string, body: unknown, token?: string | null) => s.api(path, { method: 'POST', json: body, token });

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    outsider = await s.createUser('outsider');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    categoryId = (await json(await s.api('/api/categories/', { method: 'POST', json: { name: 'Guide', slug: 'guide', project: `${s.url}/api/projects/pub/` } }), 201)).id;
    await json(await createProject(s, 'priv', { access_control: 100 }), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('links the announcements of each object', async () => {
    expect((await json(await s.api('/api/projects/pub/'))).announcements_url).toBe(`${s.url}/api/projects/pub/announcements/`);
    expect((await json(await s.api('/api/components/pub/app/'))).announcements_url).toBe(`${s.url}/api/components/pub/app/announcements/`);
    expect((await json(await s.api('/api/translations/pub/app/cs/'))).announcements_url).toBe(`${s.url}/api/translations/pub/app/cs/announcements/`);
    expect((await json(await s.api(`/api/categories/${categoryId}/`))).announcements_url).toBe(`${s.url}/api/categories/${categoryId}/announcements/`);
  });

  it('posts a project announcement with its fields, lists it and records the change', async () => {
    expect(await json(await s.api('/api/projects/pub/announcements/'))).toEqual({ count: 0, next: null, previous: null, results: [] });
    const created = await json(await post('/api/projects/pub/announcements/', { message: 'Release on Friday', severity: 'warning', expiry: '2030-01-31', notify: false }), 201);
    expect(created).toEqual({ id: expect.any(Number), message: 'Release on Friday', severity: 'warning', expiry: '2030-01-31', notify: false });
    const list = await json(await s.api('/api/projects/pub/announcements/', { token: null }));
    expect(list.count).toBe(1);
    expect(list.results).toEqual([created]);
    const changes = (await json(await s.api('/api/projects/pub/changes/?action=46'))).results;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ action: 46, action_name: 'Announcement posted', target: 'Release on Friday' });

    const defaults = await json(await post('/api/projects/pub/announcements/', { message: 'Plain text' }), 201);
    expect(defaults).toMatchObject({ message: 'Plain text', severity: 'info', expiry: null, notify: true });
    const form = await json(await s.api('/api/projects/pub/announcements/', { method: 'POST', body: new URLSearchParams({ message: 'From a form', severity: 'success', notify: 'false', expiry: '' }) }), 201);
    expect(form).toMatchObject({ severity: 'success', notify: false, expiry: null });
  });

  it('refuses bad fields with the field and message', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'message', 'This field is required.'],
      [{ message: '' }, 'message', 'This field may not be blank.'],
      [{ message: 'x', severity: 'urgent' }, 'severity', '"urgent" is not a valid choice.'],
      [{ message: 'x', expiry: '2030-02-30' }, 'expiry', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      [{ message: 'x', expiry: 'tomorrow' }, 'expiry', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      [{ message: 'x', notify: 'maybe' }, 'notify', 'Must be a valid boolean.'],
    ];
    for (const [body, attr, detail] of cases) {
      const error = await json(await post('/api/projects/pub/announcements/', body), 400);
      expect(error.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ attr, detail }));
    }
    expect((await json(await s.api('/api/projects/pub/announcements/'))).count).toBe(3);
  });

  it('needs announcement.add to post and announcement.delete to remove; private projects stay hidden', async () => {
    expect((await post('/api/projects/pub/announcements/', { message: 'x' }, null)).status).toBe(401);
    expect((await post('/api/projects/pub/announcements/', { message: 'x' }, plain)).status).toBe(403);
    expect((await json(await s.api('/api/projects/pub/announcements/', { token: plain }))).count).toBe(3);
    expect((await s.api('/api/projects/priv/announcements/', { token: outsider })).status).toBe(404);
    expect((await post('/api/projects/priv/announcements/', { message: 'x' }, outsider)).status).toBe(404);

    const [first] = (await json(await s.api('/api/projects/pub/announcements/'))).results;
    expect((await s.api(`/api/projects/pub/announcements/${first.id}/`, { method: 'DELETE', token: null })).status).toBe(401);
    expect((await s.api(`/api/projects/pub/announcements/${first.id}/`, { method: 'DELETE', token: plain })).status).toBe(403);
    const res = await s.api(`/api/projects/pub/announcements/${first.id}/`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await s.api(`/api/projects/pub/announcements/${first.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.api('/api/projects/pub/announcements/abc/', { method: 'DELETE' })).status).toBe(404);
    expect((await json(await s.api('/api/projects/pub/announcements/'))).results.map((a: { id: number }) => a.id)).not.toContain(first.id);
  });

  it('keeps each scope to its own announcements', async () => {
    const scopes = ['/api/components/pub/app/', '/api/translations/pub/app/cs/', `/api/categories/${categoryId}/`, '/api/projects/pub/languages/cs/'];
    const ids: Record<string, number> = {};
    for (const base of scopes) ids[base] = (await json(await post(`${base}announcements/`, { message: `For ${base}` }), 201)).id;
    for (const base of scopes) {
      const list = await json(await s.api(`${base}announcements/`));
      expect(list.results.map((a: { message: string }) => a.message), base).toEqual([`For ${base}`]);
    }
    // The project's own list and the German translation's list hold none of them.
    const project = await json(await s.api('/api/projects/pub/announcements/'));
    expect(project.results.some((a: { message: string }) => a.message.startsWith('For '))).toBe(false);
    expect((await json(await s.api('/api/translations/pub/app/de/announcements/'))).count).toBe(0);
    expect((await json(await s.api('/api/projects/pub/languages/de/announcements/'))).count).toBe(0);
    // An announcement is removed only through its own scope.
    const componentId = ids['/api/components/pub/app/'];
    expect((await s.api(`/api/projects/pub/announcements/${componentId}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.api(`/api/translations/pub/app/cs/announcements/${componentId}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.api(`/api/components/pub/app/announcements/${componentId}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await s.api('/api/components/pub/app/announcements/'))).count).toBe(0);
    expect((await s.api('/api/projects/pub/languages/xx-unknown/announcements/')).status).toBe(404);
    expect((await s.api('/api/categories/99999/announcements/')).status).toBe(404);
  });
});
