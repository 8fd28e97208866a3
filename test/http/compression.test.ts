// Response compression: gzip and brotli for text bodies of 1 KB and more, cached bodies compressed once,
// already compressed downloads (ZIP, images) left alone, ETag revalidation unchanged.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would decompress it out of sight). */
function raw(s: TestServer, path: string, headers: Record<string, string> = {}, token: string | null = s.adminToken): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${s.url}${path}`, { headers: { ...(token ? { Authorization: `Token ${token}` } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decode(r: RawResponse): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(r.body);
  if (coding === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

describe.each(DIALECTS)('compression on %s', (dialect) => {
  let s: TestServer;
  const page = '/api/translations/demo/app/cs/units/';

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'demo')).status).toBe(201);
    expect((await createPoComponent(s, 'demo')).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('compresses a cached page of units with brotli or gzip, the same bytes every time', async () => {
    const plain = await raw(s, page);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    const br = await raw(s, page, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.vary).toMatch(/(^|, )accept(,|$)/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(decode(br).equals(plain.body)).toBe(true);
    const again = await raw(s, page, { 'Accept-Encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);

    const gz = await raw(s, page, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).equals(plain.body)).toBe(true);
    // Refused codings are not used.
    const refused = await raw(s, page, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const identity = await raw(s, page, { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it('follows edits: the compressed page is rebuilt with the body', async () => {
    const before = JSON.parse(decode(await raw(s, page, { 'Accept-Encoding': 'br' })).toString('utf8'));
    const id = before.results[0].id;
    const res = await s.api(`/api/units/${id}/`, { method: 'PATCH', json: { target: ['Komprimováno'], state: 20 } });
    expect(res.status).toBe(200);
    const after = JSON.parse(decode(await raw(s, page, { 'Accept-Encoding': 'br' })).toString('utf8'));
    expect(after.results.find((u: { id: number }) => u.id === id).target).toEqual(['Komprimováno']);
  });

  it('compresses other JSON, the browsable page, CSS and JavaScript; leaves small bodies alone', async () => {
    const schema = await raw(s, '/api/schema/', { 'Accept-Encoding': 'gzip' });
    expect(schema.status).toBe(200);
    expect(schema.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(schema).toString('utf8')).openapi).toBeTruthy();

    const html = await raw(s, `${page}?format=api`, { 'Accept-Encoding': 'br' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-encoding']).toBe('br');
    expect(decode(html).toString('utf8')).toContain('<html');

    for (const asset of ['parla.css', 'parla.js']) {
      const r = await raw(s, `/ui/static/${asset}`, { 'Accept-Encoding': 'gzip' }, null);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(r.headers.etag).toBeTruthy();
      const plain = await raw(s, `/ui/static/${asset}`, {}, null);
      expect(decode(r).equals(plain.body)).toBe(true);
    }

    const health = await raw(s, '/healthz', { 'Accept-Encoding': 'gzip, br' }, null);
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it("compresses the API reference's assets once, each coding with its own ETag, and keeps their revalidation", async () => {
    const path = '/api/docs/assets/swagger-ui-bundle.js';
    const first = await raw(s, path, { 'Accept-Encoding': 'br, gzip' }, null);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    const decoded = zlib.brotliDecompressSync(first.body);
    const plain = await raw(s, path, {}, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded.equals(plain.body)).toBe(true);
    // The same bytes again: kept, not compressed anew.
    expect((await raw(s, path, { 'Accept-Encoding': 'br' }, null)).body.equals(first.body)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).not.toBe(plain.headers.etag);
    const revalidated = await raw(s, path, { 'Accept-Encoding': 'br', 'If-None-Match': etag }, null);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // A validator of another representation does not match.
    expect((await raw(s, path, { 'Accept-Encoding': 'br', 'If-None-Match': plain.headers.etag as string }, null)).status).toBe(200);
  });

  it('does not compress ZIP downloads or images again', async () => {
    const zip = await raw(s, '/api/components/demo/app/file/', { 'Accept-Encoding': 'gzip, br' });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.body.subarray(0, 2).toString('latin1')).toBe('PK');
    const png = await raw(s, '/api/docs/assets/favicon-32x32.png', { 'Accept-Encoding': 'gzip, br' }, null);
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
  });
});
