// Starts the real Parla app on port 0 with a fresh data dir and database, and talks to it with fetch.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { createPgDatabase, type TestDialect } from './databases.js';

/** Suites share one client IP and make many calls: throttling (sign-in failures too) is effectively off unless a test sets limits. */
const HIGH_RATE_LIMITS = { PARLA_API_RATELIMIT_ANON: '100000000/day', PARLA_API_RATELIMIT_USER: '100000000/hour', PARLA_LOGIN_ATTEMPTS: '100000000/hour' };
/** Suites talk to stand-in services on loopback, which the SSRF guard refuses by default; test/http/ssrf.test.ts sets it to '' to see the default. */
const LOCAL_SERVICES = { PARLA_ALLOWED_HOSTS: '127.0.0.1,localhost,::1' };
/** Suites run many servers at once on a loaded machine, where the event loop lags often: load shedding is off unless a test sets it. */
const NO_LOAD_SHEDDING = { PARLA_MAX_EVENT_LOOP_DELAY_MS: '0' };

export interface TestServer {
  url: string;
  dialect: TestDialect;
  container: Container;
  app: FastifyInstance;
  dataDir: string;
  adminToken: string;
  /** fetch relative to the server, with the admin token unless `token: null` (anonymous) or another token. */
  api(pathname: string, init?: RequestInit & { token?: string | null; json?: unknown }): Promise<Response>;
  createUser(username: string, opts?: { superuser?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startServer(dialect: TestDialect = 'sqlite', env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-test-'));
  const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
  const config = loadConfig({ PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: pgDb?.url ?? '', PARLA_LOG_LEVEL: 'silent', ...HIGH_RATE_LIMITS, ...LOCAL_SERVICES, ...NO_LOAD_SHEDDING, ...env });
  const container = await createContainer(config);
  const app = await buildApp(container);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const { token: adminToken } = await container.users.createAdmin({ username: 'admin', email: 'admin@example.com', password: 'admin-password' });

  const api: TestServer['api'] = (pathname, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    const t = token === undefined ? adminToken : token;
    if (t) headers.set('Authorization', `Token ${t}`);
    let bodyInit = rest.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      bodyInit = JSON.stringify(json);
    }
    return fetch(new URL(pathname, url), { ...rest, headers, body: bodyInit });
  };

  return {
    url,
    dialect,
    container,
    app,
    dataDir,
    adminToken,
    api,
    async createUser(username, opts = {}) {
      const user = await container.users.create({ username, email: `${username}@example.com`, full_name: username, is_superuser: opts.superuser });
      return container.users.rotateToken(user.id);
    },
    async close() {
      // A test that left a large answer unread keeps its connection busy: end every connection, not only idle ones.
      app.server.closeAllConnections();
      await app.close();
      await container.close();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
