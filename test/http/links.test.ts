// Component links: a component shown in other projects (links/ list, add, remove) and listed there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('component links (%s)', (dialect) => {
  let server: TestServer;
  const L = '/api/components/home/app/links/';

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'home')).status).toBe(201);
    expect((await createProject(server, 'guest')).status).toBe(201);
    expect((await createPoComponent(server, 'home')).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('links a component into another project, lists it there and removes the link', async () => {
    expect(await (await server.api(L)).json()).toEqual({ projects: [] });
    const res = await server.api(L, { method: 'POST', json: { project_slug: 'guest' } });
    expect(res.status).toBe(201);
    const linked = await (await server.api(L)).json();
    expect(linked.projects.map((p: { slug: string }) => p.slug)).toEqual(['guest']);
    const guest = await (await server.api('/api/projects/guest/components/')).json();
    expect(guest.results.map((c: { slug: string; project: { slug: string } }) => [c.slug, c.project.slug])).toEqual([['app', 'home']]);
    expect((await server.api(`${L}guest/`, { method: 'DELETE' })).status).toBe(204);
    expect((await server.api(`${L}guest/`, { method: 'DELETE' })).status).toBe(404);
    expect((await (await server.api('/api/projects/guest/components/')).json()).count).toBe(0);
  });

  it('refuses unknown projects, its own project and anonymous callers', async () => {
    const unknown = await server.api(L, { method: 'POST', json: { project_slug: 'nowhere' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0].attr).toBe('project_slug');
    expect((await server.api(L, { method: 'POST', json: { project_slug: 'home' } })).status).toBe(400);
    expect((await server.api(L, { method: 'POST', json: { project_slug: 'guest' }, token: null })).status).toBe(401);
  });
});
