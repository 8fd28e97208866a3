// GET /api/suggestions/: every suggestion in the projects the caller may see, newest first, paginated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('suggestion list on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let outsider: string;
  const created: { id: number; project: string }[] = [];

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (project: string, source: string) => {
    const body = await json(await s.api(`/api/translations/${project}/app/cs/units/?page_size=100`));
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    outsider = await s.createUser('outsider');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    await json(await createProject(s, 'priv', { access_control: 100 }), 201);
    await json(await createPoComponent(s, 'priv'), 201);
    for (const [project, source, text, token] of [
      ['pub', 'Hello', 'Nazdar', plain],
      ['priv', 'Hello', 'Tajne', undefined],
      ['pub', 'Open', 'Otevrit', plain],
    ] as const) {
      const unit = await unitOf(project, source);
      const body = await json(await s.api(`/api/units/${unit.id}/suggestions/`, { method: 'POST', json: { target: [text] }, token }), 201);
      created.push({ id: body.id, project });
    }
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { suggestion_voting: true } }));
    await json(await s.api(`/api/suggestions/${created[0]!.id}/vote/`, { method: 'POST', json: { value: 1 } }));
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('lists every suggestion newest first with the suggestion object', async () => {
    const body = await json(await s.api('/api/suggestions/'));
    expect(body.count).toBe(3);
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([...created].reverse().map((c) => c.id));
    const first = body.results[2];
    expect(first).toMatchObject({ id: created[0]!.id, target: ['Nazdar'], username: 'plain', votes: 1 });
    expect(first.url).toBe(`${s.url}/api/suggestions/${created[0]!.id}/`);
    expect(first.user).toBe(`${s.url}/api/users/plain/`);
    expect(first.unit).toMatch(/\/api\/units\/\d+\/$/);
    expect(await json(await s.api(first.url))).toEqual(first);
  });

  it('shows only suggestions of projects the caller may see', async () => {
    for (const token of [null, outsider, plain]) {
      const body = await json(await s.api('/api/suggestions/', { token }));
      expect(body.count).toBe(2);
      expect(body.results.map((r: { target: string[] }) => r.target[0])).toEqual(['Otevrit', 'Nazdar']);
    }
  });

  it('pages with the list envelope and forgets removed suggestions', async () => {
    const page1 = await json(await s.api('/api/suggestions/?page_size=2'));
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toBe(`${s.url}/api/suggestions/?page_size=2&page=2`);
    const page2 = await json(await s.api(page1.next));
    expect(page2.results.map((r: { id: number }) => r.id)).toEqual([created[0]!.id]);
    expect((await s.api('/api/suggestions/?page=9')).status).toBe(404);

    await json(await s.api(`/api/suggestions/${created[2]!.id}/`, { method: 'DELETE' }), 204);
    expect((await json(await s.api('/api/suggestions/'))).count).toBe(2);
    expect((await s.api('/api/suggestions/', { method: 'POST', json: {} })).status).toBe(405);
  });
});
