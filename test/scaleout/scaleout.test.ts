// Scale-out: two `parla serve` processes and one `parla worker` on one PostgreSQL, one Redis and one data dir,
// hit concurrently with edits, an upload and repository operations on the same component; nothing is lost or doubled.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, PG_URL } from '../helpers/databases.js';
import { apiClient, createAdmin, git, Processes, runCli, serverEnv, sleep } from '../helpers/processes.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';

/** Strings 1–30 are edited through the API, 31–40 arrive by upload. */
const N = 40;
const EDITED = 30;
const msgid = (i: number) => `String number ${i}`;

function po(language: string | null, targets: (i: number) => string): string {
  const header = `msgid ""\nmsgstr ""\n${language ? `"Language: ${language}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n${language ? '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n' : ''}`;
  const entries = Array.from({ length: N }, (_, k) => `\nmsgid "${msgid(k + 1)}"\nmsgstr "${targets(k + 1)}"\n`);
  return header + entries.join('');
}

describe.skipIf(!PG_URL || !REDIS_URL)('scale-out: 2 × serve + worker on PostgreSQL and Redis', () => {
  let procs: Processes;
  let root: string;
  let bare: string;
  let dropDb: (() => Promise<void>) | null = null;
  let env: NodeJS.ProcessEnv;
  let token: string;
  const prefix = `parla-scaleout-${crypto.randomBytes(4).toString('hex')}`;
  const servers: string[] = [];

  const { api, all } = apiClient(() => token);
  const start = (name: string, args: string[]) => procs.start(name, args);
  const diagnostics = () => procs.diagnostics();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-scaleout-'));
    bare = path.join(root, 'upstream.git');
    const work = path.join(root, 'work');
    git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
    git(root, 'clone', '--quiet', bare, work);
    fs.mkdirSync(path.join(work, 'po'));
    fs.writeFileSync(path.join(work, 'po/app.pot'), po(null, () => ''));
    fs.writeFileSync(path.join(work, 'po/cs.po'), po('cs', () => ''));
    git(work, 'checkout', '--quiet', '-b', 'main');
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'Initial strings');
    git(work, 'push', '--quiet', 'origin', 'main');

    const pgDb = await createPgDatabase();
    dropDb = pgDb.drop;
    // Read caches on (the default), told of other processes' commits through Redis.
    env = serverEnv(path.join(root, 'data'), { PARLA_DATABASE_URL: pgDb.url, PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: prefix });
    procs = new Processes(env);
    await runCli(env, ['migrate']);
    token = await createAdmin(env);

    for (const name of ['serve-a', 'serve-b']) servers.push((await procs.serve(name, {}, 20_000)).base);
  }, 60_000);

  afterAll(async () => {
    await procs?.stopAll();
    await dropDb?.();
    if (REDIS_URL) await deleteRedisKeys(prefix);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('runs the component setup on the worker only', async () => {
    const [a, b] = servers;
    expect((await api(a, '/api/projects/', { method: 'POST', json: { name: 'Scale', slug: 'scale', web: 'https://example.com/' } })).status).toBe(201);
    const res = await api(b, '/api/projects/scale/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main', push_on_commit: false },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const taskPath = new URL((await res.json()).task_url as string).pathname;

    // No worker yet, and `serve` does not consume: the task waits in Redis, visible from either server.
    await sleep(1000);
    expect(await (await api(a, taskPath)).json()).toMatchObject({ completed: false });
    const metrics = await (await api(b, '/api/metrics/')).json();
    expect(metrics.celery_queues.default).toBeGreaterThanOrEqual(1);

    start('worker', ['worker']);
    const deadline = Date.now() + 30_000;
    let task: { completed: boolean; result?: unknown } = { completed: false };
    while (!task.completed && Date.now() < deadline) {
      await sleep(200);
      task = await (await api(b, taskPath)).json();
    }
    expect(task.completed, diagnostics()).toBe(true);
    expect(JSON.stringify(task.result)).not.toMatch(/error/);
    const units = await all<{ id: number }>(a, '/api/translations/scale/app/cs/units/');
    expect(units).toHaveLength(N);
  }, 60_000);

  it('keeps every accepted edit exactly once in the database, the statistics and git', async () => {
    const [a, b] = servers;
    type Unit = { id: number; source: string[]; target: string[]; state: number };
    const units = (await all<Unit>(a, '/api/translations/scale/app/cs/units/')).sort((x, y) => x.id - y.id);
    const byIndex = new Map(units.map((u) => [Number(/(\d+)$/.exec(u.source[0]!)![1]), u]));

    // Units 1–20 get one edit; units 21–30 get two concurrent edits, one through each server.
    const edits: { unit: number; target: string; server: string }[] = [];
    for (let i = 1; i <= EDITED; i++) {
      edits.push({ unit: byIndex.get(i)!.id, target: `Překlad ${i} A`, server: servers[i % 2]! });
      if (i > 20) edits.push({ unit: byIndex.get(i)!.id, target: `Překlad ${i} B`, server: servers[(i + 1) % 2]! });
    }
    const accepted: typeof edits = [];
    const patch = async (e: (typeof edits)[number]) => {
      const res = await api(e.server, `/api/units/${e.unit}/`, { method: 'PATCH', json: { target: [e.target], state: 20 } });
      expect(res.status, await res.clone().text()).toBe(200);
      accepted.push(e);
    };
    const uploaded = po('cs', (i) => (i > EDITED ? `Nahráno ${i}` : ''));
    const upload = async () => {
      const form = new FormData();
      form.set('file', new Blob([uploaded]), 'cs.po');
      form.set('method', 'translate');
      const res = await api(b, '/api/translations/scale/app/cs/file/', { method: 'POST', body: form });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ accepted: N - EDITED });
    };
    const operation = async (base: string, op: string) => {
      const res = await api(base, '/api/components/scale/app/repository/', { method: 'POST', json: { operation: op } });
      // 423 would mean a lock wait timed out: with a working cluster lock every operation gets its turn.
      expect(res.status, `${op}: ${await res.clone().text()}\n${diagnostics()}`).toBe(200);
      expect((await res.json()).result, op).toBe(true);
    };

    // Several clients at once, interleaving edits with commits and pushes on both servers.
    const queue = [...edits];
    const client = async (k: number) => {
      let done = 0;
      for (let e = queue.shift(); e; e = queue.shift()) {
        await patch(e);
        if (++done % 4 === 0) await operation(servers[(k + done) % 2]!, done % 8 === 0 ? 'push' : 'commit');
      }
    };
    await Promise.all([client(0), client(1), client(2), client(3), upload(), operation(a, 'commit'), operation(b, 'push')]);
    expect(accepted).toHaveLength(edits.length);
    await operation(a, 'push');

    // Database: each unit holds its edit (one of the two for doubly edited units), the upload, or nothing.
    const after = new Map((await all<Unit>(b, '/api/translations/scale/app/cs/units/')).map((u) => [u.id, u]));
    for (let i = 1; i <= N; i++) {
      const u = after.get(byIndex.get(i)!.id)!;
      if (i <= 20) expect(u.target).toEqual([`Překlad ${i} A`]);
      else if (i <= EDITED) expect([`Překlad ${i} A`, `Překlad ${i} B`]).toContain(u.target[0]);
      else expect(u.target).toEqual([`Nahráno ${i}`]);
      expect(u.state).toBe(20);
    }

    // Statistics: the counters equal a recount of the units, on both servers.
    const recount = { total: after.size, translated: [...after.values()].filter((u) => u.state >= 20).length, fuzzy: [...after.values()].filter((u) => u.state === 10).length };
    expect(recount).toEqual({ total: N, translated: N, fuzzy: 0 });
    for (const base of servers) {
      expect(await (await api(base, '/api/translations/scale/app/cs/statistics/')).json()).toMatchObject({ ...recount, translated_percent: 100 });
    }

    // History: every accepted edit recorded once, and the upload's strings once each.
    const changes = await all<{ unit: string | null; target: string; action: number }>(a, '/api/translations/scale/app/cs/changes/');
    const unitChanges = changes.filter((c) => c.unit !== null);
    for (const e of accepted) {
      const matching = unitChanges.filter((c) => c.unit!.endsWith(`/api/units/${e.unit}/`) && c.target === e.target);
      expect(matching, `${e.unit} ${e.target}`).toHaveLength(1);
    }
    for (let i = EDITED + 1; i <= N; i++) expect(unitChanges.filter((c) => c.target === `Nahráno ${i}`)).toHaveLength(1);
    expect(unitChanges).toHaveLength(accepted.length + (N - EDITED));

    // Git: the remote's file holds every final translation, and nothing is left to commit.
    const file = git(root, '--git-dir', bare, 'show', 'main:po/cs.po');
    for (const u of after.values()) expect(file).toContain(`msgstr "${u.target[0]}"`);
    expect(Number(git(root, '--git-dir', bare, 'rev-list', '--count', 'main'))).toBeGreaterThan(1);
    const status = await (await api(b, '/api/components/scale/app/repository/')).json();
    expect(status).toMatchObject({ needs_commit: false, needs_push: false });
  }, 60_000);

  it('stops the worker cleanly on SIGTERM', async () => {
    const worker = procs.procs.find((p) => p.name === 'worker')!;
    const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
    worker.child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
    expect(code, diagnostics()).toBe(0);
  }, 20_000);
});
