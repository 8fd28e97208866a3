// /api/projects/<p>/machinery_settings/ as the reference names and shapes it: GET {service: configuration},
// POST and PATCH {service, configuration} answering {message}, PUT replacing every service; project.edit only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('project machinery_settings on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let alphaId: number;
  const URL_ = '/api/projects/alpha/machinery_settings/';
  const send = (method: string, json: unknown, token?: string | null, path = URL_) => s.api(path, { method, json, token });
  const errorsOf = async (res: Response) => ((await res.json()).errors as { attr: string; detail: string }[]).map((e) => [e.attr, e.detail]);
  const stored = async () => {
    const rows = await s.container.database.db
      .withTables<{ machinery_settings: { project_id: number | null; engine: string; configuration: string } }>()
      .selectFrom('machinery_settings')
      .select(['engine', 'configuration'])
      .where('project_id', '=', alphaId)
      .orderBy('engine')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.engine, JSON.parse(r.configuration)]));
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'alpha')).status).toBe(201);
    expect((await createProject(s, 'hidden', { access_control: 100 })).status).toBe(201);
    alphaId = (await (await s.api('/api/projects/alpha/')).json()).id;
    plain = await s.createUser('plain');
  });
  afterAll(async () => s?.close());

  it('is linked from the project as machinery_settings', async () => {
    const project = await (await s.api('/api/projects/alpha/')).json();
    expect(project.machinery_settings).toBe(`${s.url}${URL_}`);
  });

  it('lists nothing at first, and only to project editors', async () => {
    const res = await s.api(URL_);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, HEAD, OPTIONS');
    expect((await s.api(URL_, { token: null })).status).toBe(401);
    expect((await s.api(URL_, { token: plain })).status).toBe(403);
    expect((await send('POST', { service: 'deepl', configuration: { key: 'k' } }, plain)).status).toBe(403);
    expect((await send('POST', { service: 'deepl', configuration: { key: 'k' } }, null)).status).toBe(401);
    expect((await s.api('/api/projects/hidden/machinery_settings/', { token: plain })).status).toBe(404);
    expect((await s.api(URL_, { method: 'DELETE' })).status).toBe(405);
  });

  it('installs a service with POST (201 and a message) and shows it by id with its secret masked', async () => {
    const res = await send('POST', { service: 'deepl', configuration: { key: 'deepl-secret:fx' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Service installed: DeepL' });
    const listed = await s.api(URL_);
    const text = await listed.text();
    expect(JSON.parse(text)).toEqual({ deepl: { key: '********', timeout: 10 } });
    expect(text).not.toContain('deepl-secret');
    expect(await stored()).toEqual({ deepl: { key: 'deepl-secret:fx', timeout: 10 } });
    // The same setting is what Parla's own per-engine address shows.
    expect((await (await s.api('/api/projects/alpha/machinery/deepl/')).json()).configuration).toEqual({ key: '********', timeout: 10 });
  });

  it('refuses a second install, a missing service name, an unknown service and a bad configuration with 400', async () => {
    let res = await send('POST', { service: 'deepl', configuration: { key: 'other' } });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([['service', 'Service already exists']]);
    res = await send('POST', { configuration: { key: 'x' } });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([['service', 'Missing service name']]);
    res = await send('POST', { service: 'nosuch', configuration: {} });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([['configuration', 'Service not found: nosuch']]);
    res = await send('POST', { service: 'libretranslate', configuration: '{not json' });
    expect(res.status).toBe(400);
    expect((await errorsOf(res))[0][0]).toBe('configuration');
    res = await send('POST', { service: 'libretranslate', configuration: {} });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([['configuration.url', 'This field is required.']]);
    expect(await stored()).toEqual({ deepl: { key: 'deepl-secret:fx', timeout: 10 } });
  });

  it('takes the configuration as JSON text, as a form sends it', async () => {
    const form = new URLSearchParams({ service: 'libretranslate', configuration: JSON.stringify({ url: 'http://127.0.0.1:9/' }) });
    const res = await s.api(URL_, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Service installed: LibreTranslate' });
    expect((await stored()).libretranslate).toMatchObject({ url: 'http://127.0.0.1:9/' });
  });

  it('changes a service with PATCH, keeps a secret sent back masked, and removes it with an empty configuration', async () => {
    let res = await send('PATCH', { service: 'deepl', configuration: { key: '********', timeout: 20 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Service updated: DeepL' });
    expect((await stored()).deepl).toEqual({ key: 'deepl-secret:fx', timeout: 20 });
    res = await send('PATCH', { service: 'deepl', configuration: { key: 'new-secret' } });
    expect(res.status).toBe(200);
    expect((await stored()).deepl).toEqual({ key: 'new-secret', timeout: 10 });
    res = await send('PATCH', { service: 'deepl', configuration: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Service removed: DeepL' });
    expect(Object.keys(await (await s.api(URL_)).json())).toEqual(['libretranslate']);
    res = await send('PATCH', { service: 'deepl', configuration: { key: 'back' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Service updated: DeepL' });
    expect((await stored()).deepl).toEqual({ key: 'back', timeout: 10 });
    expect((await send('PATCH', { configuration: {} })).status).toBe(400);
    expect((await send('PATCH', { service: 'deepl', configuration: { timeout: 1 } }, plain)).status).toBe(403);
  });

  it('replaces every service with PUT (201), all or nothing', async () => {
    let res = await send('PUT', { generic: { url: 'http://127.0.0.1:9/translate' }, deepl: { key: 'put-key' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Services installed: generic, deepl' });
    expect(await stored()).toEqual({ deepl: { key: 'put-key', timeout: 10 }, generic: { url: 'http://127.0.0.1:9/translate', quality: 90, batch_size: 50, timeout: 10 } });
    // One bad service: nothing changes.
    res = await send('PUT', { deepl: { key: 'other' }, libretranslate: {} });
    expect(res.status).toBe(400);
    expect(await stored()).toEqual({ deepl: { key: 'put-key', timeout: 10 }, generic: { url: 'http://127.0.0.1:9/translate', quality: 90, batch_size: 50, timeout: 10 } });
    res = await send('PUT', {});
    expect(res.status).toBe(201);
    expect(await stored()).toEqual({});
    expect((await send('PUT', [])).status).toBe(400);
    expect((await send('PUT', {}, plain)).status).toBe(403);
  });
});
