// Load shedding: while the event loop lags past PARLA_MAX_EVENT_LOOP_DELAY_MS, requests get 503 with Retry-After
// and the usual error body; /healthz keeps answering (the process is alive); 0 turns it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** Keeps the event loop (shared with the in-process server) busy in slices until the server reports pressure. */
async function lagUntilUnderPressure(s: TestServer): Promise<void> {
  const app = s.app as unknown as { isUnderPressure(): boolean };
  const deadline = Date.now() + 10_000;
  while (!app.isUnderPressure()) {
    if (Date.now() > deadline) throw new Error('never under pressure');
    const until = Date.now() + 200;
    while (Date.now() < until) {
      // busy: the event loop cannot run
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('PARLA_MAX_EVENT_LOOP_DELAY_MS', () => {
  it('defaults to 1000 ms; 0 turns the check off', () => {
    expect(loadConfig({}).maxEventLoopDelay).toBe(1000);
    expect(loadConfig({ PARLA_MAX_EVENT_LOOP_DELAY_MS: '0' }).maxEventLoopDelay).toBe(0);
    expect(() => loadConfig({ PARLA_MAX_EVENT_LOOP_DELAY_MS: 'soon' })).toThrow();
  });
});

// The database plays no part here (the check runs before any route): SQLite only.
describe('under pressure', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { PARLA_MAX_EVENT_LOOP_DELAY_MS: '1' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers 503 with Retry-After and the error body, except /healthz', async () => {
    let refused: Response | null = null;
    let health: Response | null = null;
    for (let attempt = 0; attempt < 5 && !refused; attempt++) {
      await lagUntilUnderPressure(s);
      const [api, probe] = await Promise.all([s.api('/api/projects/'), s.api('/healthz', { token: null })]);
      if (api.status === 503) {
        refused = api;
        health = probe;
      }
    }
    expect(refused).not.toBeNull();
    expect(refused!.headers.get('retry-after')).toBe('10');
    expect(refused!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused!.json()).toEqual({
      type: 'server_error',
      detail: 'The server is overloaded; try again later.',
      errors: [{ code: 'overloaded', detail: 'The server is overloaded; try again later.', attr: null }],
    });
    expect(health!.status).toBe(200);
  });
});

describe('pressure check off', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { PARLA_MAX_EVENT_LOOP_DELAY_MS: '0' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('never refuses', async () => {
    expect((s.app as unknown as { isUnderPressure?: unknown }).isUnderPressure).toBeUndefined();
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // busy
    }
    expect((await s.api('/api/projects/')).status).toBe(200);
  });
});
