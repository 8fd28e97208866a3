// Private files in the data dir, nosniff on every response, and project tokens that cannot mint tokens without project.permissions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('hardening (%s)', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'alpha', { access_control: 1 })).status).toBe(201);
    expect((await createPoComponent(s, 'alpha')).status).toBe(201);
  });
  afterAll(async () => s?.close());

  it('marks every response nosniff: JSON, the browsable API, UI pages, errors', async () => {
    for (const [pathname, token] of [
      ['/api/projects/', undefined],
      ['/api/projects/?format=api', undefined],
      ['/api/components/alpha/app/?format=api', undefined],
      ['/api/no/such/thing/?format=api', undefined],
      ['/api/projects/alpha/', null],
      ['/projects/alpha/', undefined],
      ['/accounts/login/', null],
      ['/no-such-page/', null],
    ] as const) {
      const res = await s.api(pathname, { token });
      expect(res.headers.get('x-content-type-options'), `${pathname} (${res.status})`).toBe('nosniff');
    }
  });

  it('refuses token creation to a project token whose team role does not grant project.permissions', async () => {
    const created = await s.api('/api/projects/alpha/tokens/', { method: 'POST', json: { name: 'CI' } });
    expect(created.status).toBe(201);
    const { token, username } = (await created.json()) as { token: string; username: string };
    // With its Administration team, the token manages the project's tokens.
    const allowed = await s.api('/api/projects/alpha/tokens/', { method: 'POST', json: { name: 'Child' }, token });
    expect(allowed.status, await allowed.clone().text()).toBe(201);

    // Moved to the project's Translate team only: an ordinary role.
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const team = (name: string) => groups.find((g) => g.name === name && g.defining_project === `${s.url}/api/projects/alpha/`)!;
    expect((await s.api(`/api/users/${username}/groups/`, { method: 'POST', json: { group_id: team('Translate').id } })).status).toBe(200);
    const removed = await s.api(`/api/users/${username}/groups/`, { method: 'DELETE', json: { group_id: team('Administration').id } });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await s.api('/api/projects/alpha/', { token })).status).toBe(200);

    expect((await s.api('/api/projects/alpha/tokens/', { method: 'POST', json: { name: 'Grandchild' }, token })).status).toBe(403);
    const own = await s.api(`/api/users/${username}/token/`, { method: 'POST', token });
    expect(own.status, await own.clone().text()).toBe(403);
    expect((await s.api('/api/users/admin/token/', { method: 'POST', token })).status).toBe(403);
    // An ordinary user still rotates their own token.
    const userToken = await s.createUser('plain');
    expect((await s.api('/api/users/plain/token/', { method: 'POST', token: userToken })).status).toBe(201);
  });

});

describe('private files', () => {
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('creates the data dir, the database files and the secret key readable by the owner only', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-modes-'));
    const dataDir = path.join(parent, 'data');
    const previous = process.umask(0o022);
    let s: TestServer | undefined;
    try {
      s = await startServer('sqlite', { PARLA_DATA_DIR: dataDir });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'secret_key'))).toBe(0o600);
      for (const f of ['parla.sqlite3', 'parla.sqlite3-wal', 'parla.sqlite3-shm']) expect(mode(path.join(dataDir, f)), f).toBe(0o600);
    } finally {
      process.umask(previous);
      await s?.close();
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('tightens the ones an earlier version left open at start-up', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-modes-'));
    const dataDir = path.join(parent, 'data');
    const first = await startServer('sqlite', { PARLA_DATA_DIR: dataDir });
    await first.app.close();
    await first.container.close();
    fs.chmodSync(dataDir, 0o755);
    for (const f of fs.readdirSync(dataDir)) if (/^(secret_key|parla\.sqlite3.*)$/.test(f)) fs.chmodSync(path.join(dataDir, f), 0o644);
    // Started again on the same data dir (the admin exists already, so the container alone).
    const second = await createContainer(loadConfig({ PARLA_DATA_DIR: dataDir, PARLA_LOG_LEVEL: 'silent' }));
    try {
      expect(mode(dataDir)).toBe(0o700);
      const files = fs.readdirSync(dataDir).filter((f) => /^(secret_key|parla\.sqlite3.*)$/.test(f));
      expect(files).toEqual(expect.arrayContaining(['secret_key', 'parla.sqlite3', 'parla.sqlite3-wal']));
      for (const f of files) expect(mode(path.join(dataDir, f)), f).toBe(0o600);
      expect(await second.users.authenticateToken(first.adminToken)).toMatchObject({ authenticated: true });
    } finally {
      await second.close();
      await fs.promises.rm(first.dataDir, { recursive: true, force: true });
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
