// Machine translation settings: /api/projects/<p>/machinery/ and /api/machinery/ — permissions,
// masked secrets, per-field validation — and MachineryService.translateWith against a local server; on every database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { MachineryError } from '../../src/machinery/engine.js';

/** A LibreTranslate-speaking server that prefixes answers with the path it was called on. */
async function fakeLibreTranslate(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string[]; target: string };
      hits.push(`${req.url} ${body.q.join('|')}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ translatedText: body.q.map((t) => `${req.url}:${body.target}:${t}`) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)('machinery settings on %s', (dialect) => {
  let s: TestServer;
  let alphaToken: string;
  let plain: string;
  let alphaId: number;
  let otherId: number;
  const projectUrl = (p: string, engine = '') => `/api/projects/${p}/machinery/${engine ? `${engine}/` : ''}`;
  const post = (path: string, json: unknown, token?: string | null) => s.api(path, { method: 'POST', json, token });
  const patch = (path: string, json: unknown, token?: string | null) => s.api(path, { method: 'PATCH', json, token });
  const attrs = async (res: Response) => ((await res.json()).errors as { attr: string }[]).map((e) => e.attr).sort();

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'alpha')).status).toBe(201);
    expect((await createProject(s, 'other')).status).toBe(201);
    expect((await createProject(s, 'hidden', { access_control: 100 })).status).toBe(201);
    alphaId = (await (await s.api('/api/projects/alpha/')).json()).id;
    otherId = (await (await s.api('/api/projects/other/')).json()).id;
    alphaToken = (await (await post('/api/projects/alpha/tokens/', { name: 'Admin bot' })).json()).token;
    plain = await s.createUser('plain');
  });
  afterAll(() => s.close());

  it('lets a project admin configure an engine and never shows the secret again', async () => {
    const res = await post(projectUrl('alpha'), { engine: 'deepl', configuration: { key: 'deepl-secret:fx' } }, alphaToken);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      engine: 'deepl',
      name: 'DeepL',
      scope: 'project',
      configuration: { key: '********', timeout: 10 },
      created: expect.any(String),
      updated: expect.any(String),
      url: `${s.url}/api/projects/alpha/machinery/deepl/`,
    });
    expect(res.headers.get('location')).toBe(created.url);

    const list = await (await s.api(projectUrl('alpha'), { token: alphaToken })).json();
    expect(list).toMatchObject({ count: 1, next: null, previous: null, results: [{ engine: 'deepl', configuration: { key: '********' } }] });
    const one = await s.api(projectUrl('alpha', 'deepl'), { token: alphaToken });
    expect(one.status).toBe(200);
    for (const text of [JSON.stringify(created), JSON.stringify(list), await one.text()]) expect(text).not.toContain('deepl-secret');

    const stored = await s.container.database.db
      .withTables<{ machinery_settings: { project_id: number | null; engine: string; configuration: string } }>()
      .selectFrom('machinery_settings')
      .select(['project_id', 'configuration'])
      .where('engine', '=', 'deepl')
      .executeTakeFirstOrThrow();
    expect(stored.project_id).toBe(alphaId);
    expect(JSON.parse(stored.configuration)).toEqual({ key: 'deepl-secret:fx', timeout: 10 });
  });

  it('checks project.edit on project settings and machinery.edit on site-wide ones', async () => {
    expect((await s.api(projectUrl('alpha'), { token: null })).status).toBe(401);
    expect((await post(projectUrl('alpha'), { engine: 'generic', configuration: { url: 'http://x/' } }, null)).status).toBe(401);
    expect((await s.api(projectUrl('alpha'), { token: plain })).status).toBe(403);
    expect((await s.api(projectUrl('alpha', 'deepl'), { token: plain })).status).toBe(403);
    expect((await patch(projectUrl('alpha', 'deepl'), { configuration: { timeout: 5 } }, plain)).status).toBe(403);
    expect((await s.api(projectUrl('alpha', 'deepl'), { method: 'DELETE', token: plain })).status).toBe(403);
    expect((await s.api(projectUrl('hidden'), { token: plain })).status).toBe(404);
    expect((await s.api(projectUrl('hidden'), { token: alphaToken })).status).toBe(404);
    expect((await s.api(projectUrl('other'), { token: alphaToken })).status).toBe(403);
    expect((await s.api(projectUrl('missing'))).status).toBe(404);

    expect((await s.api('/api/machinery/', { token: null })).status).toBe(401);
    expect((await s.api('/api/machinery/', { token: plain })).status).toBe(403);
    expect((await s.api('/api/machinery/', { token: alphaToken })).status).toBe(403);
    expect((await post('/api/machinery/', { engine: 'libretranslate', configuration: { url: 'http://127.0.0.1:9/' } }, alphaToken)).status).toBe(403);
    expect((await s.api('/api/machinery/')).status).toBe(200);
    expect((await s.api(projectUrl('alpha'), { method: 'PUT', json: {} })).status).toBe(405);
  });

  it('validates the engine and each configuration field', async () => {
    let res = await post(projectUrl('alpha'), { configuration: {} }, alphaToken);
    expect(res.status).toBe(400);
    expect(await attrs(res)).toEqual(['engine']);
    res = await post(projectUrl('alpha'), { engine: 'google', configuration: {} }, alphaToken);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ code: 'invalid_choice', detail: 'Unknown machinery service: google.', attr: 'engine' }]);
    res = await post(projectUrl('alpha'), { engine: 'generic', configuration: { url: 'file:///etc/passwd', header: 'No Spaces', timeout: 500, batch_size: 'many', extra: 1 } }, alphaToken);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.type).toBe('validation_error');
    expect(body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual([
      'configuration.batch_size', 'configuration.extra', 'configuration.header', 'configuration.timeout', 'configuration.url',
    ]);
    res = await post(projectUrl('alpha'), { engine: 'libretranslate' }, alphaToken);
    expect(await attrs(res)).toEqual(['configuration.url']);
    res = await post(projectUrl('alpha'), { engine: 'deepl', configuration: { key: 'again' } }, alphaToken);
    expect(res.status).toBe(400);
    expect(await attrs(res)).toEqual(['engine']);
    res = await post(projectUrl('alpha'), { engine: 'generic', configuration: 'url=x' }, alphaToken);
    expect(await attrs(res)).toEqual(['configuration']);
    res = await post(projectUrl('alpha'), { engine: 'generic', configuration: { url: 'http://x/' }, colour: 'red' }, alphaToken);
    expect(res.status).toBe(400);
  });

  it('patches fields, keeps a secret sent back masked, and deletes', async () => {
    const url = projectUrl('alpha', 'deepl');
    let res = await patch(url, { configuration: { key: '********', timeout: 30, url: 'http://127.0.0.1:1/v2/' } }, alphaToken);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).configuration).toEqual({ key: '********', url: 'http://127.0.0.1:1/v2/', timeout: 30 });
    res = await patch(url, { configuration: { url: null } }, alphaToken);
    expect((await res.json()).configuration).toEqual({ key: '********', timeout: 30 });
    res = await patch(url, { configuration: { timeout: 0 } }, alphaToken);
    expect(res.status).toBe(400);
    expect(await attrs(res)).toEqual(['configuration.timeout']);
    res = await patch(url, { configuration: { key: null } }, alphaToken);
    expect(await attrs(res)).toEqual(['configuration.key']);
    res = await patch(url, { engine: 'libretranslate' }, alphaToken);
    expect(await attrs(res)).toEqual(['engine']);
    const db = s.container.database.db.withTables<{ machinery_settings: { engine: string; configuration: string } }>();
    const stored = await db.selectFrom('machinery_settings').select('configuration').where('engine', '=', 'deepl').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.configuration)).toEqual({ key: 'deepl-secret:fx', timeout: 30 });

    expect((await patch(projectUrl('alpha', 'generic'), { configuration: {} }, alphaToken)).status).toBe(404);
    expect((await s.api(projectUrl('alpha', 'no-such-engine'), { token: alphaToken })).status).toBe(404);
    expect((await s.api(url, { method: 'DELETE', token: alphaToken })).status).toBe(204);
    expect((await s.api(url, { token: alphaToken })).status).toBe(404);
    expect((await s.api(url, { method: 'DELETE', token: alphaToken })).status).toBe(404);
  });

  it('accepts the reference id of the translation memory', async () => {
    const res = await post(projectUrl('alpha'), { engine: 'weblate-translation-memory', configuration: {} }, alphaToken);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ engine: 'parla-translation-memory', name: 'Parla translation memory', configuration: {} });
    expect((await s.api(projectUrl('alpha', 'weblate-translation-memory'), { token: alphaToken })).status).toBe(200);
    expect((await s.api(projectUrl('alpha', 'parla-translation-memory'), { method: 'DELETE', token: alphaToken })).status).toBe(204);
  });

  it('keeps site-wide settings apart and translates with project settings first, then site-wide ones', async () => {
    const lt = await fakeLibreTranslate();
    try {
      let res = await post('/api/machinery/', { engine: 'libretranslate', configuration: { url: `${lt.url}/site/`, key: 'site-key' } });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await res.json()).toMatchObject({ scope: 'site', configuration: { url: `${lt.url}/site/`, key: '********' }, url: `${s.url}/api/machinery/libretranslate/` });
      expect((await (await s.api(projectUrl('other'))).json()).count).toBe(0);
      expect((await (await s.api('/api/machinery/')).json()).results.map((r: { engine: string }) => r.engine)).toEqual(['libretranslate']);
      res = await post(projectUrl('alpha'), { engine: 'libretranslate', configuration: { url: `${lt.url}/project/` } }, alphaToken);
      expect(res.status).toBe(201);

      const service = s.container.machinery;
      const first = await service.translateWith(alphaId, ['libretranslate', 'deepl'], ['Open', '', 'Close', 'Open'], { source: 'en', target: 'pt_BR' });
      expect(first.results.map((r) => r.map((c) => c.text))).toEqual([['/project/translate:pb:Open'], [], ['/project/translate:pb:Close'], ['/project/translate:pb:Open']]);
      expect(first.results[0][0]).toMatchObject({ quality: 89, service: 'LibreTranslate', source: 'Open' });
      expect(first.errors.map((e) => [e.engine, e.kind])).toEqual([['deepl', 'not_configured']]);
      expect(first.errors[0]).toBeInstanceOf(MachineryError);
      expect(lt.hits).toEqual(['/project/translate Open|Close']);

      // Cached: the same texts are not asked again; a new one is.
      const second = await service.translateWith(alphaId, ['libretranslate'], ['Close', 'Save'], { source: 'en', target: 'pt_BR' });
      expect(second.results.map((r) => r.map((c) => c.text))).toEqual([['/project/translate:pb:Close'], ['/project/translate:pb:Save']]);
      expect(lt.hits).toEqual(['/project/translate Open|Close', '/project/translate Save']);

      const other = await service.translateWith(otherId, ['libretranslate', 'weblate-translation-memory'], ['Open'], { source: 'en', target: 'cs' });
      expect(other.results).toEqual([[{ text: '/site/translate:cs:Open', quality: 89, service: 'LibreTranslate', source: 'Open' }]]);
      expect(other.errors).toEqual([]);

      await expect(service.translateWith(alphaId, ['google'], ['Open'], { source: 'en', target: 'cs' })).rejects.toMatchObject({ code: 'invalid', fieldErrors: [{ attr: 'engines' }] });

      // A failing service is reported, not thrown.
      await lt.close();
      const down = await service.translateWith(alphaId, ['libretranslate'], ['Never asked before'], { source: 'en', target: 'cs' });
      expect(down.results).toEqual([[]]);
      expect(down.errors.map((e) => e.kind)).toEqual(['network']);
    } finally {
      await lt.close().catch(() => undefined);
    }
    expect((await s.api('/api/machinery/libretranslate/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/machinery/libretranslate/')).status).toBe(404);
  });

  it('removes a project\'s settings with the project', async () => {
    expect((await post(projectUrl('other'), { engine: 'generic', configuration: { url: 'http://127.0.0.1:9/' } })).status).toBe(201);
    expect((await s.api('/api/projects/other/', { method: 'DELETE' })).status).toBeLessThan(300);
    const db = s.container.database.db.withTables<{ machinery_settings: { project_id: number | null } }>();
    expect(await db.selectFrom('machinery_settings').select('project_id').where('project_id', '=', otherId).execute()).toEqual([]);
  });
});
