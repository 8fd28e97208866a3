// Project labels: the labels API, labels of source strings shown on every translation,
// label changes, the label:/has:label/labels_count search fields, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('labels on %s', (dialect) => {
  let s: TestServer;
  let plain: string; // Users team: Power user on public projects, no project.edit

  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const fieldError = async (res: Response, attr: string) => {
    const body = await json(res, 400);
    const e = body.errors.find((x: { attr: string }) => x.attr === attr);
    expect(e, JSON.stringify(body)).toBeDefined();
    return e as { attr: string; code: string; detail: string };
  };
  const unitOf = async (project: string, lang: string, source: string) => {
    const body = await json(await s.api(`/api/translations/${project}/app/${lang}/units/?page_size=100`), 200);
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number; labels: unknown[] };
  };
  const label = async (project: string, body: Record<string, unknown>) => json(await s.api(`/api/projects/${project}/labels/`, { method: 'POST', json: body }), 201);
  const search = async (path: string, q: string) =>
    (await json(await s.api(`${path}?q=${encodeURIComponent(q)}&page_size=1000`), 200)).results.map((u: { source: string[] }) => u.source[0]).sort();

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    for (const [slug, access] of [['pub', 0], ['other', 0], ['priv', 100]] as const) {
      await json(await createProject(s, slug, { access_control: access }), 201);
      await json(await createPoComponent(s, slug), 201);
    }
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('creates, lists, reads, updates and deletes labels', async () => {
    const res = await s.api('/api/projects/pub/labels/');
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(await json(res, 200)).toEqual({ count: 0, next: null, previous: null, results: [] });

    const created = await label('pub', { name: 'Crud', color: 'navy' });
    expect(created).toEqual({ id: expect.any(Number), name: 'Crud', description: '', color: 'navy' });
    expect(Object.keys(created)).toEqual(['id', 'name', 'description', 'color']);
    const list = await json(await s.api('/api/projects/pub/labels/'), 200);
    expect(list.count).toBe(1);
    expect(list.results).toEqual([created]);
    expect(await json(await s.api(`/api/projects/pub/labels/${created.id}/`), 200)).toEqual(created);
    // The same label is not reachable through another project.
    await json(await s.api(`/api/projects/other/labels/${created.id}/`), 404);

    expect(await json(await s.api(`/api/projects/pub/labels/${created.id}/`, { method: 'PATCH', json: { color: 'red', description: 'Needs care' } }), 200)).toEqual({
      ...created,
      color: 'red',
      description: 'Needs care',
    });
    // PUT requires name and colour; a description left out stays.
    expect(await json(await s.api(`/api/projects/pub/labels/${created.id}/`, { method: 'PUT', json: { name: 'Crud 2', color: 'lime' } }), 200)).toEqual({
      id: created.id,
      name: 'Crud 2',
      description: 'Needs care',
      color: 'lime',
    });
    await fieldError(await s.api(`/api/projects/pub/labels/${created.id}/`, { method: 'PUT', json: { name: 'Crud 3' } }), 'color');

    expect((await s.api(`/api/projects/pub/labels/${created.id}/`, { method: 'DELETE' })).status).toBe(204);
    await json(await s.api(`/api/projects/pub/labels/${created.id}/`), 404);
    expect((await json(await s.api('/api/projects/pub/labels/'), 200)).count).toBe(0);
  });

  it('rejects bad colours, missing or duplicate names', async () => {
    let e = await fieldError(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: 'X', color: 'pink' } }), 'color');
    expect(e).toMatchObject({ code: 'invalid_choice', detail: '"pink" is not a valid choice.' });
    e = await fieldError(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { color: 'blue' } }), 'name');
    expect(e.code).toBe('required');
    e = await fieldError(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: '   ', color: 'blue' } }), 'name');
    expect(e.code).toBe('blank');
    await fieldError(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: 'X', color: 'blue', description: 'd'.repeat(251) } }), 'description');
    // Unknown fields are refused by the request schema.
    await json(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: 'X', color: 'blue', bogus: 1 } }), 400);

    const first = await label('pub', { name: 'Twice', color: 'teal' });
    e = await fieldError(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: 'Twice', color: 'gray' } }), 'name');
    expect(e.code).toBe('unique');
    // The same name in another project is fine; renaming onto a taken name is not.
    await label('other', { name: 'Twice', color: 'teal' });
    const second = await label('pub', { name: 'Once', color: 'teal' });
    await fieldError(await s.api(`/api/projects/pub/labels/${second.id}/`, { method: 'PATCH', json: { name: 'Twice' } }), 'name');
    // Nothing was written by the refused requests.
    const names = (await json(await s.api('/api/projects/pub/labels/'), 200)).results.map((l: { name: string }) => l.name);
    expect(names.sort()).toEqual(['Once', 'Twice']);
    for (const l of [first, second]) expect((await s.api(`/api/projects/pub/labels/${l.id}/`, { method: 'DELETE' })).status).toBe(204);
  });

  it('lets only project editors write; private projects are 404 to outsiders', async () => {
    const pubLabel = await label('pub', { name: 'Perm', color: 'olive' });
    const privLabel = await label('priv', { name: 'Secret', color: 'black' });
    // Anonymous writes: 401; a signed-in user without project.edit: 403.
    expect((await s.api('/api/projects/pub/labels/', { method: 'POST', token: null, json: { name: 'A', color: 'red' } })).status).toBe(401);
    expect((await s.api('/api/projects/pub/labels/', { method: 'POST', token: plain, json: { name: 'A', color: 'red' } })).status).toBe(403);
    expect((await s.api(`/api/projects/pub/labels/${pubLabel.id}/`, { method: 'PATCH', token: plain, json: { color: 'red' } })).status).toBe(403);
    expect((await s.api(`/api/projects/pub/labels/${pubLabel.id}/`, { method: 'DELETE', token: plain })).status).toBe(403);
    // Reading a public project's labels is open.
    expect((await json(await s.api('/api/projects/pub/labels/', { token: null }), 200)).results).toEqual([pubLabel]);
    expect(await json(await s.api(`/api/projects/pub/labels/${pubLabel.id}/`, { token: plain }), 200)).toEqual(pubLabel);
    // A private project does not exist for outsiders.
    for (const token of [null, plain]) {
      expect((await s.api('/api/projects/priv/labels/', { token })).status).toBe(404);
      expect((await s.api(`/api/projects/priv/labels/${privLabel.id}/`, { token })).status).toBe(404);
    }
    expect((await s.api('/api/projects/priv/labels/', { method: 'POST', token: plain, json: { name: 'A', color: 'red' } })).status).toBe(404);
    expect((await s.api(`/api/projects/priv/labels/${privLabel.id}/`, { method: 'DELETE', token: plain })).status).toBe(404);
    expect((await json(await s.api('/api/projects/priv/labels/'), 200)).count).toBe(1);
    const still = await json(await s.api(`/api/projects/pub/labels/${pubLabel.id}/`), 200);
    expect(still.color).toBe('olive');
    await s.api(`/api/projects/pub/labels/${pubLabel.id}/`, { method: 'DELETE' });
  });

  it('labels source strings: every translation shows them, changes are recorded, ids are checked', async () => {
    const urgent = await label('pub', { name: 'Urgent', color: 'red', description: 'Ship it' });
    const ui = await label('pub', { name: 'UI', color: 'blue' });
    const foreign = await label('other', { name: 'Foreign', color: 'gray' });
    const en = await unitOf('pub', 'en', 'Hello');
    expect(en.labels).toEqual([]);

    let unit = await json(await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [urgent.id, ui.id] } }), 200);
    expect(unit.labels).toEqual([ui, urgent]); // by name
    // Shared by the translations of the string, in lists and in the unit itself.
    const cs = await unitOf('pub', 'cs', 'Hello');
    expect(cs.labels).toEqual([ui, urgent]);
    expect((await json(await s.api(`/api/units/${cs.id}/`), 200)).labels).toEqual([ui, urgent]);
    const all = await json(await s.api(`/api/units/?q=${encodeURIComponent('label:=Urgent')}`), 200);
    expect(all.results.map((u: { id: number; labels: unknown[] }) => [u.id, u.labels.length]).sort()).toEqual([
      [cs.id, 2],
      [en.id, 2],
      [(await unitOf('pub', 'de', 'Hello')).id, 2],
    ].sort());

    // Ids of another project's labels, unknown ids and non-ids are 400; translations refuse source properties.
    let res = await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [foreign.id] } });
    expect((await fieldError(res, 'labels')).detail).toBe(`Invalid pk "${foreign.id}" - object does not exist.`);
    res = await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [urgent.id, 999999] } });
    expect((await fieldError(res, 'labels')).code).toBe('does_not_exist');
    res = await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [true] } });
    expect((await fieldError(res, 'labels')).code).toBe('incorrect_type');
    expect((await s.api(`/api/units/${cs.id}/`, { method: 'PATCH', json: { labels: [urgent.id] } })).status).toBe(403);
    expect((await s.api(`/api/units/${en.id}/`, { method: 'PATCH', token: plain, json: { labels: [] } })).status).toBe(403);
    expect((await json(await s.api(`/api/units/${en.id}/`), 200)).labels).toEqual([ui, urgent]);

    // Removing one: "Label removed"; form bodies send ids as strings.
    const form = new FormData();
    form.append('labels', String(urgent.id));
    unit = await json(await s.api(`/api/units/${en.id}/`, { method: 'PATCH', body: form }), 200);
    expect(unit.labels).toEqual([urgent]);
    const changes = (await json(await s.api('/api/projects/pub/changes/?page_size=100'), 200)).results.filter((c: { action: number }) => c.action === 86 || c.action === 87);
    expect(changes.map((c: { action: number; target: string; unit: string }) => [c.action, c.target, c.unit?.endsWith(`/units/${en.id}/`)]).sort()).toEqual(
      [
        [86, 'Added label Urgent', true],
        [86, 'Added label UI', true],
        [87, 'Removed label UI', true],
      ].sort(),
    );

    // Deleting a label takes it off the strings.
    await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [urgent.id, ui.id] } });
    expect((await s.api(`/api/projects/pub/labels/${ui.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await unitOf('pub', 'cs', 'Hello')).labels).toEqual([urgent]);
    await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [] } });
    await s.api(`/api/projects/pub/labels/${urgent.id}/`, { method: 'DELETE' });
  });

  it('searches by label name, label presence and label count', async () => {
    const red = await label('pub', { name: 'Needs review', color: 'red' });
    const blue = await label('pub', { name: 'Blue', color: 'blue' });
    const hello = await unitOf('pub', 'en', 'Hello');
    const bye = await unitOf('pub', 'en', 'Goodbye world');
    await json(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { labels: [red.id, blue.id] } }), 200);
    await json(await s.api(`/api/units/${bye.id}/`, { method: 'PATCH', json: { labels: [blue.id] } }), 200);

    const cs = '/api/translations/pub/app/cs/units/';
    expect(await search(cs, 'label:review')).toEqual(['Hello']); // substring, case-insensitive
    expect(await search(cs, 'label:REVIEW')).toEqual(['Hello']);
    expect(await search(cs, 'label:"Needs review"')).toEqual(['Hello']);
    expect(await search(cs, 'label:=Blue')).toEqual(['Goodbye world', 'Hello']);
    expect(await search(cs, 'label:=blu')).toEqual([]);
    expect(await search(cs, 'has:label')).toEqual(['Goodbye world', 'Hello']);
    expect(await search(cs, 'NOT has:label')).toEqual(['One file', 'Open']);
    expect(await search(cs, 'labels_count:2')).toEqual(['Hello']);
    expect(await search(cs, 'labels_count:>=1 AND NOT label:review')).toEqual(['Goodbye world']);
    // Labels of one project do not leak into another's search.
    expect(await search('/api/translations/other/app/cs/units/', 'has:label')).toEqual([]);
    // The legacy filter names map onto the same fields.
    expect((await json(await s.api(`${cs}?filter_type=labels&page_size=100`), 200)).count).toBe(2);
  });
});
