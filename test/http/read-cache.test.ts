// Cached reads (src/db/read-cache.ts) are never stale: unit details, tokens and team grants follow every
// change made through the API, and also changes committed by another process: on SQLite always, on
// PostgreSQL through its notifications or through Redis (a second server on another host: its own data dir);
// with PARLA_READ_CACHE=off nothing is cached.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { registry } from '../../src/shared/metrics.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** Each database, and PostgreSQL once more without read caches, and once more announcing its commits through Redis. */
type Variant = [name: string, dialect: (typeof DIALECTS)[number], env: Record<string, string>];
const REDIS_PREFIX = `parla-read-cache-${crypto.randomBytes(4).toString('hex')}`;
const ACROSS_HOSTS = { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: REDIS_PREFIX, PARLA_SERVE_RUNS_TASKS: '1' };
const VARIANTS: Variant[] = DIALECTS.flatMap((d): Variant[] =>
  d === 'postgres'
    ? [[d, d, {}], ['postgres with PARLA_READ_CACHE=off', d, { PARLA_READ_CACHE: 'off' }], ...(REDIS_URL ? [['postgres with Redis', d, ACROSS_HOSTS] as Variant] : [])]
    : [[d, d, {}]],
);

describe.each(VARIANTS)('cached reads on %s', (_name, dialect, env) => {
  let s: TestServer;
  let unitId: number;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unit = async (token?: string | null) => s.api(`/api/units/${unitId}/`, { token });
  /** What another process (a `parla` CLI command, a second server) does: its own connection to the SQLite file. */
  const otherProcess = (statement: string, ...params: unknown[]) => {
    const other = new SQLite(path.join(s.dataDir, 'parla.sqlite3'));
    try {
      other.prepare(statement).run(...params);
    } finally {
      other.close();
    }
  };

  beforeAll(async () => {
    s = await startServer(dialect, env);
    await json(await createProject(s, 'demo'), 201);
    await json(await createPoComponent(s, 'demo'), 201);
    const page = await json(await s.api('/api/translations/demo/app/cs/units/'));
    unitId = page.results.find((u: { source: string[] }) => u.source[0] === 'Hello').id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (env.PARLA_REDIS_URL) await deleteRedisKeys(REDIS_PREFIX);
  });

  it('shows a unit edit, a label and a project rename at once', async () => {
    expect((await json(await unit())).target).toEqual(['Ahoj']);
    await json(await s.api(`/api/units/${unitId}/`, { method: 'PATCH', json: { target: ['Zdravím'], state: 20 } }));
    expect((await json(await unit())).target).toEqual(['Zdravím']);

    const label = await json(await s.api('/api/projects/demo/labels/', { method: 'POST', json: { name: 'ui', color: 'navy' } }), 201);
    // Labels belong to the source string: the Czech unit shows what its source unit's PATCH set.
    const sourceUnit = (await json(await unit())).source_unit as string;
    await json(await s.api(sourceUnit, { method: 'PATCH', json: { labels: [label.id] } }));
    expect((await json(await unit())).labels.map((l: { name: string }) => l.name)).toEqual(['ui']);

    // Deep pages of /api/units/ and pages of regex searches take their links from the translations' cached links.
    const listed = async () => {
      const deep = (await json(await s.api('/api/units/?page=2&page_size=1'))).results[0].translation as string;
      const regex = (await json(await s.api(`/api/units/?q=${encodeURIComponent('source:r"^Hello$"')}`))).results[0].translation as string;
      return [deep.split('/')[5], regex.split('/')[5]];
    };
    expect(await listed()).toEqual(['demo', 'demo']);
    await json(await s.api('/api/projects/demo/', { method: 'PATCH', json: { slug: 'renamed' } }));
    expect((await json(await unit())).translation).toBe(`${s.url}/api/translations/renamed/app/cs/`);
    expect(await listed()).toEqual(['renamed', 'renamed']);
    await json(await s.api('/api/projects/renamed/', { method: 'PATCH', json: { slug: 'demo' } }));
    expect((await json(await unit())).translation).toBe(`${s.url}/api/translations/demo/app/cs/`);
    expect(await listed()).toEqual(['demo', 'demo']);
  });

  it.runIf(env.PARLA_READ_CACHE !== 'off')('reads a unit missing from the cache in one query once the token and grants are cached', async () => {
    const queries = async () => {
      const text = await registry.getSingleMetricAsString('parla_db_query_duration_seconds');
      return Number(new RegExp(`^parla_db_query_duration_seconds_count\\{dialect="${dialect}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
    };
    const page = await json(await s.api('/api/translations/demo/app/cs/units/?page_size=10'));
    const [first, ...others] = page.results.map((u: { id: number }) => u.id) as number[];
    await json(await s.api(`/api/units/${first}/`)); // the token's user and grants are read here, and kept
    // Each unit read for the first time since the last write: the unit with its parents and labels, one query.
    const costs: number[] = [];
    for (const id of others.slice(0, 3)) {
      const before = await queries();
      await json(await s.api(`/api/units/${id}/`));
      costs.push((await queries()) - before);
    }
    expect(Math.min(...costs)).toBe(1);
    expect(Math.max(...costs)).toBeLessThanOrEqual(2);
  });

  it('shows an edit and a new unit in every statistics read and in the count of /api/units/ at once', async () => {
    const reads = async () => {
      const component = (await json(await s.api('/api/components/demo/app/statistics/'))).results.find((r: { code: string }) => r.code === 'cs');
      const languages = (await json(await s.api('/api/projects/demo/languages/'))).results.find((r: { code: string }) => r.code === 'cs');
      return {
        component: [component.translated, component.total, component.last_author],
        languages: [languages.translated, languages.total],
        project: (await json(await s.api('/api/projects/demo/statistics/'))).translated,
        language: (await json(await s.api('/api/languages/cs/statistics/'))).translated,
        units: (await json(await s.api('/api/units/?page_size=1'))).count,
      };
    };
    const before = await reads();
    expect(await reads()).toEqual(before); // answered from the caches where they are on
    const page = await json(await s.api('/api/translations/demo/app/cs/units/?page_size=100'));
    const untranslated = page.results.find((u: { state: number }) => u.state < 20);
    expect(untranslated, 'the fixture has an untranslated string').toBeDefined();
    await json(await s.api(`/api/units/${untranslated.id}/`, { method: 'PATCH', json: { target: ['Nově'], state: 20 } }));
    const after = await reads();
    expect(after.component[0]).toBe((before.component[0] as number) + 1);
    expect(after.component[2]).toBe('admin');
    expect(after.languages[0]).toBe((before.languages[0] as number) + 1);
    expect(after.project).toBe(before.project + 1);
    expect(after.language).toBe(before.language + 1);
    expect(after.units).toBe(before.units);
    await json(await s.api('/api/translations/demo/app/en/units/', { method: 'POST', json: { source: ['Extra string'], state: 0 } }));
    const added = await reads();
    expect(added.units).toBeGreaterThan(before.units);
    expect(added.component[1]).toBe((before.component[1] as number) + 1);
  });

  it('serves pages of units that follow edits, and whose links follow the address asked', async () => {
    const page = async () => json(await s.api('/api/translations/demo/app/cs/units/?page_size=2'));
    const first = await page();
    const before = first.results.map((u: { target: string[] }) => u.target[0]);
    const edited = first.results[0].id;
    await json(await s.api(`/api/units/${edited}/`, { method: 'PATCH', json: { target: ['Změněno'], state: 20 } }));
    const after = await page();
    expect(after.results[0].target).toEqual(['Změněno']);
    expect(after.results[1].target[0]).toBe(before[1]);
    // The same page asked through another host name links to that host (fetch cannot set Host).
    const viaOtherHost = (path: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = http.get(`${s.url}${path}`, { headers: { Host: 'parla.example:8080', Authorization: `Token ${s.adminToken}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text)));
        });
        req.on('error', reject);
      });
    const other = (await viaOtherHost('/api/translations/demo/app/cs/units/?page_size=2')) as { next: string; results: { url: string }[] };
    expect(other.next).toBe('http://parla.example:8080/api/translations/demo/app/cs/units/?page_size=2&page=2');
    expect(other.results[0].url).toBe(`http://parla.example:8080/api/units/${edited}/`);
    expect((await page()).next).toBe(`${s.url}/api/translations/demo/app/cs/units/?page_size=2&page=2`);
    // So does a unit's detail, kept as JSON per address too.
    expect((await json(await s.api(`/api/units/${edited}/`))).url).toBe(`${s.url}/api/units/${edited}/`);
    expect((await viaOtherHost(`/api/units/${edited}/`)).url).toBe(`http://parla.example:8080/api/units/${edited}/`);
    expect((await json(await s.api(`/api/units/${edited}/`))).url).toBe(`${s.url}/api/units/${edited}/`);
    // A page past the end is still a 404, and it is never remembered as a page.
    expect((await s.api('/api/translations/demo/app/cs/units/?page_size=2&page=99')).status).toBe(404);
  });

  it('refuses a token as soon as it is replaced, and a user as soon as it is deactivated', async () => {
    const old = await s.createUser('rita');
    expect((await unit(old)).status).toBe(200);
    const fresh = (await json(await s.api('/api/users/rita/token/', { method: 'POST', token: old }), 201)).token;
    expect((await unit(old)).status).toBe(401);
    expect((await unit(fresh)).status).toBe(200);
    await json(await s.api('/api/users/rita/', { method: 'PATCH', json: { is_active: false } }));
    expect((await unit(fresh)).status).toBe(401);
  });

  it('shows and hides a private project as the user joins and leaves its team', async () => {
    await json(await createProject(s, 'secret', { access_control: 100 }), 201);
    await json(await createPoComponent(s, 'secret'), 201);
    const token = await s.createUser('sam');
    const page = await json(await s.api('/api/translations/secret/app/cs/units/'));
    const secretUnit = page.results[0].id;
    expect((await s.api(`/api/units/${secretUnit}/`, { token })).status).toBe(404);
    const groups = (await json(await s.api('/api/groups/?page_size=1000'))).results as { id: number; name: string; defining_project: string | null }[];
    const team = groups.find((g) => g.name === 'Translate' && g.defining_project === `${s.url}/api/projects/secret/`)!;
    await json(await s.api('/api/users/sam/groups/', { method: 'POST', json: { group_id: team.id } }));
    expect((await s.api(`/api/units/${secretUnit}/`, { token })).status).toBe(200);
    const left = await s.api('/api/users/sam/groups/', { method: 'DELETE', json: { group_id: team.id } });
    expect(left.status, await left.clone().text()).toBeLessThan(300);
    expect((await s.api(`/api/units/${secretUnit}/`, { token })).status).toBe(404);
    // Anonymous visitors' grants are cached too: the project stays hidden, the public one visible.
    expect((await s.api(`/api/units/${secretUnit}/`, { token: null })).status).toBe(404);
    expect((await unit(null)).status).toBe(200);
  });

  it.runIf(dialect === 'sqlite')('sees what another process commits to the SQLite file', async () => {
    const token = await s.createUser('olga');
    const listed = async () =>
      (await json(await s.api('/api/translations/demo/app/cs/units/?page_size=100', { token }))).results.find((u: { id: number }) => u.id === unitId).target;
    expect(await listed()).toEqual((await json(await unit(token))).target);
    otherProcess('UPDATE units SET target = ? WHERE id = ?', 'Nazdar', unitId);
    expect((await json(await unit(token))).target).toEqual(['Nazdar']);
    expect(await listed()).toEqual(['Nazdar']);
    otherProcess('UPDATE users SET is_active = 0 WHERE username = ?', 'olga');
    expect((await unit(token)).status).toBe(401);
    otherProcess('UPDATE projects SET access_control = 100 WHERE slug = ?', 'demo');
    expect((await unit(null)).status).toBe(404);
    otherProcess('UPDATE projects SET access_control = 0 WHERE slug = ?', 'demo');
    expect((await unit(null)).status).toBe(200);
  });
  it.runIf(dialect === 'postgres' && env.PARLA_READ_CACHE !== 'off')('sees what a process on another host commits to PostgreSQL', async () => {
    // Another `parla` process: its own container (own pool, own caches, own data dir) on the same database, so
    // that nothing but the announcements (PostgreSQL's or Redis's) tells the processes of each other's commits.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-other-host-'));
    const config = loadConfig({ ...env, PARLA_DATA_DIR: otherDir, PARLA_DATABASE_URL: s.container.config.databaseUrl, PARLA_LOG_LEVEL: 'silent' });
    const other: Container = await createContainer(config, { migrate: false });
    /**
     * A commit by the other process, then until this server has read its announcement: it is handed over before
     * the commit returns, but this process, which is both here, may read it a moment later.
     */
    const byOther = async (commit: () => Promise<unknown>) => {
      await other.database.refreshStamp();
      const before = s.container.database.stamp();
      await commit();
      for (let waited = 0; s.container.database.stamp() === before; waited++) {
        if (waited > 2000) throw new Error('the commit was not announced within 2 s');
        await new Promise((r) => setTimeout(r, 1));
      }
    };
    try {
      const token = await s.createUser('petra');
      const listed = async () =>
        (await json(await s.api('/api/translations/demo/app/cs/units/?page_size=100', { token }))).results.find((u: { id: number }) => u.id === unitId).target;
      expect(await listed()).toEqual((await json(await unit(token))).target);
      await byOther(() => other.database.db.updateTable('units').set({ target: 'Nazdar' }).where('id', '=', unitId).execute());
      expect((await json(await unit(token))).target).toEqual(['Nazdar']);
      expect(await listed()).toEqual(['Nazdar']);
      // A transaction counts once it has committed.
      await byOther(() =>
        other.database.db.transaction().execute(async (tx) => {
          await tx.updateTable('units').set({ target: 'Čau' }).where('id', '=', unitId).execute();
          expect((await json(await unit(token))).target).toEqual(['Nazdar']);
        }),
      );
      expect((await json(await unit(token))).target).toEqual(['Čau']);
      await byOther(() => other.database.db.updateTable('users').set({ is_active: 0 }).where('username', '=', 'petra').execute());
      expect((await unit(token)).status).toBe(401);
      await byOther(() => other.database.db.updateTable('projects').set({ access_control: 100 }).where('slug', '=', 'demo').execute());
      expect((await unit(null)).status).toBe(404);
      await byOther(() => other.database.db.updateTable('projects').set({ access_control: 0 }).where('slug', '=', 'demo').execute());
      expect((await unit(null)).status).toBe(200);
      // The caches are really on: a commit made outside Parla (psql) is not announced, so the cached unit stays.
      expect((await json(await unit())).target).toEqual(['Čau']);
      const psql = new pg.Client({ connectionString: s.container.config.databaseUrl });
      await psql.connect();
      try {
        await psql.query('UPDATE units SET target = $1 WHERE id = $2', ['Unannounced', unitId]);
      } finally {
        await psql.end();
      }
      expect((await json(await unit())).target).toEqual(['Čau']);
      // The next write through any Parla process empties every cache.
      await byOther(() => other.database.db.updateTable('users').set({ full_name: 'Petra' }).where('username', '=', 'petra').execute());
      expect((await json(await unit())).target).toEqual(['Unannounced']);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
