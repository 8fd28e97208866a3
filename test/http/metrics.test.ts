// Server metrics /api/metrics/: real counts, OpenMetrics text, signed-in users only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const FIELDS = ['units', 'units_translated', 'users', 'changes', 'projects', 'components', 'translations', 'languages', 'checks', 'configuration_errors', 'suggestions', 'celery_queues', 'name', 'version'];

describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer(dialect);
    token = await s.createUser('watcher');
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'secret', 'core')).status).toBe(201);
    // One suggestion, from an upload with method=suggest.
    const po = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"\n';
    const up = await s.api('/api/translations/hello/app/cs/file/', { method: 'POST', body: multipart({ method: 'suggest' }, { file: { name: 'cs.po', data: po } }) });
    expect(up.status).toBe(200);
    await s.container.tasks.idle();
  });
  afterAll(async () => s?.close());

  async function recount() {
    const db = s.container.database.db;
    const n = async (q: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) => Number((await q.executeTakeFirst())?.n ?? 0);
    const count = (table: 'users' | 'changes' | 'projects' | 'components' | 'translations' | 'suggestions') => n(db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')));
    return {
      units: await n(db.selectFrom('units').select((eb) => eb.fn.countAll().as('n'))),
      units_translated: await n(db.selectFrom('units').select((eb) => eb.fn.countAll().as('n')).where('state', '>=', 20)),
      users: await count('users'),
      changes: await count('changes'),
      projects: await count('projects'),
      components: await count('components'),
      translations: await count('translations'),
      languages: await n(db.selectFrom('translations').select(sql`count(distinct language_id)`.as('n'))),
      checks: await n(db.selectFrom('checks').select((eb) => eb.fn.countAll().as('n')).where('dismissed', '=', 0)),
      configuration_errors: await n(db.selectFrom('components').select((eb) => eb.fn.countAll().as('n')).where('merge_failure', '<>', '')),
      suggestions: await count('suggestions'),
    };
  }

  it('answers 401 to anonymous callers, in every format', async () => {
    for (const q of ['', '?format=json', '?format=openmetrics']) {
      const res = await s.api(`/api/metrics/${q}`, { token: null });
      expect(res.status).toBe(401);
    }
  });

  it('reports every field with the real counts (private projects included)', async () => {
    const res = await s.api('/api/metrics/', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(FIELDS);
    expect(body).toMatchObject(await recount());
    expect(body.projects).toBe(2);
    expect(body.components).toBe(2);
    expect(body.translations).toBe(6);
    expect(body.languages).toBe(3);
    expect(body.suggestions).toBe(1);
    expect(body.units).toBe(24);
    expect(body.celery_queues).toEqual({ default: 0 });
    expect(body.name).toBe('Parla');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('follows creations and deletions', async () => {
    await s.createUser('another');
    expect((await s.api('/api/components/hello/app/translations/', { method: 'POST', json: { language_code: 'fr' } })).status).toBe(201);
    let body = await (await s.api('/api/metrics/', { token })).json();
    expect(body).toMatchObject(await recount());
    expect(body).toMatchObject({ translations: 7, languages: 4, units: 28 });
    expect((await s.api('/api/projects/secret/', { method: 'DELETE' })).status).toBe(204);
    await s.container.tasks.idle();
    body = await (await s.api('/api/metrics/', { token })).json();
    expect(body).toMatchObject(await recount());
    expect(body).toMatchObject({ projects: 1, components: 1, translations: 4 });
  });

  it('counts queued tasks per queue', async () => {
    const db = s.container.database.db;
    const now = new Date().toISOString();
    await db.insertInto('tasks').values({ id: '00000000-0000-4000-8000-000000000001', name: 'recalculate-statistics', status: 'queued', progress: 0, result: null, log: '', payload: '{}', project_id: null, component_id: null, user_id: null, created: now, updated: now }).execute();
    try {
      expect((await (await s.api('/api/metrics/', { token })).json()).celery_queues).toEqual({ default: 1 });
    } finally {
      await db.deleteFrom('tasks').where('id', '=', '00000000-0000-4000-8000-000000000001').execute();
    }
  });

  it('renders OpenMetrics for ?format=openmetrics and for the Accept header', async () => {
    const expected = await recount();
    for (const init of [{ q: '?format=openmetrics', accept: undefined }, { q: '', accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1' }]) {
      const res = await s.api(`/api/metrics/${init.q}`, { token, headers: init.accept ? { Accept: init.accept } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
      const text = await res.text();
      expect(text.endsWith('# EOF\n')).toBe(true);
      const lines = text.trimEnd().split('\n');
      expect(lines.at(-1)).toBe('# EOF');
      const samples = new Map<string, number>();
      const types = new Map<string, string>();
      const helps = new Set<string>();
      for (const line of lines.slice(0, -1)) {
        let m: RegExpMatchArray | null;
        if ((m = line.match(/^# HELP ([a-z_]+) \S.*$/))) helps.add(m[1]!);
        else if ((m = line.match(/^# TYPE ([a-z_]+) (gauge)$/))) types.set(m[1]!, m[2]!);
        else if ((m = line.match(/^([a-z_]+)(\{[a-z_]+="[^"]*"\})? (\d+)$/))) {
          expect(types.get(m[1]!), `TYPE before ${m[1]}`).toBe('gauge');
          expect(helps.has(m[1]!), `HELP before ${m[1]}`).toBe(true);
          samples.set(m[1]! + (m[2] ?? ''), Number(m[3]));
        } else throw new Error(`unexpected line: ${line}`);
      }
      for (const [k, v] of Object.entries(expected)) expect(samples.get(k), k).toBe(v);
      expect(samples.get('celery_queues{queue="default"}')).toBe(0);
      expect([...samples.keys()].find((k) => k.startsWith('parla_info{version="'))).toMatch(/^parla_info\{version="\d+\.\d+\.\d+[^"]*"\}$/);
      expect(samples.get([...samples.keys()].find((k) => k.startsWith('parla_info'))!)).toBe(1);
      expect(text).not.toMatch(/^name /m);
    }
  });

  it('keeps format=json and format=api working and rejects unknown formats', async () => {
    const json = await s.api('/api/metrics/?format=json', { token });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const html = await s.api('/api/metrics/?format=api', { token });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await s.api('/api/metrics/', { token, headers: { Accept: 'text/html' } })).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await s.api('/api/metrics/?format=xml', { token })).status).toBe(404);
    expect((await s.api('/api/metrics/', { token, headers: { Accept: 'image/png' } })).status).toBe(406);
    // The other endpoints still refuse the metrics-only renderer.
    expect((await s.api('/api/projects/?format=openmetrics', { token })).status).toBe(404);
  });
});
