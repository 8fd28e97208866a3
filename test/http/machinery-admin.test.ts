// The machine translation pages over HTTP: configuring LibreTranslate for a project against a local server that speaks its
// protocol (the secret never shown back, kept when left empty), "Test the connection" showing the translation or the
// server's refusal in words, removing the setting, the site-wide page, and nothing for a translator; on every database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

/** A LibreTranslate server: answers "[<target>] <text>", or 403 with its error message for the key "bad". */
async function libreTranslate(): Promise<{ url: string; keys: string[]; close: () => Promise<void> }> {
  const keys: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string[]; target: string; api_key?: string };
      keys.push(body.api_key ?? '');
      res.setHeader('Content-Type', 'application/json');
      if (body.api_key === 'bad') {
        res.writeHead(403);
        res.end(JSON.stringify({ error: 'Invalid API key' }));
        return;
      }
      res.end(JSON.stringify({ translatedText: body.q.map((t) => `[${body.target}] ${t}`) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, keys, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(DIALECTS)('machine translation pages (%s)', (dialect) => {
  let s: TestServer;
  let lt: Awaited<ReturnType<typeof libreTranslate>>;
  let admin: UiSession;
  let translator: UiSession;
  const BASE = '/settings/mtproj/machinery/';
  const ENGINE = `${BASE}libretranslate/`;
  const stored = async () => {
    const row = await s.container.database.db
      .withTables<{ machinery_settings: { project_id: number | null; engine: string; configuration: string } }>()
      .selectFrom('machinery_settings')
      .select(['configuration'])
      .where('engine', '=', 'libretranslate')
      .where('project_id', 'is not', null)
      .executeTakeFirst();
    return row ? (JSON.parse(row.configuration) as Record<string, unknown>) : null;
  };

  beforeAll(async () => {
    lt = await libreTranslate();
    s = await startServer(dialect);
    expect((await createProject(s, 'mtproj')).status).toBe(201);
    await userWithPassword(s, 'translator');
    admin = await signIn(s, 'admin');
    translator = await signIn(s, 'translator');
  });
  afterAll(async () => {
    await s?.close();
    await lt?.close();
  });

  it('lists the engines and configures one, refusing a bad field next to it', async () => {
    const list = await admin.get(BASE);
    expect(list.status).toBe(200);
    expect(list.html).toContain('No engine is configured here.');
    for (const name of ['LibreTranslate', 'DeepL']) expect(list.html).toContain(name);
    const form = await admin.get(ENGINE);
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<input type="password" id="id_key" name="key" value=""/);
    expect(form.html).not.toContain('id="engine-test"');

    const refused = await admin.post(ENGINE, { url: 'not a url', key: 'good-key', timeout: '5' });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, 'url')).toBe('Enter a valid http(s) URL.');
    expect(fieldValue(refused.html, 'url')).toBe('not a url');
    expect(fieldValue(refused.html, 'timeout')).toBe('5');
    expect(fieldValue(refused.html, 'key')).toBe('');
    expect(await stored()).toBeNull();

    const res = await admin.post(ENGINE, { url: lt.url, key: 'good-key', timeout: '5' });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe(`${BASE}?done=engine_configured`);
    const api = await (await s.api('/api/projects/mtproj/machinery/libretranslate/')).json();
    expect(api.configuration).toEqual({ url: lt.url, key: '********', timeout: 5 });
    const after = await admin.get(res.location!);
    expect(after.html).toContain('The machine translation settings are saved.');
    expect(after.html).not.toContain('good-key');
    const page = await admin.get(ENGINE);
    expect(page.html).not.toContain('good-key');
    expect(page.html).toContain('A value is set; leave this empty to keep it');
    expect(fieldValue(page.html, 'url')).toBe(lt.url);
  });

  it('tests the connection with a real request and shows the translation, or the refusal in words', async () => {
    let res = await admin.post(`${ENGINE}test/`, { sample_text: 'Hello, world!', sample_source: 'en', sample_target: 'de' });
    expect(res.status).toBe(200);
    expect(res.html).toMatch(/<span class="test-translation">\[de\] Hello, world!<\/span>/);
    expect(lt.keys.at(-1)).toBe('good-key');

    // Saved with the key left empty: the stored key stays.
    res = await admin.post(ENGINE, { url: lt.url, key: '', timeout: '' });
    expect(res.status, res.html).toBe(303);
    expect(await stored()).toEqual({ url: lt.url, key: 'good-key', timeout: 10 });

    res = await admin.post(`${ENGINE}test/`, { sample_text: '', sample_source: 'en', sample_target: 'x y' });
    expect(res.status).toBe(400);
    expect(fieldError(res.html, 'sample_text')).toBe('Enter a text to translate.');
    expect(fieldError(res.html, 'sample_target')).toBe('Enter a language code such as en, de or pt_BR.');
    expect(fieldValue(res.html, 'sample_target')).toBe('x y');

    expect((await admin.post(ENGINE, { url: lt.url, key: 'bad' })).status).toBe(303);
    res = await admin.post(`${ENGINE}test/`, { sample_text: 'Open', sample_source: 'en', sample_target: 'cs' });
    expect(res.status).toBe(200);
    const failure = /<div class="error" role="alert" id="test-result"><p>([^<]*)<\/p>/.exec(res.html)?.[1];
    expect(failure).toMatch(/^The test failed: LibreTranslate .*HTTP 403.*Invalid API key/);
    expect(lt.keys.at(-1)).toBe('bad');
  });

  it('refuses a translator and a form without its CSRF token, changing nothing', async () => {
    const before = await stored();
    expect((await translator.get(BASE)).status).toBe(403);
    expect((await translator.get(ENGINE)).status).toBe(403);
    expect((await translator.post(ENGINE, { url: 'http://127.0.0.1:9/', key: 'evil' })).status).toBe(403);
    expect((await translator.post(`${ENGINE}test/`, { sample_text: 'x', sample_source: 'en', sample_target: 'de' })).status).toBe(403);
    expect((await translator.post(`${ENGINE}delete/`, {})).status).toBe(403);
    expect((await translator.get('/manage/machinery/')).status).toBe(403);
    const noToken = await fetch(`${s.url}${ENGINE}delete/`, { method: 'POST', redirect: 'manual', headers: { Cookie: admin.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(noToken.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('removes the setting', async () => {
    const res = await admin.post(`${ENGINE}delete/`, {});
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${BASE}?done=engine_removed`);
    expect((await s.api('/api/projects/mtproj/machinery/libretranslate/')).status).toBe(404);
    expect((await admin.get(res.location!)).html).toContain('The machine translation settings are removed.');
  });

  it('configures and tests an engine site-wide for superusers', async () => {
    const site = '/manage/machinery/libretranslate/';
    expect((await admin.get('/manage/machinery/')).status).toBe(200);
    const res = await admin.post(site, { url: lt.url });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe('/manage/machinery/?done=engine_configured');
    expect((await (await s.api('/api/machinery/libretranslate/')).json()).configuration).toEqual({ url: lt.url, timeout: 10 });
    const tested = await admin.post(`${site}test/`, { sample_text: 'Save', sample_source: 'en', sample_target: 'fr' });
    expect(tested.html).toContain('[fr] Save');
    expect((await admin.post(`${site}delete/`, {})).status).toBe(303);
    expect((await s.api('/api/machinery/libretranslate/')).status).toBe(404);
  });
});
