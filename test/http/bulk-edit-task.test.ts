// Bulk edit and search and replace over more than 1,000 strings run as a background task followed on /tasks/<uuid>/: the
// form leads to the task page, the task changes the strings batch by batch as the user who asked (change records by them)
// and the page says what changed; a user without the right is refused before anything is queued. With PostgreSQL and
// Redis the task runs in a separate worker container, as under `parla worker`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, type Container } from '../../src/container.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { joinTeam, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';

/** More strings than a request changes itself (1,000). */
const N = 1200;
const TASK = /^\/tasks\/([0-9a-f-]{36})\/$/;

const header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n';
const POT = header + Array.from({ length: N }, (_, i) => `\nmsgid "String ${i}"\nmsgstr ""\n`).join('');
/** Every string translated and marked as needing editing. */
const CS = header.replace('\\n"\n', '\\n"\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n') + Array.from({ length: N }, (_, i) => `\n#, fuzzy\nmsgid "String ${i}"\nmsgstr "Řetězec ${i} světe"\n`).join('');

const cases = DIALECTS.map((dialect) => ({ dialect, redis: dialect === 'postgres' && REDIS_URL !== '' }));

/** A task of 1,200 strings takes PostgreSQL up to half a minute on a busy machine. */
const TASK_TIMEOUT = 180_000;

describe.each(cases)('bulk edit of a large set as a task ($dialect, Redis: $redis)', ({ dialect, redis }) => {
  let s: TestServer;
  let worker: Container | null = null;
  let boss: UiSession; // the project's Administration team: may bulk edit
  let tina: UiSession; // a translator: may replace, not bulk edit
  const prefix = `parla-bulk-task-${process.pid}-${Date.now()}`;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  /** How many strings of the Czech translation a search finds. */
  const found = async (q: string) => (await json(await s.api(`/api/translations/big/app/cs/units/?q=${encodeURIComponent(q)}&page_size=1`))).count as number;
  const changeCount = async (action: number) => (await json(await s.api(`/api/changes/?action=${action}&page_size=1`))).count as number;
  const lastChange = async (action: number) => (await json(await s.api(`/api/changes/?action=${action}&page_size=1`))).results[0] as { user: string | null };
  const bulkTasks = async () => (await s.container.database.db.selectFrom('tasks').select('id').where('name', '=', 'bulk-edit').execute()).length;
  /** Waits until the task has ended and returns what the tasks API says of it. */
  const finished = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const task = (await json(await s.api(`/api/tasks/${id}/`))) as { completed: boolean; progress: number; result: Record<string, unknown> | null; log: string };
      if (task.completed) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`task ${id} did not end`);
  };

  beforeAll(async () => {
    s = await startServer(dialect, redis ? { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: prefix } : {});
    // With Redis, `serve` does not run tasks: a worker built like `parla worker` does, without any HTTP route.
    if (redis) {
      worker = await createContainer(s.container.config, { runTasks: true });
      await worker.start();
    }
    await json(await createProject(s, 'big'), 201);
    await json(await createPoComponent(s, 'big', 'app', buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }])), 201);
    await userWithPassword(s, 'tina');
    await userWithPassword(s, 'boss');
    await joinTeam(s, 'boss', 'Administration', 'big');
    tina = await signIn(s, 'tina');
    boss = await signIn(s, 'boss');
  }, 180_000);
  afterAll(async () => {
    await worker?.close();
    await s?.close();
    if (redis) await deleteRedisKeys(prefix);
  });

  it('refuses a bulk edit to a user without the right before queueing anything', async () => {
    expect(await found('state:needs-editing')).toBe(N);
    const refused = await tina.post('/translate/big/app/cs/bulk/', { q: 'state:needs-editing', state: '20' }, { from: '/translate/big/app/cs/bulk/' });
    expect(refused.status).toBe(403);
    const anon = await fetch(`${s.url}/translate/big/app/cs/replace/`, { method: 'POST', redirect: 'manual', headers: { Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'q=&search=a&replacement=b&action=apply&all=1&listed=' });
    expect(anon.status).toBe(403);
    // Bad input is shown on the form, not queued either.
    const bad = await boss.post('/translate/big/app/cs/bulk/', { q: '', state: '99' }, { from: '/translate/big/app/cs/bulk/' });
    expect(bad.status).toBe(400);
    expect(await bulkTasks()).toBe(0);
    expect(await found('state:needs-editing')).toBe(N);
  });

  it('changes the state of every string as a task, with a change record each by the user who asked', async () => {
    const before = await changeCount(32);
    const res = await boss.post('/translate/big/app/cs/bulk/', { q: 'state:needs-editing', state: '20' }, { from: '/translate/big/app/cs/bulk/' });
    expect(res.status).toBe(303);
    const id = TASK.exec(res.location ?? '')?.[1];
    expect(id, String(res.location)).toBeTruthy();
    const task = await finished(id!);
    expect(task.result).toEqual({ operation: 'bulk', matched: N, changed: N });
    // Progress per batch of 200.
    expect(task.log.trim().split('\n')).toEqual(Array.from({ length: N / 200 }, (_, i) => `${(i + 1) * 200} / ${N}`));
    expect(await found('state:needs-editing')).toBe(0);
    expect(await found('state:translated')).toBe(N);
    expect(await changeCount(32)).toBe(before + N);
    expect((await lastChange(32)).user).toContain('/api/users/boss/');
    const page = await boss.get(res.location!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Bulk edit of BIG / APP — Czech</h1>');
    expect(page.html).toMatch(/id="task-result" data-task-outcome><p>1,?200 strings changed · 1,?200 strings matched the search<\/p>/);
    expect(page.html).toContain(`<a href="/translate/big/app/cs/bulk/?q=state%3Aneeds-editing" id="task-back">`);
  }, TASK_TIMEOUT);

  it('replaces text in every translation as a task, keeping the states', async () => {
    const before = await changeCount(27);
    // The preview lists the first 100; applying to all of them (none unticked) is the large set.
    const preview = await tina.post('/translate/big/app/cs/replace/', { q: '', search: 'světe', replacement: 'World', action: 'preview' }, { from: '/translate/big/app/cs/bulk/' });
    expect(preview.status).toBe(200);
    expect(preview.html).toMatch(/Preview: 1,?200 translations would change/);
    const listed = /name="listed" value="([^"]*)"/.exec(preview.html)?.[1] ?? '';
    expect(listed.split(',').length).toBe(100);
    const res = await tina.post(
      '/translate/big/app/cs/replace/',
      [
        ['q', ''],
        ['search', 'světe'],
        ['replacement', 'World'],
        ...listed.split(',').map((u): [string, string] => ['units', u]),
        ['all', '1'],
        ['listed', listed],
        ['action', 'apply'],
      ],
      { from: '/translate/big/app/cs/bulk/' },
    );
    expect(res.status).toBe(303);
    const id = TASK.exec(res.location ?? '')?.[1];
    expect(id, String(res.location)).toBeTruthy();
    const task = await finished(id!);
    expect(task.result).toEqual({ operation: 'replace', changed: N, skipped: 0 });
    expect(await found('target:World')).toBe(N);
    expect(await found('target:světe')).toBe(0);
    expect(await found('state:translated')).toBe(N);
    expect(await changeCount(27)).toBe(before + N);
    expect((await lastChange(27)).user).toContain('/api/users/tina/');
    const page = await tina.get(res.location!);
    expect(page.html).toContain('<h1>Search and replace in BIG / APP — Czech</h1>');
    expect(page.html).toMatch(/id="task-result" data-task-outcome><p>1,?200 translations replaced<\/p>/);
  }, TASK_TIMEOUT);

  it('keeps small sets in the request', async () => {
    const res = await boss.post('/translate/big/app/cs/bulk/', { q: 'source:"String 999"', state: '10' }, { from: '/translate/big/app/cs/bulk/' });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/translate\/big\/app\/cs\/bulk\/\?.*done=bulk&changed=1&matched=1$/);
    expect(await bulkTasks()).toBe(2);
  });
});
