// SSRF guard over HTTP: machinery URLs, webhook URLs and repository URLs refused on internal
// addresses by default, accepted with PARLA_ALLOWED_HOSTS, redirects and DNS changes checked at request time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/shared/clock.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

interface ErrorBody {
  type: string;
  detail: string;
  errors: { code: string; detail: string; attr: string | null }[];
}

/** A stand-in for outside services on loopback that records every request it gets. */
function countingServer(host: string, handle?: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => boolean) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push(`${req.method} ${req.url}`);
      const body = Buffer.concat(chunks).toString('utf8');
      if (handle?.(req, res, body)) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    hits,
    port: 0,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      this.port = (server.address() as AddressInfo).port;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(DIALECTS)('outbound requests to internal addresses (%s)', (dialect) => {
  // 127.0.0.2 is loopback too on Linux: a redirect target that the allow-list below does not cover.
  const inner = countingServer('127.0.0.2');
  const outside = countingServer('127.0.0.1', (req, res, body) => {
    if (req.url === '/to-inner') {
      res.writeHead(307, { location: `http://127.0.0.2:${inner.port}/mt` }).end();
      return true;
    }
    if (req.url?.startsWith('/redirected.git/')) {
      res.writeHead(302, { location: `http://127.0.0.2:${inner.port}${req.url}` }).end();
      return true;
    }
    if (req.url === '/mt') {
      const texts = (JSON.parse(body) as { texts: string[] }).texts;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translations: texts.map((t) => ({ text: `[${t}]` })) }));
      return true;
    }
    return false;
  });
  let strict: TestServer; // the default: PARLA_ALLOWED_HOSTS unset
  let open: TestServer; // PARLA_ALLOWED_HOSTS=127.0.0.1,localhost

  const json = async <T = ErrorBody>(res: Response, status: number): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const machinery = (s: TestServer, url: string) => s.api('/api/projects/p/machinery/', { method: 'POST', json: { engine: 'generic', configuration: { url } } });
  const webhook = (s: TestServer, url: string) => s.api('/api/components/p/app/addons/', { method: 'POST', json: { name: 'weblate.webhook.webhook', configuration: { webhook_url: url } } });
  const component = (s: TestServer, slug: string, repo: string) =>
    s.api('/api/projects/p/components/', { method: 'POST', json: { name: slug, slug, file_format: 'po', filemask: 'po/*.po', vcs: 'git', repo, branch: 'main' } });

  beforeAll(async () => {
    await inner.start();
    await outside.start();
    strict = await startServer(dialect, { PARLA_ALLOWED_HOSTS: '' });
    open = await startServer(dialect, { PARLA_ALLOWED_HOSTS: '127.0.0.1,localhost' });
    for (const s of [strict, open]) {
      expect((await createProject(s, 'p')).status).toBe(201);
      expect((await createPoComponent(s, 'p')).status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await outside.stop();
    await inner.stop();
  });
  beforeEach(() => {
    outside.hits.length = 0;
    inner.hits.length = 0;
  });

  it('refuses a machine translation URL on loopback, link-local or in odd spellings by default', async () => {
    for (const url of [`http://127.0.0.1:${outside.port}/mt`, `http://localhost:${outside.port}/mt`, 'http://169.254.169.254/latest/', `http://2130706433:${outside.port}/mt`, 'http://[::ffff:10.0.0.1]/', 'http://0x7f.1/']) {
      const body = await json(await machinery(strict, url), 400);
      expect(body.type).toBe('validation_error');
      expect(body.errors, url).toEqual([{ code: 'invalid', attr: 'configuration.url', detail: expect.stringMatching(/ address; requests to internal addresses are refused unless PARLA_ALLOWED_HOSTS allows them\.$/) }]);
    }
    // Also on PATCH of an existing setting, and for the site-wide setting.
    expect((await strict.api('/api/projects/p/machinery/', { method: 'POST', json: { engine: 'deepl', configuration: { key: 'k' } } })).status).toBe(201);
    const patched = await json(await strict.api('/api/projects/p/machinery/deepl/', { method: 'PATCH', json: { configuration: { url: `http://127.0.0.1:${outside.port}/v2/` } } }), 400);
    expect(patched.errors.map((e) => e.attr)).toEqual(['configuration.url']);
    const site = await json(await strict.api('/api/machinery/', { method: 'POST', json: { engine: 'libretranslate', configuration: { url: 'http://10.0.0.1/' } } }), 400);
    expect(site.errors[0]!.detail).toMatch(/^10\.0\.0\.1 is a private address/);
    expect(outside.hits).toEqual([]);
  });

  it('refuses a webhook to the cloud metadata address and to loopback by default', async () => {
    const metadata = await json(await webhook(strict, 'http://169.254.169.254/latest/meta-data/'), 400);
    expect(metadata.errors).toEqual([{ code: 'invalid', attr: 'configuration', detail: expect.stringMatching(/^webhook_url: 169\.254\.169\.254 is a link-local address; /) }]);
    const local = await json(await webhook(strict, `http://127.0.0.1:${outside.port}/hook`), 400);
    expect(local.errors[0]!.detail).toMatch(/^webhook_url: 127\.0\.0\.1 is a loopback address/);
    expect(outside.hits).toEqual([]);
  });

  it('refuses repository URLs on internal addresses by default, in every URL form', async () => {
    for (const repo of [`http://127.0.0.1:${outside.port}/x.git`, 'https://localhost/x.git', 'ssh://git@10.1.2.3/x.git', 'git://[::1]/x.git', 'git@169.254.169.254:x.git', 'ssh://2130706433/x.git']) {
      const body = await json(await component(strict, 'c1', repo), 400);
      expect(body.errors, repo).toEqual([{ code: 'invalid', attr: 'repo', detail: expect.stringMatching(/ address; requests to internal addresses are refused/) }]);
    }
    // Changing the repository (or the push URL) of an existing component is checked as well.
    const repo = await json(await strict.api('/api/components/p/app/', { method: 'PATCH', json: { repo: `http://127.0.0.1:${outside.port}/x.git` } }), 400);
    expect(repo.errors.map((e) => e.attr)).toEqual(['repo']);
    const push = await json(await strict.api('/api/components/p/app/', { method: 'PATCH', json: { push: 'ssh://git@localhost/x.git' } }), 400);
    expect(push.errors.map((e) => e.attr)).toEqual(['push']);
    // A public name that does not resolve here is not an internal address: accepted.
    expect((await strict.api('/api/components/p/app/', { method: 'PATCH', json: { push: 'https://git.example.invalid/x.git' } })).status).toBe(200);
    expect(outside.hits).toEqual([]);
  });

  it('accepts what PARLA_ALLOWED_HOSTS allows and sends the requests', async () => {
    expect((await machinery(open, `http://127.0.0.1:${outside.port}/mt`)).status).toBe(201);
    const project = await json<{ id: number }>(await open.api('/api/projects/p/'), 200);
    const outcome = await open.container.machinery.translateWith(project.id, ['generic'], ['Hello'], { source: 'en', target: 'cs' });
    expect(outcome.errors).toEqual([]);
    expect(outcome.results[0]!.map((r) => r.text)).toEqual(['[Hello]']);
    expect(outside.hits).toEqual(['POST /mt']);

    expect((await webhook(open, `http://localhost:${outside.port}/hook`)).status).toBe(201);
    // The allow-list is not a blanket exemption: other internal addresses stay refused.
    expect((await webhook(open, 'http://169.254.169.254/latest/meta-data/')).status).toBe(400);
    expect((await machinery(open, 'http://192.168.0.1/')).status).toBe(400);
  });

  it('refuses a redirect from an allowed host to an address that is not allowed, at request time', async () => {
    const project = await json<{ id: number }>(await open.api('/api/projects/p/'), 200);
    expect((await open.api('/api/projects/p/machinery/generic/', { method: 'PATCH', json: { configuration: { url: `http://localhost:${outside.port}/to-inner` } } })).status).toBe(200);
    const outcome = await open.container.machinery.translateWith(project.id, ['generic'], ['Hello again'], { source: 'en', target: 'cs' });
    expect(outcome.results[0]).toEqual([]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatchObject({ kind: 'network', message: expect.stringMatching(/^Refused to connect to Generic machine translation: 127\.0\.0\.2 is a loopback address/) });
    expect(outside.hits).toEqual(['POST /to-inner']);
    expect(inner.hits).toEqual([]);
  });

  it('refuses at request time a service URL that is internal now (stored when DNS said otherwise)', async () => {
    const project = await json<{ id: number }>(await strict.api('/api/projects/p/'), 200);
    // What a configuration-time check passed, before the name was pointed at loopback.
    await strict.container.database.db
      .insertInto('machinery_settings' as never)
      .values({ project_id: project.id, engine: 'generic', configuration: JSON.stringify({ url: `http://localhost:${outside.port}/mt` }), created: nowIso(), updated: nowIso() } as never)
      .execute();
    const outcome = await strict.container.machinery.translateWith(project.id, ['generic'], ['Hello'], { source: 'en', target: 'cs' });
    expect(outcome.errors[0]).toMatchObject({ kind: 'network', message: expect.stringMatching(/^Refused to connect to Generic machine translation: localhost resolves to 127\.0\.0\.1, which is a loopback address/) });
    expect(outside.hits).toEqual([]);
  });

  it('lets git contact an allowed repository host but not follow its redirect elsewhere', async () => {
    const res = await component(open, 'redirected', `http://127.0.0.1:${outside.port}/redirected.git`);
    expect(res.status, await res.clone().text()).toBe(201);
    await open.container.tasks.idle();
    expect(outside.hits.some((h) => h.startsWith('GET /redirected.git/info/refs'))).toBe(true);
    expect(inner.hits).toEqual([]);
  });
});
