// Every object's web_url opens a page: categories (three levels deep, beside the translation pages of the same
// shape), users, and the engage address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('web_url pages on %s', (dialect) => {
  let s: TestServer;
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(status);
    return text;
  };
  const json = async (res: Response, status = 200) => JSON.parse(await ok(res, status));
  const page = async (webUrl: string, token: string | null = null) => {
    const res = await s.api(new URL(webUrl).pathname, { token });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  };
  const categories: Record<string, { id: number; url: string }> = {};

  beforeAll(async () => {
    s = await startServer(dialect);
    await ok(await createProject(s, 'web'), 201);
    let parent: string | null = null;
    for (const slug of ['top', 'mid', 'deep']) {
      const body = await json(await s.api('/api/categories/', { method: 'POST', json: { name: `Cat <${slug}>`, slug, project: `${s.url}/api/projects/web/`, category: parent } }), 201);
      categories[slug] = { id: body.id, url: body.url };
      parent = body.url;
    }
    for (const [slug, cat] of [['plain', null], ['intop', 'top'], ['indeep', 'deep']] as const) {
      const fields: Record<string, string> = { name: `Comp ${slug}`, slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' };
      if (cat) fields.category = categories[cat]!.url;
      await ok(await s.api('/api/projects/web/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) }), 201);
    }
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a category web_url at every depth shows its sub-categories, components and statistics', async () => {
    for (const [slug, shows] of [['top', ['Cat &lt;mid&gt;', 'Comp intop']], ['mid', ['Cat &lt;deep&gt;']], ['deep', ['Comp indeep']]] as const) {
      const stats = await json(await s.api(`/api/categories/${categories[slug]!.id}/statistics/`));
      const p = await page(stats.url);
      expect(p.status, `${slug} ${stats.url}`).toBe(200);
      expect(p.type).toContain('text/html');
      expect(p.body).toContain(`<h1>Cat &lt;${slug}&gt;</h1>`);
      for (const text of shows) expect(p.body, `${slug} shows ${text}`).toContain(text);
      expect(p.body).toContain(`>${stats.total}<`);
    }
    expect((await page(`${s.url}/projects/web/nope/`)).status).toBe(404);
    expect((await page(`${s.url}/projects/web/top/nope/`)).status).toBe(404);
  });

  it('translation and component pages of the same shape still win', async () => {
    const comp = await json(await s.api('/api/components/web/plain/'));
    expect((await page(comp.web_url)).body).toContain('Comp plain');
    const tr = await json(await s.api('/api/translations/web/plain/cs/'));
    const p = await page(tr.web_url);
    expect(p.status).toBe(200);
    expect(p.body).toContain('Czech');
  });

  it('a user web_url shows the user and their changes; engage leads to the project', async () => {
    const unit = (await json(await s.api('/api/translations/web/plain/cs/units/'))).results[0];
    await json(await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: ['Hotovo <b>'], state: 20 } }));
    const user = await json(await s.api('/api/users/admin/'));
    const p = await page(user.web_url, s.adminToken);
    expect(p.status).toBe(200);
    expect(p.body).toContain('admin');
    expect(p.body).toContain('Hotovo &lt;b&gt;');
    const project = await json(await s.api('/api/projects/web/'));
    const engage = await s.api(`/engage/web/`, { redirect: 'manual', token: null });
    expect(engage.status).toBe(303);
    expect(engage.headers.get('location')).toBe(new URL(project.web_url).pathname);
  });
});
