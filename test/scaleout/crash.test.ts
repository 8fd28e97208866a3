// Crash safety: `parla serve` is SIGKILLed (with its git children) during an upload, a commit, a push, a pull and a
// component setup; after a restart every acknowledged edit is there, nothing is half-imported, the database catches
// up with what a killed pull merged, git is sound and no task is stuck.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS } from '../helpers/databases.js';
import { apiClient, createAdmin, git, Processes, runCli, serverEnv, sleep, waitUntil, type Proc } from '../helpers/processes.js';
import { createUpstream, poFile, stringNumber } from './upstream.js';

const index = stringNumber;

type Unit = { id: number; source: string[]; target: string[]; state: number };
type Outcome = 'interrupted' | 'finished';

for (const dialect of DIALECTS) {
  describe(`crash safety on ${dialect}: SIGKILL during upload, commit, push, pull and component setup`, () => {
    // Large enough that importing takes a while on a loaded machine, small enough to keep each suite near a minute
    // (an upload's import is several times slower on PostgreSQL).
    const N = dialect === 'postgres' ? 3000 : 6000;
    const po = (language: string | null, targets: (i: number) => string | null) => poFile(N, language, targets);
    let root: string;
    let bare: string;
    let checkout: string;
    let projectId: number;
    let procs: Processes;
    let server: { proc: Proc; base: string };
    let token = '';
    let dropDb: (() => Promise<void>) | null = null;
    const { api, all } = apiClient(() => token);
    /** The last acknowledged (200) write of each unit, by string number. */
    const acknowledged = new Map<number, string>();
    const outcomes: Record<string, Outcome> = {};
    let ids = new Map<number, number>();
    const tr = '/api/translations/crash/app/cs';

    const diagnostics = () => procs.diagnostics();
    const base = () => server.base;

    const restart = async (name: string) => {
      await procs.crash(server.proc);
      server = await procs.serve(name, {}, 45_000);
    };

    const edit = async (i: number, target: string) => {
      const res = await api(base(), `/api/units/${ids.get(i)}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
      expect(res.status, await res.clone().text()).toBe(200);
      acknowledged.set(i, target);
    };

    const operation = async (op: string) => {
      const res = await api(base(), '/api/components/crash/app/repository/', { method: 'POST', json: { operation: op } });
      expect(res.status, `${op}: ${await res.clone().text()}\n${diagnostics()}`).toBe(200);
      return (await res.json()) as { result: boolean; detail?: string };
    };

    /** Each acknowledged edit is in the database, and the statistics counters equal a recount of the units. */
    const checkUnits = async (path_ = tr): Promise<Map<number, Unit>> => {
      const units = new Map((await all<Unit>(base(), `${path_}/units/`)).map((u) => [index(u.source[0]!), u]));
      expect(units.size).toBe(N);
      if (path_ === tr) for (const [i, target] of acknowledged) expect(units.get(i)?.target, `string ${i}`).toEqual([target]);
      const list = [...units.values()];
      const recount = {
        total: list.length,
        translated: list.filter((u) => u.state >= 20).length,
        fuzzy: list.filter((u) => u.state >= 10 && u.state < 20).length,
        approved: list.filter((u) => u.state === 30).length,
      };
      const stats = await (await api(base(), `${path_}/statistics/`)).json();
      expect({ total: stats.total, translated: stats.translated, fuzzy: stats.fuzzy, approved: stats.approved }).toEqual(recount);
      return units;
    };

    /** The checkout and the remote pass git fsck, git status works, and the API reports the repository. */
    const checkRepository = async () => {
      git(checkout, 'fsck', '--no-progress');
      git(checkout, 'status', '--porcelain');
      expect(git(root, '--git-dir', bare, 'fsck', '--no-progress')).toBe('');
      const res = await api(base(), '/api/components/crash/app/repository/');
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toHaveProperty('needs_commit');
    };

    /** Every acknowledged edit appears exactly once in the remote's file. */
    const checkRemoteFile = () => {
      const file = git(root, '--git-dir', bare, 'show', 'main:po/cs.po');
      for (const [i, target] of acknowledged) expect(file.split(`msgstr "${target}"`).length - 1, `string ${i}`).toBe(1);
    };

    const head = (gitDir: string) => git(root, '--git-dir', gitDir, 'rev-parse', 'main');

    /** Starts a request and reports how it ended, without failing on the connection reset a crash causes. */
    const inFlight = (pathname: string, init: Parameters<typeof api>[2]) => {
      let settled: Response | Error | null = null;
      const done = api(base(), pathname, init).then(
        (r) => (settled = r),
        (e: Error) => (settled = e),
      );
      return { done, settled: () => settled };
    };

    beforeAll(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-crash-'));
      bare = createUpstream(root, N);

      const env = serverEnv(path.join(root, 'data'), { PARLA_PAGE_SIZE: '1000' });
      if (dialect === 'postgres') {
        const pgDb = await createPgDatabase();
        dropDb = pgDb.drop;
        env.PARLA_DATABASE_URL = pgDb.url;
      }
      procs = new Processes(env);
      await runCli(env, ['migrate']);
      token = await createAdmin(env);
      server = await procs.serve('serve-1', {}, 45_000);

      const project = await api(base(), '/api/projects/', { method: 'POST', json: { name: 'Crash', slug: 'crash', web: 'https://example.com/' } });
      expect(project.status).toBe(201);
      projectId = ((await project.json()) as { id: number }).id;
      const res = await api(base(), '/api/projects/crash/components/', {
        method: 'POST',
        json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main', push_on_commit: false },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const created = (await res.json()) as { id: number; task_url: string };
      // Working trees are named by ids: repos/<project id>/<component id>.
      checkout = path.join(root, 'data', 'repos', String(projectId), String(created.id));
      const taskPath = new URL(created.task_url).pathname;
      const task = await waitUntil('the component setup', async () => {
        const t = (await (await api(base(), taskPath)).json()) as { completed: boolean; result: unknown };
        return t.completed ? t : undefined;
      }, 60_000, 200);
      expect(JSON.stringify(task.result), diagnostics()).not.toMatch(/error/);
      ids = new Map((await all<Unit>(base(), `${tr}/units/`)).map((u) => [index(u.source[0]!), u.id]));
      expect(ids.size).toBe(N);
    }, 120_000);

    afterAll(async () => {
      await procs?.stopAll();
      await dropDb?.();
      if (root) fs.rmSync(root, { recursive: true, force: true });
    }, 30_000);

    it('applies an upload killed mid-import entirely or not at all', async () => {
      const upload = (content: string, extra: Record<string, string> = {}) => {
        const form = new FormData();
        form.set('file', new Blob([content]), 'cs.po');
        form.set('method', 'translate');
        for (const [k, v] of Object.entries(extra)) form.set(k, v);
        return form;
      };
      // A complete upload first: it measures how long an import of this size takes here.
      const started = Date.now();
      const first = await api(base(), `${tr}/file/`, { method: 'POST', body: upload(po('cs', (i) => `Vorab ${i}`)) });
      expect(first.status, await first.clone().text()).toBe(200);
      expect(await first.json()).toMatchObject({ accepted: N });
      const duration = Date.now() - started;
      for (let i = 1; i <= 5; i++) await edit(i, `Upraveno ${i} A`);

      // The same size again, overwriting, minus the five edited strings; killed about halfway through.
      const request = inFlight(`${tr}/file/`, { method: 'POST', body: upload(po('cs', (i) => (i <= 5 ? null : `Nahráno ${i}`)), { conflicts: 'replace-translated' }) });
      // The second import runs warm, faster than the first: aim early rather than late.
      await Promise.race([request.done, sleep(Math.max(100, duration * 0.4))]);
      const answer = request.settled();
      await restart('serve-2');
      outcomes.upload = answer instanceof Response ? 'finished' : 'interrupted';
      console.log(`[crash ${dialect}] a complete upload of ${N} strings took ${duration} ms; killed after ${Math.round(duration * 0.4)} ms`);
      await request.done;

      const units = await checkUnits();
      const uploaded = [...units.entries()].filter(([i, u]) => u.target[0] === `Nahráno ${i}`).length;
      const before = [...units.entries()].filter(([i, u]) => u.target[0] === `Vorab ${i}`).length;
      if (answer instanceof Response) expect(answer.status).toBe(200);
      // Either every uploaded string or none of them; the others keep the first upload.
      if (answer instanceof Response || uploaded > 0) expect([uploaded, before]).toEqual([N - 5, 0]);
      else expect([uploaded, before]).toEqual([0, N - 5]);
      await checkRepository();
    }, 90_000);

    it('keeps the repository usable after a commit killed while writing', async () => {
      for (let i = 6; i <= 8; i++) await edit(i, `Upraveno ${i} B`);
      const remoteBefore = head(bare);
      const file = path.join(checkout, 'po/cs.po');
      const before = fs.statSync(file);
      const request = inFlight('/api/components/crash/app/repository/', { method: 'POST', json: { operation: 'commit' } });
      // Kill as soon as the new file is in place: between writing it and committing it to git.
      await waitUntil('the commit to write the file', () => {
        if (request.settled()) return true;
        const now = fs.statSync(file);
        return now.mtimeMs !== before.mtimeMs || now.size !== before.size || now.ino !== before.ino;
      }, 30_000, 2);
      const answer = request.settled();
      await restart('serve-3');
      outcomes.commit = answer instanceof Response ? 'finished' : 'interrupted';
      await request.done;

      await checkUnits();
      await checkRepository();
      expect(head(bare)).toBe(remoteBefore);
      // Commit and push with no new edit: what the killed commit had taken on reaches the remote all the same.
      console.log(`[crash ${dialect}] after the killed commit: ${JSON.stringify(git(checkout, 'status', '--porcelain'))}`);
      expect(await operation('commit')).toMatchObject({ result: true });
      expect(await operation('push')).toMatchObject({ result: true });
      checkRemoteFile();
      expect(await (await api(base(), '/api/components/crash/app/repository/')).json()).toMatchObject({ needs_commit: false, needs_push: false });
      // A new edit, commit and push go through too.
      await edit(9, 'Upraveno 9 C');
      expect(await operation('commit')).toMatchObject({ result: true });
      expect(await operation('push')).toMatchObject({ result: true });
      expect(head(bare)).toBe(git(checkout, 'rev-parse', 'HEAD'));
      checkRemoteFile();
      await checkRepository();
    }, 90_000);

    it('commits edits a download wrote to the file when the server died before any commit', async () => {
      // A download writes pending edits into the file and marks them written: the state a commit killed just
      // before running git leaves, reached deterministically.
      for (let i = 14; i <= 15; i++) await edit(i, `Upraveno ${i} F`);
      const download = await api(base(), `${tr}/file/`);
      expect(download.status).toBe(200);
      expect(await download.text()).toContain('msgstr "Upraveno 15 F"');
      await restart('serve-3b');
      expect(await operation('push')).toMatchObject({ result: true });
      checkRemoteFile();
      expect(await (await api(base(), '/api/components/crash/app/repository/')).json()).toMatchObject({ needs_commit: false, needs_push: false });
    }, 60_000);

    it('leaves the old or the new head on the remote after a push killed mid-way', async () => {
      for (let i = 10; i <= 12; i++) await edit(i, `Upraveno ${i} D`);
      const remoteBefore = head(bare);
      const localBefore = git(checkout, 'rev-parse', 'HEAD');
      const request = inFlight('/api/components/crash/app/repository/', { method: 'POST', json: { operation: 'push' } });
      // The push commits first: kill once the local branch moved, while git pushes.
      const ref = path.join(checkout, '.git', 'refs', 'heads', 'main');
      await waitUntil('the push to commit', () => request.settled() !== null || (fs.existsSync(ref) && fs.readFileSync(ref, 'utf8').trim() !== localBefore), 30_000, 2);
      const answer = request.settled();
      await restart('serve-4');
      outcomes.push = answer instanceof Response ? 'finished' : 'interrupted';
      await request.done;

      await checkUnits();
      await checkRepository();
      const localAfter = git(checkout, 'rev-parse', 'HEAD');
      expect([remoteBefore, localAfter]).toContain(head(bare));
      if (answer instanceof Response) expect(head(bare)).toBe(localAfter);
      await edit(13, 'Upraveno 13 E');
      expect(await operation('push')).toMatchObject({ result: true });
      expect(head(bare)).toBe(git(checkout, 'rev-parse', 'HEAD'));
      checkRemoteFile();
      expect(await (await api(base(), '/api/components/crash/app/repository/')).json()).toMatchObject({ needs_push: false });
    }, 90_000);

    it('catches up on upstream strings after a pull killed between its merge and its import', async () => {
      const upstream = (i: number) => `Upstream ${i}`;
      const changed = [101, 102, 103, 104, 105];
      await edit(16, 'Upraveno 16 G');
      // An upstream commit changes strings no one edits here.
      const work = path.join(root, 'work');
      git(work, 'fetch', '--quiet', 'origin');
      git(work, 'reset', '--quiet', '--hard', 'origin/main');
      const file = path.join(work, 'po/cs.po');
      let text = fs.readFileSync(file, 'utf8');
      for (const i of changed) text = text.replace(new RegExp(`(msgid "String number ${i}"\nmsgstr )".*"`), `$1"${upstream(i)}"`);
      fs.writeFileSync(file, text);
      git(work, 'commit', '--quiet', '-am', 'Upstream translations');
      git(work, 'push', '--quiet', 'origin', 'main');

      // git runs post-merge once the merge has moved HEAD and the files, while the server still waits for git:
      // the hook marks that point and holds the server there until the kill.
      const hook = path.join(checkout, '.git', 'hooks', 'post-merge');
      const marker = path.join(root, 'merged');
      fs.mkdirSync(path.dirname(hook), { recursive: true });
      fs.writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\nsleep 600\n`, { mode: 0o755 });
      const request = inFlight('/api/components/crash/app/repository/', { method: 'POST', json: { operation: 'pull-merge' } });
      await waitUntil('the pull to merge', () => request.settled() !== null || fs.existsSync(marker), 30_000, 2);
      const answer = request.settled();
      await procs.crash(server.proc);
      fs.rmSync(hook);
      expect(answer, 'the pull finished before the hook could hold it').toBeNull();
      outcomes.pull = 'interrupted';
      // The merge is in the checkout (git fails on a remote head that is not an ancestor): git has nothing left to pull.
      git(checkout, 'merge-base', '--is-ancestor', head(bare), 'HEAD');
      server = await procs.serve('serve-6', {}, 45_000);
      await request.done;

      // No operation and no file-scan: the restarted server re-reads the files on its own.
      await waitUntil('the database to show the upstream strings', async () => {
        const unit = (await (await api(base(), `/api/units/${ids.get(changed.at(-1)!)}/`)).json()) as Unit;
        return unit.target[0] === upstream(changed.at(-1)!);
      }, 60_000, 250);
      const units = await checkUnits();
      for (const i of changed) expect(units.get(i)?.target, `string ${i}`).toEqual([upstream(i)]);
      await checkRepository();

      // A second pull finds nothing new and changes nothing; the edit made before the pull reaches the remote.
      expect(await operation('pull')).toMatchObject({ result: true });
      const again = await checkUnits();
      for (const i of changed) expect(again.get(i)?.target, `string ${i}`).toEqual([upstream(i)]);
      expect(await operation('push')).toMatchObject({ result: true });
      expect(head(bare)).toBe(git(checkout, 'rev-parse', 'HEAD'));
      checkRemoteFile();
      const remote = git(root, '--git-dir', bare, 'show', 'main:po/cs.po');
      for (const i of changed) expect(remote).toContain(`msgstr "${upstream(i)}"`);
      expect(await (await api(base(), '/api/components/crash/app/repository/')).json()).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false });
    }, 120_000);

    it('reports a component setup killed mid-import as failed and imports all or none of it', async () => {
      const res = await api(base(), '/api/projects/crash/components/', {
        method: 'POST',
        json: { name: 'Setup', slug: 'setup', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main', push_on_commit: false },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const created = (await res.json()) as { id: number; task_url: string };
      const taskPath = new URL(created.task_url).pathname;
      // The server is too busy importing to answer a poll in time: watch the clone appear on disk instead, and kill
      // as soon as the translation file is checked out (the parse and the import follow it).
      const cloned = path.join(root, 'data', 'repos', String(projectId), String(created.id), 'po', 'cs.po');
      await waitUntil('the setup to clone', () => fs.existsSync(cloned), 60_000, 2);
      await restart('serve-5');

      const task = (await (await api(base(), taskPath)).json()) as { completed: boolean; result: { error?: string } | null };
      // Never stuck "in progress": a task cut off by the crash is failed with the restart as its reason.
      expect(task.completed).toBe(true);
      outcomes.setup = task.result?.error ? 'interrupted' : 'finished';
      if (task.result?.error) expect(task.result.error).toMatch(/interrupted by a server restart/);
      // The component stays (its creation was acknowledged); its strings are all imported or none are.
      expect((await api(base(), '/api/components/crash/setup/')).status).toBe(200);
      const translations = await all<{ language_code: string; total: number }>(base(), '/api/components/crash/setup/translations/');
      if (outcomes.setup === 'finished') expect(translations).toHaveLength(2);
      if (translations.length > 0) {
        expect(translations.map((t) => t.language_code).sort()).toEqual(['cs', 'en']);
        await checkUnits('/api/translations/crash/setup/cs');
      }
      // What an interrupted setup left can be removed, and the first component is untouched.
      expect((await api(base(), '/api/components/crash/setup/', { method: 'DELETE' })).status).toBe(204);
      await checkUnits();
      await checkRepository();
    }, 90_000);

    it('interrupted at least one operation', () => {
      // Timing decides where each kill lands; the checks above hold either way, but the run must have crashed something.
      expect(Object.values(outcomes), JSON.stringify(outcomes)).toContain('interrupted');
      console.log(`[crash ${dialect}] ${JSON.stringify(outcomes)}`);
    });
  });
}
