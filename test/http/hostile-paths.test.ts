// Hostile path parameters and file names: every route with a path parameter, every uploaded
// file name and ZIP entry name, answered without a 5xx and without reading or writing a file outside the data dir;
// script payloads in names and texts are escaped in every RSS feed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { registeredRoutes } from '../helpers/routes.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SCRIPT = '<script>alert(1)</script>';

/** Path segments as they go on the wire (already percent-encoded where needed); nothing normalises them on the way. */
function hostileSegments(root: string): [label: string, raw: string][] {
  return [
    ['dot-dot', '..'],
    ['encoded dot-dot', '%2e%2e'],
    ['encoded traversal to /etc/passwd', '..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd'],
    ...[1, 2, 3, 4, 5, 6].map((n): [string, string] => [`traversal to a canary, ${n} levels up`, `${'..%2F'.repeat(n)}canary.txt`]),
    ['double-encoded traversal', '..%252F..%252Fcanary.txt'],
    ['backslash traversal', '..%5C..%5Ccanary.txt'],
    ['absolute path', '%2Fetc%2Fpasswd'],
    ['malformed percent-encoding', '%E0%A4%A'],
    ['invalid percent-encoding', '%ZZ'],
    ['NUL', '%00'],
    ['NUL before an extension', 'cs%00.po'],
    ['600 characters', 'a'.repeat(600)],
    ['script', encodeURIComponent(SCRIPT)],
    ['option', '-rf'],
    ['git option', encodeURIComponent(`--upload-pack=touch ${root}/pwned`)],
    ['right-to-left override', encodeURIComponent('\u202ecs')],
    ['fullwidth dots', encodeURIComponent('\uff0e\uff0e')],
    ['fullwidth traversal', encodeURIComponent('\uff0e\uff0e\uff0fcanary.txt')],
  ];
}

/** A value of each parameter that names something real (or harmless), so that only one parameter at a time is hostile. */
const VALID: Record<string, string> = {
  project: 'pub', component: 'app', language: 'cs', code: 'cs', ext: 'po', id: '1', label_id: '1', engine: 'deepl', linked: 'other',
  slug: 'list', component_slug: 'app', username: 'admin', subscription_id: '1', sub: '1', unit_id: '1', file: 'x', service: 'github',
};

interface Raw {
  status: number;
  type: string;
  location: string;
  body: string;
}

/** One request with the path exactly as given: fetch would resolve `..` and `%2e%2e` before sending. */
function rawRequest(base: string, method: string, rawPath: string, token: string, body?: string): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        headers: { Authorization: `Token ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), location: String(res.headers.location ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every registered route with a path parameter and the methods it really answers (resource() answers the others 405). */
async function parameterRoutes(s: TestServer): Promise<{ route: string; methods: string[] }[]> {
  const byRoute = new Map<string, string[]>();
  for (const entry of await registeredRoutes(s, (route) => route.includes(':'))) {
    const [method, route] = entry.split(' ') as [string, string];
    byRoute.set(route, [...(byRoute.get(route) ?? []), method]);
  }
  return [...byRoute].map(([route, methods]) => ({ route, methods }));
}

/** Every file under `dir` (not following links) with its size and modification time, except what is under `skip`. */
function listing(dir: string, skip: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (p === skip) continue;
      if (entry.isDirectory()) walk(p);
      else {
        const st = fs.lstatSync(p);
        out.set(p, `${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out;
}

/** Files named `name` anywhere under `dir`. */
function findNamed(dir: string, name: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => path.basename(p) === name);
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

describe.each(DIALECTS)('hostile paths and file names (%s)', (dialect) => {
  let s: TestServer;
  let root: string; // holds the data dir two levels down and, outside it, the canaries and whatever an escape would create
  let dataDir: string;
  let canaries: string[];
  const secret = `CANARY-${crypto.randomBytes(8).toString('hex')}`;
  let before: Map<string, string>;

  const outsideUnchanged = () => {
    for (const canary of canaries) expect(fs.readFileSync(canary, 'utf8')).toBe(secret);
    expect(listing(root, dataDir)).toEqual(before);
    expect(fs.existsSync(path.join(root, 'pwned'))).toBe(false);
  };
  const noLeak = (what: string, body: string) => {
    expect(body, what).not.toContain(secret);
    expect(body, what).not.toMatch(/root:[^:\n]*:0:0:/);
  };
  /** Why `text` is not a 4xx error body `{type, detail, errors: [{code, detail, attr}]}`, or null when it is one. */
  const errorBodyProblem = (text: string): string | null => {
    let body: { type?: unknown; detail?: unknown; errors?: { code?: unknown; detail?: unknown; attr?: unknown }[] };
    try {
      body = JSON.parse(text);
    } catch {
      return 'not JSON';
    }
    if (body.type !== 'validation_error' && body.type !== 'client_error') return `type ${JSON.stringify(body.type)}`;
    if (typeof body.detail !== 'string') return 'no detail';
    if (!Array.isArray(body.errors) || body.errors.length === 0) return 'no errors';
    const bad = body.errors.find((e) => typeof e.code !== 'string' || typeof e.detail !== 'string' || !(e.attr === null || typeof e.attr === 'string'));
    return bad ? `bad entry ${JSON.stringify(bad)}` : null;
  };
  const expectErrorBody = (what: string, text: string) => expect(errorBodyProblem(text), `${what}: ${text}`).toBeNull();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-hostile-paths-'));
    dataDir = path.join(root, 'l1', 'l2', 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    // A traversal that lands one, two or three levels above the data dir finds a canary to read.
    canaries = [root, path.join(root, 'l1'), path.join(root, 'l1', 'l2')].map((d) => path.join(d, 'canary.txt'));
    for (const canary of canaries) fs.writeFileSync(canary, secret);
    s = await startServer(dialect, { PARLA_DATA_DIR: dataDir, PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'pub')).status).toBe(201);
    expect((await createPoComponent(s, 'pub')).status).toBe(201);
    expect((await s.api('/api/component-lists/', { method: 'POST', json: { name: 'List', slug: 'list' } })).status).toBe(201);
    before = listing(root, dataDir);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers hostile values in every path parameter of every route without a 5xx, with the error shape, touching no outside file', async () => {
    const routes = await parameterRoutes(s);
    // The route list is read from the router: a sanity floor so that a broken parse cannot pass with nothing checked.
    expect(routes.length).toBeGreaterThan(90);
    const stats = await (await s.api('/api/components/pub/app/statistics/')).text();
    const cases: { method: string; path: string; what: string; api: boolean }[] = [];
    for (const { route, methods } of routes) {
      const params = [...route.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      for (const param of params) {
        for (const [label, raw] of hostileSegments(root)) {
          const p = route.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === param ? raw : encodeURIComponent(VALID[name] ?? 'x')));
          for (const method of methods) cases.push({ method, path: p, what: `${method} ${route} with ${param} = ${label}`, api: /^\/(api|exports|hooks)\//.test(route) });
        }
      }
    }
    const failures: string[] = [];
    let clientErrors = 0;
    await pool(cases, 4, async ({ method, path: p, what, api }) => {
      const res = await rawRequest(s.url, method, p, s.adminToken, ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined);
      const problem = (p: string) => failures.push(`${what}: ${p}: ${res.status} ${res.body.slice(0, 200)}`);
      if (res.status >= 500) problem('server error');
      if (res.body.includes(secret) || /root:[^:\n]*:0:0:/.test(res.body)) problem('file contents leaked');
      if (res.type.startsWith('text/html') && res.body.includes(SCRIPT)) problem('unescaped script in HTML');
      // A redirect is fine when it stays on this site (a single leading slash, no backslash or control character).
      // eslint-disable-next-line no-control-regex
      const sameSite = res.status >= 300 && res.status < 400 && /^\/(?![/\\])[^\\\u0000-\u001f]*$/.test(res.location);
      if (res.status < 400 && !sameSite) problem(`accepted (Location ${JSON.stringify(res.location)})`);
      if (sameSite) clientErrors++;
      if (res.status >= 400 && res.status < 500) {
        clientErrors++;
        const shape = api ? errorBodyProblem(res.body) : null;
        if (shape) problem(`error body: ${shape}`);
      }
    });
    expect(failures).toEqual([]);
    // No value names anything: every request is refused, or redirected within the site (/engage/ pages).
    expect(clientErrors).toBe(cases.length);
    expect(cases.length).toBeGreaterThan(5000);
    outsideUnchanged();
    // Nothing was changed or removed on the way: the component and its numbers are as they were.
    expect(await (await s.api('/api/components/pub/app/statistics/')).text()).toBe(stats);
  }, 600_000);

  it('refuses NUL characters in query strings, JSON, form and multipart bodies with a 400 on the field', async () => {
    // PostgreSQL cannot store a NUL in text: these answered 500 there before; the reference refuses them in every text field.
    const unit = (await (await s.api('/api/translations/pub/app/cs/units/')).json()).results[0] as { id: number; target: string[] };
    const form = new URLSearchParams({ name: 'a\u0000b', color: 'navy' });
    const cases: [string, RequestInit & { json?: unknown }, string][] = [
      ['/api/changes/?user=%00', {}, 'user'],
      ['/api/projects/?search=a%00', {}, 'search'],
      ['/api/projects/', { method: 'POST', json: { name: 'a\u0000b', slug: 'nul', web: 'https://example.com/' } }, 'name'],
      ['/api/projects/pub/labels/', { method: 'POST', json: { name: 'x', color: 'navy', description: 'a\u0000' } }, 'description'],
      ['/api/projects/pub/labels/', { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, 'name'],
      [`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: unit.target.map(() => 'a\u0000b'), state: 20 } }, 'target'],
      [`/api/units/${unit.id}/comments/`, { method: 'POST', json: { comment: 'a\u0000b' } }, 'comment'],
      ['/api/projects/pub/components/', { method: 'POST', body: multipart({ name: 'N\u0000', slug: 'nul', file_format: 'po', filemask: 'po/*.po' }, { zipfile: { name: 'app.zip', data: poZip() } }) }, 'name'],
    ];
    for (const [p, init, attr] of cases) {
      const res = await s.api(p, init);
      const text = await res.text();
      expect(res.status, `${p}: ${text}`).toBe(400);
      expect(JSON.parse(text), p).toEqual({ type: 'validation_error', detail: `${attr}: Null characters are not allowed.`, errors: [{ code: 'null_characters_not_allowed', detail: 'Null characters are not allowed.', attr }] });
    }
    expect((await s.api('/api/projects/nul/')).status).toBe(404);
  });

  it('ignores the directory part of uploaded translation file names', async () => {
    const units = (await (await s.api('/api/translations/pub/app/cs/units/')).json()).results as { id: number; source: string[]; target: string[] }[];
    const names = ['../../evil.po', '..\\..\\evil.po', '/tmp/evil.po', `${SCRIPT}.po`, '-rf.po', '\u202eop.evil', '../../canary.txt'];
    for (const name of names) {
      const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj ${names.indexOf(name)}"\n`;
      const res = await s.api('/api/translations/pub/app/cs/file/', { method: 'POST', body: multipart({ method: 'translate', conflicts: 'replace-translated' }, { file: { name, data: po } }) });
      const text = await res.text();
      expect(res.status, `${name}: ${text}`).toBeLessThan(500);
      noLeak(name, text);
      if (res.status >= 400) expectErrorBody(name, text);
    }
    outsideUnchanged();
    expect(findNamed(root, 'evil.po')).toEqual([]);
    // The accepted uploads went into the translation (the last one with a .po name wins), never into a file of their own name.
    const hello = (await (await s.api(`/api/units/${units.find((u) => u.source[0] === 'Hello')!.id}/`)).json()) as { target: string[] };
    expect(hello.target).toEqual(['Ahoj 4']);
    expect(await (await s.api('/api/translations/pub/app/cs/file/')).text()).toContain('msgid "Hello"\nmsgstr "Ahoj 4"');
  });

  it('stores screenshots under generated names whatever the uploaded file name and fields say', async () => {
    const names = ['../../evil.png', '..\\..\\evil.png', '/tmp/evil.png', `${SCRIPT}.png`, '-rf.png'];
    for (const name of names) {
      const res = await s.api('/api/screenshots/', {
        method: 'POST',
        body: multipart({ name: `../../canary.txt ${SCRIPT}`, repository_filename: '../../../canary.txt', project_slug: 'pub', component_slug: 'app', language_code: 'en' }, { image: { name, data: PNG } }),
      });
      const text = await res.text();
      expect(res.status, `${name}: ${text}`).toBe(201);
      const shot = JSON.parse(text) as { file_url: string; name: string };
      expect(shot.name).toBe(`../../canary.txt ${SCRIPT}`);
      const file = await s.api(new URL(shot.file_url).pathname);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f-]{36}\.png"$/);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    }
    outsideUnchanged();
    expect(findNamed(root, 'evil.png')).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'screenshots')).every((f) => /^[0-9a-f-]{36}\.png$/.test(f))).toBe(true);
  });

  it('refuses ZIP entries, document names, file masks and base paths that leave the component directory', async () => {
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "b"\n';
    const create = (fields: Record<string, string>, files: Record<string, { name: string; data: Buffer | string }>) =>
      s.api('/api/projects/pub/components/', { method: 'POST', body: multipart({ name: 'Bad', slug: 'bad', file_format: 'po', filemask: 'po/*.po', ...fields }, files) });
    // ZIP entries the existing upload test (generic.test.ts: `../`, absolute, symlink) leaves out.
    const zips: [string, Buffer][] = [
      ['backslash traversal', buildZip([{ name: '..\\..\\evil.po', data: po }, { name: 'po/cs.po', data: po }])],
      ['traversal inside a path', buildZip([{ name: 'po/../../evil.po', data: po }, { name: 'po/cs.po', data: po }])],
      ['dot-slash traversal', buildZip([{ name: './../evil.po', data: po }, { name: 'po/cs.po', data: po }])],
      ['drive letter', buildZip([{ name: 'C:\\evil.po', data: po }, { name: 'po/cs.po', data: po }])],
      ['drive letter with slash', buildZip([{ name: 'C:/evil.po', data: po }, { name: 'po/cs.po', data: po }])],
      ['NUL in a name', buildZip([{ name: 'po/cs.po\u0000../../evil.po', data: po }])],
    ];
    for (const [what, zip] of zips) {
      const res = await create({}, { zipfile: { name: '../../evil.zip', data: zip } });
      const text = await res.text();
      // Refused, or (for names that stay inside once their separators are read as POSIX ones) taken inside the staging dir.
      expect(res.status, `${what}: ${text}`).toBeLessThan(500);
      if (res.status === 201) expect((await s.api('/api/components/pub/bad/', { method: 'DELETE' })).status).toBe(204);
      else expectErrorBody(what, text);
    }
    // File masks and base paths outside the repository: 400 on the field.
    const fields: [string, Record<string, string>][] = [
      ['filemask', { filemask: '../*.po' }],
      ['filemask', { filemask: '/etc/*.po' }],
      ['filemask', { filemask: 'po/../../*.po' }],
      ['new_base', { new_base: '../../canary.txt' }],
      ['new_base', { new_base: '/etc/passwd' }],
      ['template', { file_format: 'json', filemask: 'po/*.json', template: '../../canary.txt' }],
      ['intermediate', { file_format: 'json', filemask: 'po/*.json', template: 'po/en.json', intermediate: '../canary.txt' }],
    ];
    for (const [attr, extra] of fields) {
      const res = await create(extra, { zipfile: { name: 'app.zip', data: poZip() } });
      const text = await res.text();
      expect(res.status, `${JSON.stringify(extra)}: ${text}`).toBe(400);
      expectErrorBody(attr, text);
      expect(JSON.parse(text).errors.map((e: { attr: string }) => e.attr), JSON.stringify(extra)).toContain(attr);
    }
    // A document names its own file: the mask must not take it out of the staging dir.
    for (const filemask of ['../../*.html', '/tmp/*.html', 'doc/../../*.html']) {
      const res = await s.api('/api/projects/pub/components/', {
        method: 'POST',
        body: multipart({ name: 'Doc', slug: 'doc', file_format: 'html', filemask }, { docfile: { name: '../../evil.html', data: '<p>Hello</p>' } }),
      });
      const text = await res.text();
      expect(res.status, `${filemask}: ${text}`).toBe(400);
      expectErrorBody(filemask, text);
    }
    // Adding a language by a code that is a path.
    for (const code of ['../../evil', '..', '/etc/passwd', 'cs/../../evil', '-rf']) {
      const res = await s.api('/api/components/pub/app/translations/', { method: 'POST', json: { language_code: code } });
      const text = await res.text();
      expect(res.status, `${code}: ${text}`).toBe(400);
      expectErrorBody(code, text);
    }
    outsideUnchanged();
    for (const name of ['evil.po', 'evil.html', 'evil.zip', 'evil']) expect(findNamed(root, name), name).toEqual([]);
  });

  it('escapes script payloads in names and texts in every RSS feed', async () => {
    const parser = new Parser();
    const projectName = `P ${SCRIPT} <img src=x onerror=alert(2)>`;
    const componentName = `C ${SCRIPT}`;
    expect((await createProject(s, 'xss', { name: projectName })).status).toBe(201);
    expect((await createPoComponent(s, 'xss')).status).toBe(201);
    expect((await s.api('/api/components/xss/app/', { method: 'PATCH', json: { name: componentName } })).status).toBe(200);
    const user = await s.container.users.create({ username: 'xssuser', email: 'xss@example.com', full_name: `U ${SCRIPT}` });
    const userToken = await s.container.users.rotateToken(user.id);
    const units = (await (await s.api('/api/translations/xss/app/cs/units/')).json()).results as { id: number; target: string[] }[];
    for (const [i, u] of units.entries()) {
      const target = u.target.map((_, form) => `T ${SCRIPT} ]]> &amp; ${i}.${form}`);
      const res = await s.api(`/api/units/${u.id}/`, { method: 'PATCH', token: i % 2 ? userToken : undefined, json: { target, state: 20 } });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect((await s.api(`/api/units/${units[0]!.id}/comments/`, { method: 'POST', json: { comment: `K ${SCRIPT}` } })).status).toBe(201);

    const feeds = ['/exports/rss/', '/exports/rss/language/cs/', '/exports/rss/xss/', '/exports/rss/xss/app/', '/exports/rss/xss/app/cs/'];
    for (const feedPath of feeds) {
      const res = await s.api(feedPath);
      expect(res.status, feedPath).toBe(200);
      const xml = await res.text();
      expect(xml, feedPath).not.toMatch(/<script/i);
      expect(xml, feedPath).not.toMatch(/<img/i);
      const feed = await parser.parseString(xml);
      expect(feed.items.length, feedPath).toBeGreaterThan(0);
      // Escaped, not removed: the parsed text gives the name back as it was written.
      if (feedPath.startsWith('/exports/rss/xss/')) expect(feed.title, feedPath).toContain(projectName);
      if (feedPath.startsWith('/exports/rss/xss/app/')) expect(feed.title, feedPath).toContain(componentName);
      const text = feed.items.map((item) => `${item.title} ${item.content} ${item.link}`).join('\n');
      if (feedPath !== '/exports/rss/language/cs/') expect(text, feedPath).toContain(projectName);
      for (const item of feed.items) expect(item.link, feedPath).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
  });
});
