// GET /api/search/?q=: projects, categories, components, users (signed-in callers) and languages, five of each at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Hit = { url: string; name: string; category: string };

describe.each(DIALECTS)('site search on %s', (dialect) => {
  let s: TestServer;
  let outsider: string;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const search = async (q: string, token?: string | null): Promise<Hit[]> => json(await s.api(`/api/search/?q=${encodeURIComponent(q)}`, { token }));

  beforeAll(async () => {
    s = await startServer(dialect);
    outsider = await s.createUser('outsider');
    await s.createUser('zebrauser');
    await json(await createProject(s, 'zebra'), 201);
    await json(await createPoComponent(s, 'zebra', 'zebracomp'), 201);
    const cat = await json(await s.api('/api/categories/', { method: 'POST', json: { name: 'Zebra docs', slug: 'zdocs', project: `${s.url}/api/projects/zebra/` } }), 201);
    const fields = { name: 'Zebra manual', slug: 'manual', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: cat.url };
    await json(await s.api('/api/projects/zebra/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) }), 201);
    await json(await createProject(s, 'zebrasecret', { access_control: 100 }), 201);
    for (let i = 0; i < 7; i++) await json(await createProject(s, `many${i}`), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('finds projects, categories, components, users and languages as a bare array of web paths', async () => {
    const hits = await search('zebra');
    expect(Array.isArray(hits)).toBe(true);
    expect(hits).toContainEqual({ url: '/projects/zebra/', name: 'ZEBRA', category: 'Project' });
    expect(hits).toContainEqual({ url: '/projects/zebra/zdocs/', name: 'ZEBRA/Zebra docs', category: 'Category' });
    expect(hits).toContainEqual({ url: '/projects/zebra/zebracomp/', name: 'ZEBRA/ZEBRACOMP', category: 'Component' });
    expect(hits).toContainEqual({ url: '/projects/zebra/zdocs/manual/', name: 'ZEBRA/Zebra docs/Zebra manual', category: 'Component' });
    expect(hits).toContainEqual({ url: '/user/zebrauser/', name: 'zebrauser', category: 'User' });
    // The kinds come in this order.
    const order = ['Project', 'Category', 'Component', 'User', 'Language'];
    const kinds = hits.map((h) => order.indexOf(h.category));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    // Superusers see the private project too.
    expect(hits.map((h) => h.url)).toContain('/projects/zebrasecret/');

    const languages = await search('czech');
    expect(languages).toContainEqual({ url: '/languages/cs/', name: 'Czech', category: 'Language' });
  });

  it('leaves users out for anonymous callers and private projects out for those who may not see them', async () => {
    const anonymous = await search('zebra', null);
    expect(anonymous.some((h) => h.category === 'User')).toBe(false);
    expect(anonymous.some((h) => h.category === 'Project' && h.url === '/projects/zebra/')).toBe(true);
    for (const hits of [anonymous, await search('zebra', outsider)]) expect(hits.map((h) => h.url)).not.toContain('/projects/zebrasecret/');
    expect((await search('zebra', outsider)).some((h) => h.category === 'User')).toBe(true);
  });

  it('answers at most five hits of a kind, none for an empty query, and takes wildcards literally', async () => {
    const many = await search('many');
    expect(many.filter((h) => h.category === 'Project')).toHaveLength(5);
    expect(await search('')).toEqual([]);
    expect(await json(await s.api('/api/search/'))).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('z_bra')).toEqual([]);
  });
});
