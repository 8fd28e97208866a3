// GET/POST /api/projects/<project>/lock/ and GET /api/projects/<project>/metrics/ (JSON, CSV, OpenMetrics).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('project lock and metrics on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let outsider: string;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    outsider = await s.createUser('outsider');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub', 'app'), 201);
    const guide = await json(await s.api('/api/categories/', { method: 'POST', json: { name: 'Guide', slug: 'guide', project: `${s.url}/api/projects/pub/` } }), 201);
    const fields = { name: 'Docs', slug: 'docs', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: guide.url };
    await json(await s.api('/api/projects/pub/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) }), 201);
    await json(await createProject(s, 'empty'), 201);
    await json(await createProject(s, 'priv', { access_control: 100 }), 201);
    await json(await createPoComponent(s, 'priv'), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('links the lock and metrics from the project object', async () => {
    const project = await json(await s.api('/api/projects/pub/'));
    expect(project.lock_url).toBe(`${s.url}/api/projects/pub/lock/`);
    expect(project.metrics_url).toBe(`${s.url}/api/projects/pub/metrics/`);
    expect((await json(await s.api(project.lock_url))).locked).toBe(false);
    expect(await json(await s.api(project.metrics_url))).toHaveProperty('app');
  });

  it('locks and unlocks every component with project.edit, recording a change per component', async () => {
    const lockOf = async (component: string) => (await json(await s.api(`/api/components/pub/${component}/lock/`))).locked as boolean;
    expect(await json(await s.api('/api/projects/pub/lock/', { token: null }))).toEqual({ locked: false });
    expect((await s.api('/api/projects/pub/lock/', { method: 'POST', json: { lock: true }, token: null })).status).toBe(401);
    expect((await s.api('/api/projects/pub/lock/', { method: 'POST', json: { lock: true }, token: plain })).status).toBe(403);
    const missing = await json(await s.api('/api/projects/pub/lock/', { method: 'POST', json: {} }), 400);
    expect(missing.errors[0]).toMatchObject({ attr: 'lock', code: 'required', detail: 'This field is required.' });
    expect(await lockOf('app')).toBe(false);

    expect(await json(await s.api('/api/projects/pub/lock/', { method: 'POST', json: { lock: true } }))).toEqual({ locked: true });
    expect(await lockOf('app')).toBe(true);
    expect(await lockOf('guide%252Fdocs')).toBe(true);
    expect(await json(await s.api('/api/projects/pub/lock/'))).toEqual({ locked: true });
    let changes = (await json(await s.api('/api/projects/pub/changes/?action=14'))).results;
    expect(changes).toHaveLength(2);
    // Locking again changes nothing and records nothing.
    expect(await json(await s.api('/api/projects/pub/lock/', { method: 'POST', json: { lock: true } }))).toEqual({ locked: true });
    expect((await json(await s.api('/api/projects/pub/changes/?action=14'))).count).toBe(2);

    // One unlocked component is enough for the project to read unlocked.
    await json(await s.api('/api/components/pub/app/lock/', { method: 'POST', json: { lock: false } }));
    expect(await json(await s.api('/api/projects/pub/lock/'))).toEqual({ locked: false });
    expect(await json(await s.api('/api/projects/pub/lock/', { method: 'POST', body: new URLSearchParams({ lock: 'false' }) }))).toEqual({ locked: false });
    expect(await lockOf('guide%252Fdocs')).toBe(false);
    changes = (await json(await s.api('/api/projects/pub/changes/?action=15'))).results;
    expect(changes).toHaveLength(2);
  });

  it('reads a project without components as unlocked, and hides private projects', async () => {
    expect(await json(await s.api('/api/projects/empty/lock/'))).toEqual({ locked: false });
    expect(await json(await s.api('/api/projects/empty/lock/', { method: 'POST', json: { lock: true } }))).toEqual({ locked: false });
    expect((await s.api('/api/projects/priv/lock/', { token: outsider })).status).toBe(404);
    expect((await s.api('/api/projects/priv/lock/', { method: 'POST', json: { lock: true }, token: outsider })).status).toBe(404);
    expect((await s.api('/api/projects/priv/metrics/', { token: outsider })).status).toBe(404);
    expect((await s.api('/api/projects/nope/metrics/')).status).toBe(404);
  });

  it('answers the metrics of every translation by component path and language', async () => {
    const metrics = await json(await s.api('/api/projects/pub/metrics/', { token: null }));
    expect(Object.keys(metrics).sort()).toEqual(['app', 'guide/docs']);
    expect(Object.keys(metrics.app).sort()).toEqual(['cs', 'de', 'en']);
    const stats = await json(await s.api('/api/translations/pub/app/cs/statistics/'));
    expect(metrics.app.cs).toMatchObject({
      name: 'Czech',
      total: stats.total,
      total_words: stats.total_words,
      translated: stats.translated,
      translated_words: stats.translated_words,
      translated_percent: stats.translated_percent,
      fuzzy: stats.fuzzy,
      approved: stats.approved,
      failing: stats.failing,
      suggestions: stats.suggestions,
      comments: stats.comments,
    });
    expect(metrics.app.cs).toMatchObject({ total: 4, translated: 2, fuzzy: 1 });
    // The reference's set of metrics, no more and no less.
    expect(Object.keys(metrics.app.cs).sort()).toEqual(
      [
        'name', 'translated', 'translated_words', 'translated_chars', 'total', 'total_words', 'total_chars', 'fuzzy', 'fuzzy_words', 'fuzzy_chars',
        'failing', 'failing_words', 'failing_chars', 'approved', 'approved_words', 'approved_chars', 'suggestions', 'comments', 'translated_percent',
        'translated_words_percent', 'translated_chars_percent', 'approved_percent', 'approved_words_percent', 'approved_chars_percent',
      ].sort(),
    );
    expect(metrics['guide/docs'].de).toMatchObject({ name: 'German', total: 4, translated: 4, translated_percent: 100 });
    expect(await json(await s.api('/api/projects/empty/metrics/'))).toEqual({});
  });

  it('renders CSV and OpenMetrics text, by ?format= or Accept', async () => {
    let res = await s.api('/api/projects/pub/metrics/?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    // One row per translation and metric: 6 translations × 23 metrics.
    expect(lines[0]).toBe('component,language,name,metric,value');
    expect(lines).toHaveLength(1 + 6 * 23);
    expect(lines).toContain('app,cs,Czech,total,4');
    expect(lines).toContain('app,cs,Czech,translated,2');
    expect(await (await s.api('/api/projects/empty/metrics/?format=csv')).text()).toBe('');

    res = await s.api('/api/projects/pub/metrics/', { headers: { Accept: 'application/openmetrics-text; version=1.0.0' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# HELP parla_translated Number of translated strings.\n# TYPE parla_translated gauge\n');
    expect(text).toContain('parla_total{component="app",language="cs"} 4');
    expect(text).toContain('parla_translated{component="guide/docs",language="de"} 4');
    expect(text).toContain('parla_translation_info{component="app",language="cs",name="Czech"} 1');
    expect(text).toMatch(/^parla_last_update_timestamp\{component="app",language="cs"\} \d+(\.\d+)?$/m);
    expect(text).toContain('# HELP parla_comments Number of strings with unresolved comments.');
    const empty = await (await s.api('/api/projects/empty/metrics/?format=openmetrics')).text();
    expect(empty).toContain('# TYPE parla_translation_info gauge');
    expect(empty).toContain('# TYPE parla_last_update_timestamp gauge');
    expect(empty.endsWith('# EOF\n')).toBe(true);
    expect(text.endsWith('# EOF\n')).toBe(true);
    expect(await (await s.api('/api/projects/pub/metrics/?format=openmetrics')).text()).toBe(text);

    expect((await s.api('/api/projects/pub/metrics/?format=yaml')).status).toBe(404);
    res = await s.api('/api/projects/pub/metrics/?format=api');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
