// Credits of a period (GET …/credits/) and stored reports (POST 202, list, detail, JSON/HTML/RST downloads)
// at site, project, category and component scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('reports and credits on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let categoryId: number;
  const start = new Date(Date.now() - 3600_000).toISOString();
  const end = new Date(Date.now() + 3600_000).toISOString();
  const range = `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (component: string, lang: string, source: string) => {
    const body = await json(await s.api(`/api/translations/pub/${component}/${lang}/units/?page_size=100`));
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number };
  };
  const edit = async (component: string, lang: string, source: string, target: string, token?: string) =>
    json(await s.api(`/api/units/${(await unitOf(component, lang, source)).id}/`, { method: 'PATCH', json: { target: [target], state: 20 }, token }));

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    categoryId = (await json(await s.api('/api/categories/', { method: 'POST', json: { name: 'Guide', slug: 'guide', project: `${s.url}/api/projects/pub/` } }), 201)).id;
    const fields = { name: 'Docs', slug: 'docs', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: `${s.url}/api/categories/${categoryId}/` };
    await json(await s.api('/api/projects/pub/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'app.zip', data: poZip() } }) }), 201);
    await edit('app', 'cs', 'Open', 'Otevřít', plain);
    await edit('app', 'cs', 'Goodbye world', 'Nashledanou', plain);
    await edit('app', 'de', 'Hello', 'Servus', plain);
    await edit('app', 'cs', 'Hello', 'Nazdar');
    await edit('guide%252Fdocs', 'cs', 'Hello', 'Čau', plain);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers credits per language to signed-in callers, everybody\'s with reports.view and only their own otherwise', async () => {
    expect((await s.api(`/api/projects/pub/credits/?${range}`, { token: null })).status).toBe(401);
    const all = await json(await s.api(`/api/projects/pub/credits/?${range}`));
    expect(all).toEqual([
      {
        Czech: [
          { email: 'plain@example.com', username: 'plain', full_name: 'plain', change_count: 3 },
          { email: 'admin@example.com', username: 'admin', full_name: expect.any(String), change_count: 1 },
        ],
      },
      { German: [{ email: 'plain@example.com', username: 'plain', full_name: 'plain', change_count: 1 }] },
    ]);
    // Without reports.view: only the caller's own work.
    expect(await json(await s.api(`/api/projects/pub/credits/?${range}`, { token: plain }))).toEqual([
      { Czech: [{ email: 'plain@example.com', username: 'plain', full_name: 'plain', change_count: 3 }] },
      { German: [{ email: 'plain@example.com', username: 'plain', full_name: 'plain', change_count: 1 }] },
    ]);
    expect(await json(await s.api(`/api/projects/pub/credits/?${range}&lang=de`))).toEqual([{ German: [expect.objectContaining({ username: 'plain', change_count: 1 })] }]);
    expect(await json(await s.api(`/api/components/pub/app/credits/?${range}`))).toHaveLength(2);
    expect(await json(await s.api(`/api/components/pub/guide%252Fdocs/credits/?${range}`))).toEqual([{ Czech: [expect.objectContaining({ username: 'plain', change_count: 1 })] }]);
    expect(await json(await s.api(`/api/categories/${categoryId}/credits/?${range}`))).toEqual([{ Czech: [expect.objectContaining({ username: 'plain', change_count: 1 })] }]);
    const later = `start=${encodeURIComponent(end)}&end=${encodeURIComponent(new Date(Date.now() + 7200_000).toISOString())}`;
    expect(await json(await s.api(`/api/projects/pub/credits/?${later}`))).toEqual([]);
  });

  it('refuses a missing or malformed period on start or end', async () => {
    let error = await json(await s.api('/api/projects/pub/credits/'), 400);
    expect(error.errors[0]).toMatchObject({ attr: 'start', detail: 'Invalid format for `start`' });
    error = await json(await s.api(`/api/projects/pub/credits/?start=${encodeURIComponent(start)}&end=soon`), 400);
    expect(error.errors[0]).toMatchObject({ attr: 'end', detail: 'Invalid format for `end`' });
    expect((await s.api(`/api/projects/nope/credits/?${range}`)).status).toBe(404);
  });

  it('generates a site-wide credits report: 202, a finished task naming it, the stored report', async () => {
    const started = await json(await s.api('/api/reports/', { method: 'POST', json: { kind: 'credits', start, end } }), 202);
    expect(started).toMatchObject({ detail: expect.any(String), task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]{36}\/$/), url: expect.stringMatching(/\/api\/reports\/\d+\/$/) });
    const task = await json(await s.api(started.task_url));
    const id = Number(started.url.match(/reports\/(\d+)\//)[1]);
    expect(task).toMatchObject({ completed: true, progress: 100, result: { report: id } });
    const report = await json(await s.api(started.url));
    expect(report).toMatchObject({
      id,
      kind: 'credits',
      version: 1,
      creator: 'admin',
      scope: null,
      url: started.url,
      json_url: `${started.url}json/`,
      html_url: `${started.url}html/`,
      rst_url: `${started.url}rst/`,
      parameters: { start, end, language: '', own_data: false, sort_by: 'count', sort_order: 'descending' },
    });
    expect(report.data).toEqual(await json(await s.api(`/api/projects/pub/credits/?${range}`)));
    expect(report.data[0].Czech).toEqual([expect.objectContaining({ username: 'plain', change_count: 3 }), expect.objectContaining({ username: 'admin', change_count: 1 })]);

    let res = await s.api(report.json_url);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${id}.json"`);
    expect(JSON.parse(await res.text())).toEqual(report.data);
    res = await s.api(report.html_url);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${id}.html"`);
    const html = await res.text();
    expect(html).toContain('<th>Czech</th>');
    expect(html).toContain('<a href="mailto:plain@example.com">plain</a> (3)');
    res = await s.api(report.rst_url);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${id}.rst"`);
    const rst = await res.text();
    expect(rst).toContain('* Czech\n');
    expect(rst).toContain('    * plain <plain@example.com> (3)');
  });

  it('generates scoped contributor statistics and lists reports to those who may read them', async () => {
    const started = await json(await s.api('/api/components/pub/app/reports/', { method: 'POST', json: { kind: 'contributor_stats', start, end, counting_mode: 'all' } }), 202);
    const report = await json(await s.api(started.url));
    expect(report.scope).toEqual({ component: expect.any(String), name: 'PUB/APP' });
    expect(report.parameters).toMatchObject({ counting_mode: 'all' });
    const byUser = Object.fromEntries(report.data.map((r: { username: string }) => [r.username, r]));
    expect(byUser.plain).toMatchObject({ name: 'plain', email: 'plain@example.com', count: 3, count_new: 1, count_edit: 2, count_approve: 0 });
    expect(byUser.plain.t_words).toBe(3);
    expect(byUser.admin).toMatchObject({ count: 1, t_chars: 6 });
    expect(report.data[0].username).toBe('plain');
    expect(await (await s.api(report.html_url)).text()).toContain('<td>plain@example.com</td>');

    // A user without reports.view gets a report of its own work only, and sees only its own reports.
    const own = await json(await s.api('/api/projects/pub/reports/', { method: 'POST', json: { kind: 'credits', start, end }, token: plain }), 202);
    const ownReport = await json(await s.api(own.url, { token: plain }));
    expect(ownReport).toMatchObject({ creator: 'plain', scope: { project: expect.any(String), name: 'PUB' }, parameters: { own_data: true } });
    expect(ownReport.data.flatMap((l: Record<string, { username: string }[]>) => Object.values(l).flat().map((c) => c.username))).toEqual(['plain', 'plain']);
    const mine = await json(await s.api('/api/reports/', { token: plain }));
    expect(mine.results.map((r: { url: string }) => r.url)).toEqual([own.url]);
    expect((await s.api(started.url, { token: plain })).status).toBe(404);
    expect((await s.api(`${started.url}json/`, { token: plain })).status).toBe(404);

    const everything = await json(await s.api('/api/reports/'));
    expect(everything.count).toBe(3);
    expect(everything.results[0].url).toBe(own.url);
    expect(everything.results[0]).not.toHaveProperty('data');
    expect((await json(await s.api('/api/projects/pub/reports/'))).results.map((r: { url: string }) => r.url)).toEqual([own.url]);
    expect((await json(await s.api('/api/components/pub/app/reports/'))).results.map((r: { url: string }) => r.url)).toEqual([started.url]);
    expect((await json(await s.api(`/api/categories/${categoryId}/reports/`))).count).toBe(0);
    expect((await s.api('/api/reports/', { token: null })).status).toBe(401);
    expect((await s.api('/api/reports/', { method: 'POST', json: { kind: 'credits', start, end }, token: null })).status).toBe(401);
  });

  it('checks the request with the field or a summary', async () => {
    const refused = async (path: string, body: unknown) => (await json(await s.api(path, { method: 'POST', json: body }), 400)).errors as { attr: string | null; detail: string }[];
    expect(await refused('/api/reports/', { start, end })).toContainEqual(expect.objectContaining({ attr: 'kind', detail: 'This field is required.' }));
    expect(await refused('/api/reports/', { kind: 'poem', start, end })).toContainEqual(expect.objectContaining({ attr: 'kind', detail: '"poem" is not a valid choice.' }));
    expect((await refused('/api/reports/', { kind: 'cost_estimate' }))[0]!.attr).toBe('kind');
    expect(await refused('/api/reports/', { kind: 'credits' })).toContainEqual({ code: 'invalid', attr: null, detail: 'Start and end timestamps are required.' });
    expect(await refused('/api/reports/', { kind: 'credits', start: end, end: start })).toContainEqual(expect.objectContaining({ attr: null, detail: 'The report start must be before its end.' }));
    expect(await refused('/api/reports/', { kind: 'credits', start: 'yesterday', end })).toContainEqual(expect.objectContaining({ attr: 'start', detail: expect.stringMatching(/^Datetime has wrong format/) }));
    expect(await refused('/api/reports/', { kind: 'credits', start, end, project: 'nope' })).toContainEqual(expect.objectContaining({ attr: 'project', detail: 'Invalid project.' }));
    expect(await refused('/api/reports/', { kind: 'credits', start, end, component: 'pub/nope' })).toContainEqual(expect.objectContaining({ attr: 'component', detail: 'Invalid component path.' }));
    expect(await refused('/api/reports/', { kind: 'credits', start, end, project: 'pub', component: 'pub/app' })).toContainEqual(expect.objectContaining({ attr: null, detail: 'Choose at most one report scope.' }));
    expect(await refused('/api/projects/pub/reports/', { kind: 'credits', start, end, project: 'pub' })).toContainEqual(expect.objectContaining({ attr: null, detail: 'Do not specify a scope on a scoped reports endpoint.' }));
    expect(await refused('/api/reports/', { kind: 'credits', start, end, sort_by: 'name' })).toContainEqual(expect.objectContaining({ attr: 'sort_by', detail: '"name" is not a valid choice.' }));

    const byPath = await json(await s.api('/api/reports/', { method: 'POST', json: { kind: 'credits', start, end, component: 'pub/guide/docs' } }), 202);
    expect((await json(await s.api(byPath.url))).scope).toEqual({ component: expect.any(String), name: 'PUB/Docs' });
    const byCategory = await json(await s.api('/api/reports/', { method: 'POST', json: { kind: 'credits', start, end, category: categoryId } }), 202);
    const categoryReport = await json(await s.api(byCategory.url));
    expect(categoryReport.scope).toEqual({ category: String(categoryId), name: 'PUB/Guide' });
    expect(categoryReport.data).toEqual([{ Czech: [expect.objectContaining({ username: 'plain', change_count: 1 })] }]);
  });
});
