// Concurrency: 50 clients edit the same translation (several of them the same strings at once) through two `parla serve`
// processes on PostgreSQL, with Redis (and a worker) and without; the last acknowledged write of each string wins and every
// write is recorded exactly once. The servers keep read caches, told of each other's commits through Redis or through
// PostgreSQL's notifications, so every read below also checks that a server never answers from what it read before the
// other one's writes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, PG_URL } from '../helpers/databases.js';
import { apiClient, createAdmin, git, Processes, runCli, serverEnv, waitUntil } from '../helpers/processes.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { createUpstream, stringNumber } from './upstream.js';

const N = 120;
const CLIENTS = 50;
/** Strings 1–4 are written by every client at the same moment; the rest by a few clients each. */
const HOT = 4;
const EDITS_PER_CLIENT = 6;

type Unit = { id: number; source: string[]; target: string[]; state: number };
type Change = { id: number; unit: string | null; target: string; action: number; timestamp: string };
type Write = { unit: number; string: number; target: string; state: number; client: number };

/** How the two servers hear of each other's commits: Redis (which also carries the task queue to a worker), or PostgreSQL. */
const CHANNELS = [
  ['Redis', Boolean(REDIS_URL)],
  ['PostgreSQL notifications', true],
] as const;

describe.skipIf(!PG_URL).each(CHANNELS)('concurrency: 50 clients editing one translation through 2 × serve, commits announced through %s', (channel, available) => {
  if (!available) it.skip('needs Redis (PARLA_TEST_REDIS_URL)', () => {});
  if (!available) return;
  const redis = channel === 'Redis';
  let procs: Processes;
  let root: string;
  let bare: string;
  let dropDb: (() => Promise<void>) | null = null;
  let token = '';
  const prefix = `parla-concurrency-${crypto.randomBytes(4).toString('hex')}`;
  const servers: string[] = [];
  const { api, all } = apiClient(() => token);
  const tr = '/api/translations/race/app/cs';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-concurrency-'));
    bare = createUpstream(root, N);
    const pgDb = await createPgDatabase();
    dropDb = pgDb.drop;
    const env = serverEnv(path.join(root, 'data'), { PARLA_DATABASE_URL: pgDb.url, ...(redis ? { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: prefix } : {}), PARLA_PAGE_SIZE: '1000' });
    procs = new Processes(env);
    await runCli(env, ['migrate']);
    token = await createAdmin(env);
    const started = await Promise.all([procs.serve('serve-a', {}, 45_000), procs.serve('serve-b', {}, 45_000)]);
    servers.push(...started.map((s) => s.base));
    if (redis) procs.start('worker', ['worker']);

    const [a, b] = servers as [string, string];
    expect((await api(a, '/api/projects/', { method: 'POST', json: { name: 'Race', slug: 'race', web: 'https://example.com/' } })).status).toBe(201);
    const res = await api(b, '/api/projects/race/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main', push_on_commit: false },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const taskPath = new URL((await res.json()).task_url as string).pathname;
    const task = await waitUntil('the component setup', async () => {
      const t = (await (await api(a, taskPath)).json()) as { completed: boolean; result: unknown };
      return t.completed ? t : undefined;
    }, 45_000, 200);
    expect(JSON.stringify(task.result), procs.diagnostics()).not.toMatch(/error/);
  }, 90_000);

  afterAll(async () => {
    await procs?.stopAll();
    await dropDb?.();
    if (redis) await deleteRedisKeys(prefix);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('keeps every acknowledged edit once, the last one of each string in the database and the file', async () => {
    const units = await all<Unit>(servers[0]!, `${tr}/units/`);
    expect(units).toHaveLength(N);
    const idOf = new Map(units.map((u) => [stringNumber(u.source[0]!), u.id]));
    // Both servers hold the page and the units in their read caches before the writes.
    const brief = (list: Unit[]) => list.map((u) => [u.id, u.target]);
    expect(brief(await all<Unit>(servers[1]!, `${tr}/units/`))).toEqual(brief(units));
    for (const u of units.slice(0, 2 * HOT)) for (const base of servers) expect((await (await api(base, `/api/units/${u.id}/`)).json()).target).toEqual(u.target);

    // Every write has a target nobody else writes, so each one can be found in the history.
    const acknowledged: Write[] = [];
    const write = async (client: number, string: number, k: number) => {
      const w: Write = { unit: idOf.get(string)!, string, target: `Klient ${client} zápis ${k} řetězec ${string}`, state: k % 5 === 4 ? 10 : 20, client };
      const res = await api(servers[client % 2]!, `/api/units/${w.unit}/`, { method: 'PATCH', json: { target: [w.target], state: w.state } });
      expect(res.status, `${w.target}: ${await res.clone().text()}`).toBe(200);
      const body = (await res.json()) as Unit;
      expect(body.target).toEqual([w.target]);
      // The other server never shows the string as it was before an acknowledged write (every write is non-empty).
      const seen = (await (await api(servers[(client + 1) % 2]!, `/api/units/${w.unit}/`)).json()) as Unit;
      expect(seen.target[0], `${w.target}: the other server still shows the string untranslated`).not.toBe('');
      acknowledged.push(w);
    };
    const client = async (c: number) => {
      for (let s = 1; s <= HOT; s++) await write(c, s, s);
      // Then strings spread so that each is written by two or three clients, at varying moments.
      for (let k = 0; k < EDITS_PER_CLIENT; k++) await write(c, HOT + 1 + ((c * 7 + k * 13) % (N - HOT)), HOT + k + 1);
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    expect(acknowledged).toHaveLength(CLIENTS * (HOT + EDITS_PER_CLIENT));

    // History: each acknowledged write exactly once, and nothing else touched a unit.
    const history = (await all<Change>(servers[1]!, `${tr}/changes/`)).filter((c) => c.unit !== null).sort((x, y) => x.id - y.id);
    const unitId = (c: Change) => Number(/\/api\/units\/(\d+)\/$/.exec(c.unit!)![1]);
    const byTarget = new Map<string, Change[]>();
    for (const c of history) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c]);
    for (const w of acknowledged) {
      const found = byTarget.get(w.target) ?? [];
      expect(found, w.target).toHaveLength(1);
      expect(unitId(found[0]!)).toBe(w.unit);
    }
    expect(history.filter((c) => c.target.startsWith('Klient '))).toHaveLength(acknowledged.length);

    // Database: each string holds the write of its last change in the history (last acknowledged write wins).
    const after = new Map((await all<Unit>(servers[1]!, `${tr}/units/`)).map((u) => [u.id, u]));
    const lastChange = new Map<number, Change>();
    for (const c of history) lastChange.set(unitId(c), c);
    const writesOf = new Map<number, Write[]>();
    for (const w of acknowledged) writesOf.set(w.unit, [...(writesOf.get(w.unit) ?? []), w]);
    for (const [id, writes] of writesOf) {
      const u = after.get(id)!;
      const final = writes.find((w) => w.target === u.target[0]);
      expect(final, `unit ${id} holds ${u.target[0]}`).toBeDefined();
      expect(u.state).toBe(final!.state);
      expect(lastChange.get(id)?.target).toBe(u.target[0]);
    }
    for (let s = 1; s <= HOT; s++) expect(writesOf.get(idOf.get(s)!)).toHaveLength(CLIENTS);
    for (const [id, u] of after) if (!writesOf.has(id)) expect(u.target).toEqual(['']);

    // Statistics: the counters equal a recount, on both servers.
    const list = [...after.values()];
    const recount = { total: N, translated: list.filter((u) => u.state >= 20).length, fuzzy: list.filter((u) => u.state >= 10 && u.state < 20).length };
    expect(recount.fuzzy).toBeGreaterThan(0);
    for (const base of servers) {
      const stats = await (await api(base, `${tr}/statistics/`)).json();
      expect({ total: stats.total, translated: stats.translated, fuzzy: stats.fuzzy }).toEqual(recount);
    }

    // Git: after a commit and a push, the file holds each string's final target exactly once and no overwritten one.
    for (const op of ['commit', 'push']) {
      const res = await api(servers[0]!, '/api/components/race/app/repository/', { method: 'POST', json: { operation: op } });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).result, op).toBe(true);
    }
    const file = git(root, '--git-dir', bare, 'show', 'main:po/cs.po');
    const finals = new Set(list.map((u) => u.target[0]).filter((t) => t));
    for (const w of acknowledged) expect(file.split(`msgstr "${w.target}"`).length - 1, w.target).toBe(finals.has(w.target) ? 1 : 0);
    expect(await (await api(servers[1]!, '/api/components/race/app/repository/')).json()).toMatchObject({ needs_commit: false, needs_push: false });
  }, 60_000);

  it('never answers on one server from what it read before the other server acknowledged a write', async () => {
    // Only one server writes here, so nothing but the other's announcements can empty the reader's caches.
    const [writer, reader] = servers as [string, string];
    const units = await all<Unit>(reader, `${tr}/units/`);
    for (const u of units) expect((await (await api(reader, `/api/units/${u.id}/`)).json()).target).toEqual(u.target);
    const client = async (c: number) => {
      // Each client has strings of its own: the last write it saw acknowledged is the string's current value.
      for (let k = 0; k < 4; k++) {
        const u = units[(c + k * 20) % units.length]!;
        const target = `Čtenář ${c} zápis ${k}`;
        const res = await api(writer, `/api/units/${u.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
        expect(res.status, await res.clone().text()).toBe(200);
        expect((await (await api(reader, `/api/units/${u.id}/`)).json()).target, `unit ${u.id} on the reader`).toEqual([target]);
        const page = (await (await api(reader, `${tr}/units/?page_size=1000`)).json()) as { results: Unit[] };
        expect(page.results.find((r) => r.id === u.id)?.target, `unit ${u.id} in the reader's page`).toEqual([target]);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, c) => client(c)));
  }, 60_000);
});
