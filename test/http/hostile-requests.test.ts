// Hostile requests: slow clients lose their connection at the header and request deadlines, and oversized or
// deeply nested JSON bodies get a 4xx with a detail, never a 500 or a hang.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** Opens a raw connection, writes `chunks` (a string each, spaced by `gapMs`), resolves with what came back and when the server closed it. */
function rawRequest(url: string, chunks: string[], gapMs: number, giveUpMs: number): Promise<{ closedAfterMs: number | null; response: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let response = '';
    let done = false;
    const socket = net.connect(Number(port), hostname);
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ closedAfterMs: closed ? Date.now() - started : null, response });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (d) => (response += d.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    let i = 0;
    const next = () => {
      if (done || i >= chunks.length) return;
      socket.write(chunks[i++]!);
      setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

describe('hostile requests', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer('sqlite', { PARLA_HEADERS_TIMEOUT: '1', PARLA_REQUEST_TIMEOUT: '2' });
    expect((await createProject(s, 'hostile')).status).toBe(201);
    expect((await createPoComponent(s, 'hostile')).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a client that trickles its headers is cut off at the header deadline', async () => {
    const chunks = ['GET /api/ HTTP/1.1\r\n', 'Host: x\r\n', ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: y\r\n`)];
    const { closedAfterMs, response } = await rawRequest(s.url, chunks, 200, 8000);
    expect(closedAfterMs, 'the server kept the connection open').not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(4000);
    expect(response).not.toContain('200 OK');
  });

  it('a client that trickles its body is cut off at the request deadline', async () => {
    const head = `POST /api/projects/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${s.adminToken}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { closedAfterMs, response } = await rawRequest(s.url, [head, ...Array.from({ length: 60 }, () => ' ')], 150, 10_000);
    expect(closedAfterMs, 'the server kept the connection open').not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(6000);
    expect(response).not.toContain('201 Created');
  });

  it('a JSON body over the limit is a 413 with a detail', async () => {
    const res = await s.api('/api/projects/', { method: 'POST', json: { name: 'x'.repeat(3 * 1024 * 1024), slug: 'big' } });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBeTruthy();
  });

  it('deeply nested JSON is answered with a 4xx, and the server keeps answering', async () => {
    const depth = 200_000;
    const body = `{"target": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const unit = (await (await s.api('/api/translations/hostile/app/cs/units/')).json()).results[0];
    const res = await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', body, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).detail).toBeTruthy();
    const objects = `{"a":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const res2 = await s.api('/api/projects/', { method: 'POST', body: objects, headers: { 'Content-Type': 'application/json' } });
    expect(res2.status).toBeGreaterThanOrEqual(400);
    expect(res2.status).toBeLessThan(500);
    expect((await s.api('/api/projects/hostile/')).status).toBe(200);
    expect((await s.api(`/api/units/${unit.id}/`)).status).toBe(200);
  });
});
