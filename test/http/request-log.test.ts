// Request logs: JSON lines; "request completed" names the user (userId, null when anonymous) and the route pattern.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { createPgDatabase, DIALECTS } from '../helpers/databases.js';

type LogLine = Record<string, any>;

describe.each(DIALECTS)('request logs on %s', (dialect) => {
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  let container: Container;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let url: string;
  let token: string;
  let adminId: number;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-test-'));
    const pg = dialect === 'postgres' ? await createPgDatabase() : null;
    drop = pg?.drop;
    container = await createContainer(loadConfig({ PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: pg?.url ?? '', PARLA_API_RATELIMIT_ANON: '100000/day' }));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildApp(container, { logger: { level: 'info', stream } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = await container.users.createAdmin({ username: 'admin', email: 'admin@example.com', password: 'admin-password' });
    token = admin.token;
    adminId = (await (await fetch(`${url}/api/users/admin/`, { headers: { Authorization: `Token ${token}` } })).json()).id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await container?.close();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** The "request completed" line of the request with this URL (the last one). */
  const completed = (requestUrl: string): LogLine => {
    const id = lines.filter((l) => l.msg === 'incoming request' && l.req?.url === requestUrl).at(-1)?.reqId;
    const line = lines.find((l) => l.reqId === id && (l.msg === 'request completed' || l.msg === 'request errored'));
    expect(line, `no completed line for ${requestUrl}`).toBeTruthy();
    return line!;
  };

  it('names the signed-in user and the route pattern', async () => {
    const res = await fetch(`${url}/api/users/admin/`, { headers: { Authorization: `Token ${token}` } });
    expect(res.status).toBe(200);
    const line = completed('/api/users/admin/');
    expect(line).toMatchObject({ level: 30, userId: adminId, route: '/api/users/:username/', res: { statusCode: 200 } });
    expect(typeof line.responseTime).toBe('number');
    expect(typeof line.time).toBe('number');
  });

  it('logs null for anonymous callers and unmatched addresses', async () => {
    await fetch(`${url}/api/projects/`);
    expect(completed('/api/projects/')).toMatchObject({ userId: null, route: '/api/projects/' });
    await fetch(`${url}/api/no-such-thing/`);
    const missing = completed('/api/no-such-thing/');
    expect(missing.userId).toBeNull();
    expect(missing.res.statusCode).toBe(404);
    expect(missing.route ?? null).toBeNull();
  });

  it('keeps the probes out of info logs', async () => {
    const before = lines.length;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(lines.slice(before).filter((l) => l.req?.url === '/healthz' || l.msg === 'request completed')).toEqual([]);
  });
});
