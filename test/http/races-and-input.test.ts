// Concurrent creations of one name answer one 201 and field 400s (never 500, never a duplicate row);
// malformed multipart bodies, lists and nulls in JSON, and blank names are 400s on the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const BROKEN_MULTIPART = { 'Content-Type': 'multipart/form-data; boundary=x' };
const BROKEN_BODY = '--x\r\nbroken';

interface ErrorBody {
  detail: string;
  errors: { attr: string | null; code: string; detail: string }[];
}

describe.each(DIALECTS)('races and loose input on %s', (dialect) => {
  let s: TestServer;

  const bodyOf = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const fieldError = async (res: Response, attr: string): Promise<ErrorBody['errors'][number]> => {
    const body = (await bodyOf(res, 400)) as ErrorBody;
    const e = body.errors.find((x) => x.attr === attr);
    expect(e, JSON.stringify(body)).toBeDefined();
    return e!;
  };

  /**
   * Ten requests at once: exactly one 201, the rest 400 with an error the sequential duplicate also gets
   * (a duplicate of name and slug at once may lose the race on either).
   */
  const race = async (send: () => Promise<Response>, attr: string) => {
    const responses = await Promise.all(Array.from({ length: 10 }, send));
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as ErrorBody })));
    expect(bodies.map((b) => b.status).sort(), JSON.stringify(bodies.filter((b) => b.status >= 500))).toEqual([201, ...Array(9).fill(400)]);
    const sequential = (await bodyOf(await send(), 400)) as ErrorBody;
    expect(sequential.errors.map((e) => e.attr)).toContain(attr);
    const known = new Set(sequential.errors.map((e) => `${e.attr}: ${e.detail}`));
    for (const b of bodies.filter((x) => x.status === 400)) {
      expect(b.body.errors.some((e) => known.has(`${e.attr}: ${e.detail}`)), JSON.stringify([b.body, sequential])).toBe(true);
    }
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await bodyOf(await createProject(s, 'base'), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('races on projects, users, categories, component lists, roles and teams answer one 201 and field 400s', async () => {
    await race(() => createProject(s, 'raced'), 'slug');
    expect((await bodyOf(await s.api('/api/projects/?page_size=100'), 200)).results.filter((p: { slug: string }) => p.slug === 'raced')).toHaveLength(1);
    await race(() => s.api('/api/users/', { method: 'POST', json: { username: 'racer', email: 'racer@example.com', full_name: 'Racer' } }), 'username');
    await race(() => s.api('/api/categories/', { method: 'POST', json: { name: 'Docs', slug: 'docs', project: `${s.url}/api/projects/base/` } }), 'slug');
    await race(() => s.api('/api/component-lists/', { method: 'POST', json: { name: 'Raced list', slug: 'raced-list' } }), 'slug');
    await race(() => s.api('/api/roles/', { method: 'POST', json: { name: 'Raced role', permissions: [] } }), 'name');
    await race(() => s.api('/api/groups/', { method: 'POST', json: { name: 'Raced team' } }), 'name');
    await race(() => s.api('/api/groups/', { method: 'POST', json: { name: 'Raced team', defining_project: `${s.url}/api/projects/base/` } }), 'name');
    const teams = (await bodyOf(await s.api('/api/groups/?page_size=1000'), 200)).results.filter((g: { name: string }) => g.name === 'Raced team');
    expect(teams).toHaveLength(2);
  }, 120_000);

  it('races on component creation by ZIP upload answer one 201 and field 400s', async () => {
    await race(() => createPoComponent(s, 'base', 'zipped'), 'slug');
  }, 120_000);

  it('a database uniqueness constraint keeps team names unique per project and site-wide', async () => {
    const insert = (name: string, project: number | null) => s.container.database.db.insertInto('groups').values({ name, defining_project_id: project, project_selection: 0, language_selection: 0 }).execute();
    await insert('Constrained', null);
    await expect(insert('Constrained', null)).rejects.toThrow();
    const base = await s.container.database.db.selectFrom('projects').select('id').where('slug', '=', 'base').executeTakeFirstOrThrow();
    await insert('Constrained', base.id);
    await expect(insert('Constrained', base.id)).rejects.toThrow();
  });

  it('a renamed team that collides with a team created meanwhile gets a 400 on name from the constraint', async () => {
    const a = await bodyOf(await s.api('/api/groups/', { method: 'POST', json: { name: 'Renamed A' } }), 201);
    const b = await bodyOf(await s.api('/api/groups/', { method: 'POST', json: { name: 'Renamed B' } }), 201);
    const responses = await Promise.all([
      s.api(`/api/groups/${a.id}/`, { method: 'PATCH', json: { name: 'Renamed C' } }),
      s.api(`/api/groups/${b.id}/`, { method: 'PATCH', json: { name: 'Renamed C' } }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    await fieldError(responses.find((r) => r.status === 400)!, 'name');
  });

  it('a broken multipart body is a 400 with a detail on API, upload and sign-in endpoints', async () => {
    for (const [path, token] of [
      ['/api/projects/', undefined],
      ['/api/projects/base/components/', undefined],
      ['/api/groups/', undefined],
      ['/accounts/login/', null],
    ] as const) {
      const res = await s.api(path, { method: 'POST', token, headers: BROKEN_MULTIPART, body: BROKEN_BODY });
      const body = await bodyOf(res, 400);
      expect(typeof body.detail, path).toBe('string');
    }
  });

  it('lists and nulls are not names in JSON; form bodies keep strings, booleans and lists', async () => {
    expect((await fieldError(await s.api('/api/roles/', { method: 'POST', json: { name: ['listed'] } }), 'name')).detail).toBe('Not a valid string.');
    await fieldError(await s.api('/api/groups/', { method: 'POST', json: { name: ['listed'] } }), 'name');
    expect((await fieldError(await s.api('/api/groups/', { method: 'POST', json: { name: null } }), 'name')).code).toMatch(/^(null|blank)$/);
    await fieldError(await s.api('/api/groups/', { method: 'POST', json: { name: 'Nulls', enforced_2fa: null } }), 'enforced_2fa');
    // Forms carry every field as text: numbers, booleans and single-item lists still arrive typed.
    const form = new URLSearchParams({ name: 'Form team', project_selection: '0', enforced_2fa: 'true' });
    const team = await bodyOf(await s.api('/api/groups/', { method: 'POST', body: form }), 201);
    expect(team).toMatchObject({ name: 'Form team', project_selection: 0, enforced_2fa: true });
    const role = await bodyOf(await s.api('/api/roles/', { method: 'POST', body: new URLSearchParams({ name: 'Form role', permissions: 'translation.add' }) }), 201);
    expect(role.permissions).toEqual(['translation.add']);
    const patched = await bodyOf(await s.api(`/api/groups/${team.id}/`, { method: 'PATCH', body: new URLSearchParams({ enforced_2fa: '0' }) }), 200);
    expect(patched.enforced_2fa).toBe(false);
  });

  it('null, empty and whitespace-only names are refused on create and update', async () => {
    const team = await bodyOf(await s.api('/api/groups/', { method: 'POST', json: { name: 'Named team' } }), 201);
    const role = await bodyOf(await s.api('/api/roles/', { method: 'POST', json: { name: 'Named role' } }), 201);
    const list = await bodyOf(await s.api('/api/component-lists/', { method: 'POST', json: { name: 'Named list', slug: 'named-list' } }), 201);
    const label = await bodyOf(await s.api('/api/projects/base/labels/', { method: 'POST', json: { name: 'named', color: 'red' } }), 201);
    await bodyOf(await s.api('/api/users/', { method: 'POST', json: { username: 'named', email: 'named@example.com', full_name: 'Named' } }), 201);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['/api/groups/', `/api/groups/${team.id}/`, {}, 'name'],
      ['/api/roles/', `/api/roles/${role.id}/`, { permissions: [] }, 'name'],
      ['/api/component-lists/', `/api/component-lists/${list.slug}/`, { slug: 'blank-list' }, 'name'],
      ['/api/projects/base/labels/', `/api/projects/base/labels/${label.id}/`, { color: 'red' }, 'name'],
      ['/api/users/', '/api/users/named/', { username: 'blank', email: 'blank@example.com' }, 'full_name'],
    ];
    for (const [create, instance, rest, attr] of cases) {
      for (const value of [null, '', '   ', '\t\n']) {
        const e1 = await fieldError(await s.api(create, { method: 'POST', json: { ...rest, [attr]: value } }), attr);
        expect(e1.code, `${create} ${JSON.stringify(value)}`).toMatch(/^(null|blank)$/);
        await fieldError(await s.api(instance, { method: 'PATCH', json: { [attr]: value } }), attr);
      }
    }
    const names = (await bodyOf(await s.api('/api/groups/?page_size=1000'), 200)).results.map((g: { name: string }) => g.name);
    expect(names.filter((n: string) => !n.trim())).toEqual([]);
  });
});
