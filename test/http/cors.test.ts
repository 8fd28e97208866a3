// CORS for the API (PARLA_CORS_ORIGINS): off by default, listed origins with credentials, "*" without, /api/ only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { loadConfig, ConfigError } from '../../src/config.js';

const APP = 'https://app.example.com';

function corsHeaders(res: Response): string[] {
  return [...res.headers.keys()].filter((k) => k.startsWith('access-control-'));
}

describe('PARLA_CORS_ORIGINS', () => {
  it('is off by default and takes exact origins or *', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ PARLA_CORS_ORIGINS: `${APP}, http://localhost:3000` }).corsOrigins).toEqual([APP, 'http://localhost:3000']);
    expect(loadConfig({ PARLA_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadConfig({ PARLA_CORS_ORIGINS: 'app.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLA_CORS_ORIGINS: `${APP}/path` })).toThrow(ConfigError);
  });
});

describe.each(DIALECTS)('CORS off on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('sends no CORS headers at all and answers no preflight', async () => {
    const res = await s.api('/api/projects/', { headers: { Origin: APP } });
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual([]);
    const preflight = await s.api('/api/projects/', { method: 'OPTIONS', token: null, headers: { Origin: APP, 'Access-Control-Request-Method': 'POST' } });
    expect(corsHeaders(preflight)).toEqual([]);
  });
});

describe.each(DIALECTS)('CORS with listed origins on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_CORS_ORIGINS: `${APP},http://localhost:3000` });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('allows a listed origin with credentials on /api/', async () => {
    const res = await s.api('/api/projects/', { headers: { Origin: APP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Link/);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    expect(res.headers.get('vary')).toMatch(/Accept/);
  });

  it('answers a preflight before authentication', async () => {
    const res = await s.api('/api/projects/', { method: 'OPTIONS', token: null, headers: { Origin: APP, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization, content-type' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('still describes an address on a plain OPTIONS request', async () => {
    const res = await s.api('/api/projects/', { method: 'OPTIONS', headers: { Origin: APP } });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('gives other origins and other paths nothing', async () => {
    const other = await s.api('/api/projects/', { headers: { Origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(corsHeaders(other)).toEqual([]);
    const preflight = await s.api('/api/projects/', { method: 'OPTIONS', token: null, headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(corsHeaders(preflight)).toEqual([]);
    const page = await s.api('/healthz', { token: null, headers: { Origin: APP } });
    expect(corsHeaders(page)).toEqual([]);
  });
});

describe.each(DIALECTS)('CORS with * on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_CORS_ORIGINS: `*,${APP}` });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('allows any origin without credentials, listed ones with', async () => {
    const any = await s.api('/api/projects/', { token: null, headers: { Origin: 'https://other.example' } });
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    expect(any.headers.get('access-control-allow-credentials')).toBeNull();
    const listed = await s.api('/api/projects/', { headers: { Origin: APP } });
    expect(listed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
