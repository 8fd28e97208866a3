// Behind a reverse proxy: X-Forwarded-* headers shape links only when PARLA_TRUST_PROXY names the proxy; several
// processes starting at once on a new data dir agree on one secret key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { startServer } from '../helpers/server.js';

const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'parla.example.org', 'X-Forwarded-For': '203.0.113.7' };

describe('PARLA_TRUST_PROXY', () => {
  it('links follow the forwarded scheme and host from a trusted proxy only', async () => {
    for (const [setting, trusted] of [['127.0.0.1', true], ['10.0.0.0/8', false], ['', false]] as const) {
      const s = await startServer('sqlite', { PARLA_TRUST_PROXY: setting });
      try {
        const body = (await (await s.api('/api/', { headers: forwarded })).json()) as Record<string, string>;
        if (trusted) expect(body.projects).toBe('https://parla.example.org/api/projects/');
        else expect(body.projects).toBe(`${s.url}/api/projects/`);
      } finally {
        await s.close();
      }
    }
  });

  it('refuses values that are neither on/off nor addresses', () => {
    expect(loadConfig({ PARLA_TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ PARLA_TRUST_PROXY: '10.0.0.1, fd00::/8' }).trustProxy).toEqual(['10.0.0.1', 'fd00::/8']);
    expect(() => loadConfig({ PARLA_TRUST_PROXY: 'proxy.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLA_TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });
});

describe('secret key on a new data dir', () => {
  it('processes starting together end up with the same key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-key-'));
    try {
      const containers = await Promise.all([1, 2, 3].map(() => createContainer(loadConfig({ PARLA_DATA_DIR: dataDir, PARLA_LOG_LEVEL: 'silent' }))));
      const keys = new Set(containers.map((c) => c.secretKey));
      await Promise.all(containers.map((c) => c.close()));
      expect(keys.size).toBe(1);
      expect([...keys][0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('secret_key'))).toEqual(['secret_key']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
