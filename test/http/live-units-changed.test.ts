// Live events of changes made many strings at a time (units-changed): a file upload, automatic translation, a bulk edit,
// search and replace and a repository rescan each send one event with the changed units and the counters after them,
// nothing when nothing changed; on SQLite, PostgreSQL, and through Redis with the background work in another container.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDialect } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, POT } from '../helpers/fixtures.js';
import { openEventStream, type EventStream, type StreamEvent } from '../helpers/event-stream.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { signIn, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';
import { createContainer, type Container } from '../../src/container.js';
import { LIVE_UNITS_LISTED } from '../../src/services/live/live.service.js';

interface Unit {
  id: number;
  source: string[];
  target: string[];
  state: number;
}

const PREFIX = `parla-live-units-${crypto.randomBytes(4).toString('hex')}`;
type Variant = [name: string, dialect: TestDialect, redis: boolean];
const VARIANTS: Variant[] = [...DIALECTS.map((d): Variant => [d, d, false]), ...(REDIS_URL ? [['postgres through Redis, tasks in a worker', DIALECTS.includes('postgres') ? 'postgres' : 'sqlite', true] as Variant] : [])];

const head = (lang: string, plural: string) => `msgid ""
msgstr ""
"Language: ${lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: ${plural}\\n"
`;
const CS_PLURAL = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;';

/** The Czech file as first uploaded: "Open" gets its translation, "Hello" (translated already) stays. */
const CS_UPLOAD = `${head('cs', CS_PLURAL)}
msgid "Hello"
msgstr "Ahoj"

msgctxt "menu"
msgid "Open"
msgstr "Otevřít"
`;

/** A component whose Czech translation automatic translation copies from. */
const LIB_ZIP = buildZip([
  { name: 'po/app.pot', data: POT },
  {
    name: 'po/cs.po',
    data: `${head('cs', CS_PLURAL)}
msgid "Goodbye world"
msgstr "Nashledanou světe"
`,
  },
]);

describe.each(VARIANTS)('units-changed live events on %s', (_name, dialect, redis) => {
  let s: TestServer;
  let worker: Container | undefined;
  let admin: UiSession;
  let stream: EventStream;
  let units: Unit[];
  const T = '/api/translations/bulk/app/cs/';

  const bySource = (source: string) => units.find((u) => u.source[0] === source)!;
  const counters = async () => {
    const t = await (await s.api(T)).json();
    return { total: t.total as number, translated: t.translated as number, fuzzy: t.fuzzy as number };
  };
  const changedEvents = () => stream.events.filter((e) => e.event === 'units-changed');
  /**
   * Waits for a single-unit save published after everything before it, then answers the units-changed events that
   * arrived since `seen`: events of a translation keep their order, so none can come later.
   */
  const changedSince = async (seen: number) => {
    const probe = bySource('One file');
    const marker = `Značka ${crypto.randomBytes(3).toString('hex')}`;
    const res = await s.api(`/api/units/${probe.id}/`, { method: 'PATCH', json: { target: [marker, marker, marker], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
    await stream.next((e) => e.event === 'unit-saved' && e.data.target[0] === marker);
    return changedEvents().slice(seen);
  };
  const upload = async (data: string) => {
    const res = await s.api(`${T}file/`, { method: 'POST', body: multipart({ method: 'translate' }, { file: { name: 'cs.po', data } }) });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };
  /** Waits until the task the answer (a redirect or a JSON body) names has ended. */
  const taskEnded = async (id: string) => {
    for (let i = 0; i < 300; i++) {
      const task = await (await s.api(`/api/tasks/${id}/`)).json();
      if (task.completed) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`task ${id} did not end`);
  };
  const nextChanged = (reason: string, after: number) => stream.next((e) => e.event === 'units-changed' && e.data.reason === reason && changedEvents().indexOf(e) >= after);

  beforeAll(async () => {
    s = await startServer(dialect, redis ? { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: PREFIX } : {});
    if (redis) {
      // With Redis, `serve` runs no tasks: a worker built like `parla worker` does, and publishes through Redis.
      worker = await createContainer(s.container.config, { runTasks: true });
      await worker.start();
      s.container.autotranslate.syncLimit = 0;
      s.container.bulkEdit.syncLimit = 0;
    }
    expect((await createProject(s, 'bulk')).status).toBe(201);
    expect((await createPoComponent(s, 'bulk')).status).toBe(201);
    expect((await createPoComponent(s, 'bulk', 'lib', LIB_ZIP)).status).toBe(201);
    units = (await (await s.api(`${T}units/?page_size=100`)).json()).results as Unit[];
    admin = await signIn(s, 'admin');
    stream = await openEventStream(`${s.url}/translate/bulk/app/cs/events/`, { Authorization: `Token ${s.adminToken}` });
    expect(stream.res.status).toBe(200);
    await stream.next((e) => e.event === 'snapshot');
  }, 120_000);
  afterAll(async () => {
    stream?.close();
    await worker?.close();
    await s?.close();
    if (redis) await deleteRedisKeys(PREFIX);
  });

  it('sends an upload that changes strings as one event with the changed units and the counters after it', async () => {
    const before = await counters();
    const seen = changedEvents().length;
    const result = await upload(CS_UPLOAD);
    expect(result).toMatchObject({ accepted: 1, skipped: 1 });
    const event = await nextChanged('upload', seen);
    expect(event.id).toMatch(/^\d+-\d+$/);
    expect(event.data).toMatchObject({
      user: { username: 'admin', full_name: 'admin' },
      reason: 'upload',
      units: [{ unit: bySource('Open').id, target: ['Otevřít'], state: 20 }],
      count: 1,
      more: false,
    });
    expect(event.data.counters).toMatchObject({ ...before, translated: before.translated + 1 });
    expect(event.data.counters).toMatchObject(await counters());
  });

  it('sends nothing for an upload that changes nothing', async () => {
    const seen = changedEvents().length;
    expect(await upload(CS_UPLOAD)).toMatchObject({ accepted: 0, skipped: 2 });
    expect(await changedSince(seen)).toEqual([]);
  });

  it('sends an automatic translation run (in a worker with Redis), and nothing for a run that changes nothing', async () => {
    const before = await counters();
    let seen = changedEvents().length;
    // With Redis a run that selects strings goes to the worker; one that selects none runs at once.
    const run = async (queued: boolean) => {
      const res = await s.api(`${T}autotranslate/`, { method: 'POST', json: { mode: 'translate', auto_source: 'others', component: 'lib', q: 'state:<translated' } });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json();
      if (redis && queued) expect(body.details).toMatch(/queued/);
      const task = /tasks\/([0-9a-f-]+)/.exec(JSON.stringify(body))?.[1];
      if (redis && queued) expect(task).toBeTruthy();
      if (task) await taskEnded(task);
    };
    await run(true);
    const event = await nextChanged('autotranslate', seen);
    expect(event.data).toMatchObject({ user: { username: 'admin' }, units: [{ unit: bySource('Goodbye world').id, target: ['Nashledanou světe'], state: 20 }], count: 1, more: false });
    // "Goodbye world" was fuzzy: one more translated, one less needing editing.
    expect(event.data.counters).toMatchObject({ total: before.total, translated: before.translated + 1, fuzzy: before.fuzzy - 1 });

    seen = changedEvents().length;
    await run(false);
    expect(await changedSince(seen)).toEqual([]);
  });

  it('sends a bulk edit of states (in a worker with Redis), and nothing when the search finds nothing', async () => {
    const before = await counters();
    let seen = changedEvents().length;
    const edit = async (queued: boolean) => {
      const res = await admin.post('/translate/bulk/app/cs/bulk/', { q: 'state:translated AND NOT source:"One file"', state: '10' }, { from: '/translate/bulk/app/cs/bulk/' });
      expect(res.status, res.html.slice(0, 300)).toBe(303);
      const task = /\/tasks\/([0-9a-f-]+)\//.exec(res.location ?? '')?.[1];
      if (redis && queued) expect(task, String(res.location)).toBeTruthy();
      if (task) await taskEnded(task);
    };
    await edit(true);
    const event = await nextChanged('bulk-edit', seen);
    const expected = ['Hello', 'Goodbye world', 'Open'].map((source) => ({ unit: bySource(source).id, state: 10 }));
    expect(event.data.units).toEqual(expect.arrayContaining(expected.map((u) => expect.objectContaining(u))));
    expect(event.data.units).toHaveLength(3);
    expect(event.data.units.find((u: { unit: number }) => u.unit === bySource('Hello').id).target).toEqual(['Ahoj']);
    expect(event.data).toMatchObject({ reason: 'bulk-edit', count: 3, more: false, user: { username: 'admin' } });
    expect(event.data.counters).toMatchObject({ total: before.total, translated: before.translated - 3, fuzzy: before.fuzzy + 3 });

    seen = changedEvents().length;
    await edit(false);
    expect(await changedSince(seen)).toEqual([]);
  });

  it('sends a search and replace with the new texts, and nothing when nothing matches', async () => {
    const before = await counters();
    let seen = changedEvents().length;
    const replace = async (search: string, replacement: string) => {
      const res = await admin.post('/translate/bulk/app/cs/replace/', { q: '', search, replacement, all: '1', listed: '', action: 'apply' }, { from: '/translate/bulk/app/cs/bulk/' });
      expect(res.status, res.html.slice(0, 300)).toBe(303);
      const task = /\/tasks\/([0-9a-f-]+)\//.exec(res.location ?? '')?.[1];
      if (task) await taskEnded(task);
    };
    await replace('světe', 'světe!');
    const event = await nextChanged('replace', seen);
    // States stay (needs editing after the bulk edit).
    expect(event.data).toMatchObject({ reason: 'replace', units: [{ unit: bySource('Goodbye world').id, target: ['Nashledanou světe!'], state: 10 }], count: 1, more: false });
    expect(event.data.counters).toMatchObject(before);

    seen = changedEvents().length;
    await replace('no such text anywhere', 'x');
    expect(await changedSince(seen)).toEqual([]);
  });

  it('resumes with Last-Event-ID with a units-changed event missed in between', async () => {
    const last = changedEvents().at(-1)!;
    const events = await openEventStream(`${s.url}/translate/bulk/app/cs/events/`, { Authorization: `Token ${s.adminToken}`, 'Last-Event-ID': last.id! });
    try {
      const replayed = await events.next((e: StreamEvent) => e.event === 'unit-saved');
      expect(replayed.id).not.toBe(last.id);
      expect(events.events.filter((e) => e.event === 'units-changed')).toEqual([]);
    } finally {
      events.close();
    }
    stream.close();
    await upload(CS_UPLOAD.replace('Otevřít', 'Otevři'));
    const resumed = await openEventStream(`${s.url}/translate/bulk/app/cs/events/`, { Authorization: `Token ${s.adminToken}`, 'Last-Event-ID': last.id! });
    stream = resumed;
    expect(resumed.res.status).toBe(200);
    const event = await resumed.next((e) => e.event === 'units-changed');
    // Both needed editing after the bulk edit: the file translates them again.
    expect(event.data).toMatchObject({ reason: 'upload', count: 2, more: false });
    expect(event.data.units).toEqual(
      expect.arrayContaining([
        { unit: bySource('Hello').id, target: ['Ahoj'], state: 20 },
        { unit: bySource('Open').id, target: ['Otevři'], state: 20 },
      ]),
    );
  });

  it('sends a rescan of the files that changes strings as a repository event', async () => {
    await stream.next((e) => e.event === 'snapshot');
    const seen = changedEvents().length;
    // Pending edits go to the files first; then the Czech file changes on disk and the component's files are read again.
    expect((await s.api('/api/components/bulk/app/repository/', { method: 'POST', json: { operation: 'commit' } })).status).toBe(200);
    const row = await s.container.database.db.selectFrom('components').select(['id', 'project_id']).where('slug', '=', 'app').executeTakeFirstOrThrow();
    const dir = s.container.paths.componentDir(row);
    const file = path.join(dir, 'po', 'cs.po');
    const text = await fs.readFile(file, 'utf8');
    expect(text).toContain('Ahoj');
    await fs.writeFile(file, text.replace('msgstr "Ahoj"', 'msgstr "Ahojky"'));
    const res = await s.api('/api/components/bulk/app/repository/', { method: 'POST', json: { operation: 'file-scan' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const event = await nextChanged('repository', seen);
    expect(event.data.units).toEqual([expect.objectContaining({ unit: bySource('Hello').id, target: ['Ahojky'] })]);
    expect(event.data.count).toBe(1);
    expect(event.data.counters).toMatchObject(await counters());
  });

  it.runIf(!redis && dialect === 'sqlite')(`lists at most ${LIVE_UNITS_LISTED} units and says there are more`, async () => {
    const translationId = (await (await s.api(T)).json()).id as number;
    const seen = changedEvents().length;
    const many = Array.from({ length: LIVE_UNITS_LISTED + 20 }, (_, i) => ({ unit: i + 1, target: [`t${i}`], state: 20 }));
    await s.container.live.unitsChanged({ translationId, user: null, reason: 'upload', units: many, count: many.length + 5 });
    const event = await nextChanged('upload', seen);
    expect(event.data.units).toHaveLength(LIVE_UNITS_LISTED);
    expect(event.data).toMatchObject({ user: null, count: LIVE_UNITS_LISTED + 25, more: true });
  });
});
