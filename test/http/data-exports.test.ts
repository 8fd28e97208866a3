// The data exports page /data/<project>/: an HTML page of the project's feeds, statistics, repository and hook
// addresses (each of which answers), for those who may see the project; on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** The addresses the page links to, in order. */
const links = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe.each(DIALECTS)('data exports page on %s', (dialect) => {
  let s: TestServer;
  let outsider: string;

  beforeAll(async () => {
    s = await startServer(dialect);
    outsider = await s.createUser('outsider');
    expect((await createProject(s, 'hello', { name: 'Hello <World>' })).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello', 'docs')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createProject(s, 'quiet', { enable_hooks: false })).status).toBe(201);
  });
  afterAll(async () => s?.close());

  it('lists the feeds, statistics and repositories of the project and each component', async () => {
    const res = await s.api('/data/hello/', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<h1>Data exports</h1>');
    // The name is text, never markup.
    expect(html).toContain('Hello &lt;World&gt;');
    expect(html).not.toContain('Hello <World>');
    const hrefs = links(html);
    for (const url of [
      `${s.url}/exports/rss/hello/`,
      `${s.url}/exports/rss/hello/app/`,
      `${s.url}/exports/rss/hello/docs/`,
      `${s.url}/api/components/hello/app/statistics/`,
      `${s.url}/api/components/hello/docs/statistics/`,
      `${s.url}/api/projects/hello/repository/`,
      `${s.url}/api/components/hello/app/repository/`,
      `${s.url}/hooks/github/`,
      `${s.url}/hooks/gitlab/`,
    ]) {
      expect(hrefs, url).toContain(url);
    }
    expect(html).toContain(`curl -H "Authorization: Token TOKEN" ${s.url}/api/components/hello/app/translations/`);
  });

  it('links addresses that answer', async () => {
    const html = await (await s.api('/data/hello/')).text();
    const hrefs = links(html).filter((h) => h.startsWith(`${s.url}/exports/`) || h.includes('/statistics/') || h.endsWith('/file/'));
    expect(hrefs.length).toBeGreaterThanOrEqual(6);
    for (const href of hrefs) {
      const res = await s.api(href.slice(s.url.length));
      expect(res.status, href).toBe(200);
      await res.arrayBuffer();
    }
    // The project's files are offered to who may download them.
    expect(links(html)).toContain(`${s.url}/api/projects/hello/file/`);
  });

  it('shows the hooks only when the project takes notifications', async () => {
    const html = await (await s.api('/data/quiet/')).text();
    expect(html).toContain('<h1>Data exports</h1>');
    expect(html).not.toContain('/hooks/github/');
  });

  it('answers 404 for a project the caller cannot see, or none', async () => {
    for (const [path, token] of [
      ['/data/secret/', null],
      ['/data/secret/', outsider],
      ['/data/missing/', undefined],
    ] as const) {
      const res = await s.api(path, { token });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    expect((await s.api('/data/secret/')).status).toBe(200);
  });
});
