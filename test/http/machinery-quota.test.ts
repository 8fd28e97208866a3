// Machine translation answers through Parla: empty answers are cached like others, and a service whose quota is used up
// (ModernMT's HTTP 402) shows a clear message in the editor, is not asked again for a while, and never makes a 500.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** A local ModernMT: /translate answers by `mode`, and counts the texts it was asked. */
async function modernMt(): Promise<{ url: string; asked: string[]; mode: { value: 'ok' | 'empty' | 'quota' }; close: () => Promise<void> }> {
  const asked: string[] = [];
  const mode = { value: 'ok' as 'ok' | 'empty' | 'quota' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string[] };
      asked.push(...body.q);
      res.setHeader('Content-Type', 'application/json');
      if (mode.value === 'quota') {
        res.writeHead(402);
        res.end(JSON.stringify({ status: 402, error: { type: 'QuotaExceededException', message: 'Not enough credits' } }));
        return;
      }
      res.end(JSON.stringify({ status: 200, data: body.q.map((q) => ({ translation: mode.value === 'empty' ? '' : `mmt:${q}` })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    asked,
    mode,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe.each(DIALECTS)('machinery answers and quotas on %s', (dialect) => {
  let s: TestServer;
  let mmt: Awaited<ReturnType<typeof modernMt>>;
  let units: { id: number; source: string[] }[];

  beforeAll(async () => {
    mmt = await modernMt();
    s = await startServer(dialect);
    expect((await createProject(s, 'mq')).status).toBe(201);
    expect((await createPoComponent(s, 'mq')).status).toBe(201);
    const res = await s.api('/api/projects/mq/machinery/', { method: 'POST', json: { engine: 'modernmt', configuration: { key: 'mmt-key', url: mmt.url } } });
    expect(res.status, await res.clone().text()).toBe(201);
    units = (await (await s.api('/api/translations/mq/app/cs/units/')).json()).results;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await mmt?.close();
  });

  const suggestions = async (source: string) => {
    const unit = units.find((u) => u.source[0] === source)!;
    const res = await s.api(`/translate/mq/app/cs/machinery/?id=${unit.id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { results: { text: string; service: string }[]; errors: { service: string; detail: string }[] };
  };

  it('caches an empty answer like any other: the service is asked once', async () => {
    mmt.mode.value = 'empty';
    const first = await suggestions('Hello');
    expect(first.results.filter((r) => r.service === 'ModernMT')).toEqual([]);
    expect(first.errors).toEqual([]);
    expect(mmt.asked).toEqual(['Hello']);
    expect((await suggestions('Hello')).errors).toEqual([]);
    expect(mmt.asked).toEqual(['Hello']);
  });

  it('shows a used-up quota (HTTP 402) as a clear message, not a 500, and leaves the service alone for a while', async () => {
    mmt.mode.value = 'quota';
    const detail = 'ModernMT reports that the character quota is used up (HTTP 402): Not enough credits';
    expect((await suggestions('Goodbye world')).errors).toContainEqual({ service: 'modernmt', detail });
    expect(mmt.asked).toEqual(['Hello', 'Goodbye world']);
    // Another string: the same message, without asking the service again.
    expect((await suggestions('Open')).errors).toContainEqual({ service: 'modernmt', detail });
    const outcome = await s.container.machinery.translateWith((await (await s.api('/api/projects/mq/')).json()).id, ['modernmt'], ['Open'], { source: 'en', target: 'cs' });
    expect(outcome.errors.map((e) => [e.kind, e.message])).toEqual([['quota', detail]]);
    expect(mmt.asked).toEqual(['Hello', 'Goodbye world']);
    // A new key is another account: it is asked at once.
    mmt.mode.value = 'ok';
    expect((await s.api('/api/projects/mq/machinery/modernmt/', { method: 'PATCH', json: { configuration: { key: 'paid-key' } } })).status).toBe(200);
    const after = await suggestions('Open');
    expect(after.errors).toEqual([]);
    expect(after.results.map((r) => r.text)).toContain('mmt:Open');
  });
});
