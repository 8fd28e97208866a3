// The OpenAPI document at /api/schema/: structurally valid 3.0, every registered route in it, and the
// API reference page at /api/docs/ with its allow-listed, cached static files.
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FIELDS } from '../../src/http/openapi/uploads.js';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { registeredRoutes } from '../helpers/routes.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
// Keywords of later JSON Schema drafts that OpenAPI 3.0 does not know.
const NOT_IN_OAS30 = ['const', '$schema', '$id', '$defs', 'examples', 'prefixItems', 'unevaluatedProperties', 'patternProperties', 'if', 'then', 'else'];

// Documented outside /api/: the JSON endpoints of browser sessions and the health probes (the UI's HTML pages are not).
const SESSION_ENDPOINTS = ['POST /accounts/login/', 'POST /accounts/logout/', 'GET /accounts/csrf/', 'GET /healthz', 'GET /readyz'];
/** The JSON endpoints of two-factor authentication. */
SESSION_ENDPOINTS.push(
  'POST /accounts/2fa/verify/',
  'POST /accounts/2fa/verify/webauthn/',
  'GET /accounts/2fa/status/',
  'POST /accounts/2fa/totp/',
  'POST /accounts/2fa/totp/confirm/',
  'POST /accounts/2fa/totp/remove/',
  'POST /accounts/2fa/webauthn/options/',
  'POST /accounts/2fa/webauthn/',
  'POST /accounts/2fa/webauthn/:id/remove/',
  'POST /accounts/2fa/recovery/',
);

const toOpenApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function walk(node: unknown, visit: (value: Json, path: string) => void, path = '#'): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, visit, `${path}/${i}`));
  else if (node && typeof node === 'object') {
    visit(node as Json, path);
    for (const [k, v] of Object.entries(node)) walk(v, visit, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Schema objects of the document: parameter, media-type and component schemas and everything nested in them. */
function schemasOf(doc: Json): Json[] {
  const out: Json[] = [];
  const collect = (schema: unknown) => walk(schema, (v, p) => {
    // Inside `properties`, the keys are field names, not keywords.
    if (!/\/properties$/.test(p)) out.push(v);
  });
  walk(doc, (v) => {
    if (v.schema && typeof v.schema === 'object') collect(v.schema);
  });
  for (const s of Object.values(doc.components?.schemas ?? {})) collect(s);
  return out;
}

describe.each(DIALECTS)('OpenAPI document and API reference on %s', (dialect) => {
  let s: TestServer;
  let doc: Json;

  beforeAll(async () => {
    s = await startServer(dialect);
    const res = await s.api('/api/schema/', { token: null });
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  afterAll(() => s?.close());

  it('is a structurally valid OpenAPI 3.0 document', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const key of Object.keys(item)) expect(METHODS, `${path} has ${key}`).toContain(key);
      for (const [method, op] of Object.entries<Json>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(typeof op.summary, where).toBe('string');
        expect(operationIds.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        operationIds.add(op.operationId);
        // Every {param} of the path is declared once as a required path parameter, and no other.
        const pathParams = (op.parameters ?? []).filter((p: Json) => p.in === 'path');
        expect(pathParams.map((p: Json) => p.name).sort(), where).toEqual(templated);
        for (const p of op.parameters ?? []) {
          expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in);
          expect(p.schema, `${where} ${p.name}`).toBeTypeOf('object');
          if (p.in === 'path') expect(p.required, where).toBe(true);
        }
        if (op.requestBody) expect(Object.keys(op.requestBody.content).length, where).toBeGreaterThan(0);
        const statuses = Object.keys(op.responses ?? {});
        expect(statuses.length, where).toBeGreaterThan(0);
        expect(statuses.some((c) => c.startsWith('2')), where).toBe(true);
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(typeof (response.$ref ?? response.description), `${where} ${status}`).toBe('string');
        }
      }
    }
  });

  it('resolves every $ref and uses only OpenAPI 3.0 schema keywords', () => {
    const refs: string[] = [];
    walk(doc, (v, p) => {
      if (typeof v.$ref === 'string') {
        refs.push(v.$ref);
        expect(resolvePointer(doc, v.$ref), `${p}: ${v.$ref}`).toBeDefined();
      }
    });
    expect(refs).toContain('#/components/schemas/Error');
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(500);
    for (const schema of schemas) {
      for (const k of NOT_IN_OAS30) expect(schema, JSON.stringify(schema).slice(0, 200)).not.toHaveProperty(k);
      if ('type' in schema) expect(['string', 'number', 'integer', 'boolean', 'array', 'object']).toContain(schema.type);
      if ('required' in schema) expect(schema.required.length).toBeGreaterThan(0);
      if (schema.type === 'array') expect(schema.items, JSON.stringify(schema)).toBeTypeOf('object');
    }
  });

  it('has every registered API route with its method, and no route that is not registered', async () => {
    const all = await registeredRoutes(s);
    const registered = all.filter((r) => /^[A-Z]+ \/(api|hooks|exports)\//.test(r) || SESSION_ENDPOINTS.includes(r));
    expect(registered).toContain('GET /api/projects/');
    expect(registered).toContain('POST /hooks/:service/');
    expect(registered).toContain('GET /api/translations/:project/:component/:language/file.:ext');
    // resource()'s 405 answers are not listed as operations.
    expect(registered).not.toContain('DELETE /api/projects/');
    const documented = Object.entries<Json>(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const missing = registered.filter((r) => {
      const [method, route] = r.split(' ');
      return !documented.includes(`${method} ${toOpenApiPath(route)}`);
    });
    expect(missing, 'registered routes missing from /api/schema/').toEqual([]);
    const registeredPaths = new Set(registered.map((r) => `${r.split(' ')[0]} ${toOpenApiPath(r.split(' ')[1])}`));
    expect(documented.filter((d) => !registeredPaths.has(d)), 'operations without an API route').toEqual([]);
    for (const r of SESSION_ENDPOINTS) expect(documented).toContain(toOpenApiPath(r));
    // The browser UI's own pages (HTML, outside these prefixes) are not API operations.
    const uiPages = all.filter((r) => !registered.includes(r)).map((r) => `${r.split(' ')[0]} ${toOpenApiPath(r.split(' ')[1])}`);
    expect(documented.filter((d) => uiPages.includes(d))).toEqual([]);
  });

  it('documents parameters, bodies, uploads, errors and security from the route schemas', () => {
    const createProject = doc.paths['/api/projects/'].post;
    expect(createProject.summary).toBe('Project List: create');
    const body = createProject.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, access_control: { type: 'integer' } } });
    // A TypeBox union with null becomes 3.0's nullable.
    const token = doc.paths['/api/projects/{project}/tokens/'].post.requestBody.content['application/json'].schema;
    expect(token.properties.expires).toEqual({ type: 'string', nullable: true });
    // Query parameters come from querystring schemas.
    const download = doc.paths['/api/translations/{project}/{component}/{language}/file/'].get;
    expect(download.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name)).toContain('format');
    expect(Object.keys(download.responses['200'].content)).toEqual(['*/*']);
    // Uploads are multipart with binary file fields next to the other form fields.
    const upload = doc.paths['/api/translations/{project}/{component}/{language}/file/'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(upload.properties.method).toMatchObject({ type: 'string' });
    expect(doc.paths['/api/screenshots/'].post.requestBody.content['multipart/form-data'].schema.properties.image).toEqual({ type: 'string', format: 'binary' });
    // Statuses: success by method, the error body shape for the failures.
    expect(Object.keys(doc.paths['/api/projects/{project}/'].delete.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404', '429']));
    expect(Object.keys(createProject.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    expect(resolvePointer(doc, createProject.responses['400'].$ref)).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['type', 'detail', 'errors'], properties: { errors: { type: 'array', items: { required: ['code', 'detail', 'attr'] } } } });
    expect(doc.components.securitySchemes.tokenAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'parla_session' });
    expect(doc.security).toEqual([{ tokenAuth: [] }, { sessionCookie: [] }, {}]);
  });

  it('knows an upload route only where one is registered', async () => {
    const registered = await registeredRoutes(s);
    for (const key of Object.keys(UPLOAD_FIELDS)) expect(registered, key).toContain(key);
  });

  it('serves JSON by default, the OpenAPI media type on request and the browsable page for ?format=api', async () => {
    const plain = await s.api('/api/schema/');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await plain.text();
    expect((await (await s.api('/api/schema/?format=json')).text())).toBe(text);
    const oai = await s.api('/api/schema/', { headers: { Accept: 'application/vnd.oai.openapi+json' } });
    expect(oai.status).toBe(200);
    expect(oai.headers.get('content-type')).toBe('application/vnd.oai.openapi+json; charset=utf-8');
    expect(await oai.text()).toBe(text);
    expect((await s.api('/api/schema/?format=openapi')).headers.get('content-type')).toBe('application/vnd.oai.openapi+json; charset=utf-8');
    const page = await s.api('/api/schema/?format=api');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('&quot;openapi&quot;: &quot;3.0.3&quot;');
    expect((await s.api('/api/schema/?format=xml')).status).toBe(404);
    expect((await s.api('/api/schema/', { headers: { Accept: 'application/xml' } })).status).toBe(406);
    expect((await s.api('/api/schema/', { method: 'OPTIONS' })).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('serves the API reference page from local assets under a CSP without inline scripts', async () => {
    const res = await s.api('/api/docs/', { token: null, headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('data-schema-url="/api/schema/"');
    // Every script has a src (no inline code), and nothing comes from another host.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/ src="\/api\/docs\/assets\//);
      expect(inline).toBe('');
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const urls = [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const byName = new Map(urls.map((u) => [u.split('?')[0].split('/').pop()!, u]));
    expect([...byName.keys()].sort()).toEqual(['docs-init.js', 'favicon-16x16.png', 'favicon-32x32.png', 'swagger-ui-bundle.js', 'swagger-ui.css']);
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', png: 'image/png' };
    for (const [name, url] of byName) {
      const asset = await s.api(url, { token: null });
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type'), url).toBe(types[name.split('.').pop()!]);
      expect(asset.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await asset.arrayBuffer());
      expect(bytes.length, url).toBeGreaterThan(100);
      if (name.endsWith('.js')) expect(() => new vm.Script(bytes.toString('utf8'), { filename: name })).not.toThrow();
    }
    const init = await (await s.api(byName.get('docs-init.js')!)).text();
    expect(init).toContain('SwaggerUIBundle(');
    expect(init).toContain('data-schema-url');
    // Text assets go out compressed when the client accepts it, compressed once and kept.
    const bundle = byName.get('swagger-ui-bundle.js')!;
    const plain = await s.api(bundle, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const size = Number(plain.headers.get('content-length'));
    expect(String(size)).toMatch(/^\d{7}$/);
    for (const coding of ['br', 'gzip']) {
      const encoded = await s.api(bundle, { headers: { 'Accept-Encoding': coding } });
      expect(encoded.headers.get('content-encoding')).toBe(coding);
      expect(encoded.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(encoded.headers.get('etag')).toBe(`${plain.headers.get('etag')!.slice(0, -1)}-${coding}"`);
      expect(Number(encoded.headers.get('content-length'))).toBeLessThan(size / 2);
      expect((await encoded.arrayBuffer()).byteLength).toBe(size);
    }
    const png = await s.api(byName.get('favicon-32x32.png')!, { headers: { 'Accept-Encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  it('revalidates unversioned asset URLs with the ETag', async () => {
    const first = await s.api('/api/docs/assets/docs-init.js', { token: null, headers: { 'Accept-Encoding': 'identity' } });
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await s.api('/api/docs/assets/docs-init.js', { token: null, headers: { 'If-None-Match': etag!, 'Accept-Encoding': 'identity' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves only allow-listed files: traversal and other files of the package are 404', async () => {
    const attempts = [
      '/api/docs/assets/..%2F..%2F..%2F..%2Fpackage.json',
      '/api/docs/assets/..%2fpackage.json',
      '/api/docs/assets/%2e%2e%2f%2e%2e%2fconfig.ts',
      '/api/docs/assets/..%5C..%5Cpackage.json',
      '/api/docs/assets/%2Fetc%2Fpasswd',
      '/api/docs/assets/index.html',
      '/api/docs/assets/package.json',
      '/api/docs/assets/swagger-ui-bundle.js.map',
      '/api/docs/assets/absolute-path.js',
      '/api/docs/assets/__proto__',
      '/api/docs/assets/constructor',
      '/api/docs/assets/docs-init.js%00.png',
      '/api/docs/assets/browsable-api.js/',
      '/api/docs/assets/',
    ];
    for (const path of attempts) {
      const res = await s.api(path, { token: null });
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text, path).not.toContain('"version"');
      expect(text, path).not.toContain('root:');
    }
  });
});
