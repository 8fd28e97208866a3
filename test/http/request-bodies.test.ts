// Request bodies as the reference's clients send them: urlencoded and multipart forms wherever JSON is
// accepted, booleans in their usual spellings (in every content type), one value for a list field, and the
// `field.key` / `field[0]` names forms use for objects and lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Fields = Record<string, string | string[]>;

/** The same fields as application/x-www-form-urlencoded and as multipart/form-data (repeated names for lists). */
const ENCODINGS: [string, (fields: Fields) => BodyInit][] = [
  [
    'urlencoded',
    (fields) => {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
      return form;
    },
  ],
  [
    'multipart',
    (fields) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
      return form;
    },
  ],
];

const SPELLINGS: [string, boolean][] = [
  ['True', true],
  ['False', false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
  ['on', true],
  ['off', false],
];

describe.each(DIALECTS)('request bodies (%s)', (dialect) => {
  let s: TestServer;
  let unitId: number;

  const send = async (path: string, method: string, body: BodyInit) => {
    const res = await s.api(path, { method, body });
    return { status: res.status, body: await res.json() };
  };
  const sendJson = async (path: string, method: string, json: unknown) => {
    const res = await s.api(path, { method, json });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'p')).status).toBe(201);
    expect((await createPoComponent(s, 'p')).status).toBe(201);
    await s.createUser('bob');
    const units = await (await s.api('/api/translations/p/app/cs/units/')).json();
    unitId = units.results[0].id;
  });
  afterAll(() => s?.close());

  // One boolean field of each kind of body: users, projects, components (Ajv-validated) and the lock (read by its service).
  const BOOLEAN_FIELDS: { what: string; path: string; method: string; field: string; read: (body: any) => unknown }[] = [
    { what: 'user is_active', path: '/api/users/bob/', method: 'PATCH', field: 'is_active', read: (b) => b.is_active },
    { what: 'project enable_hooks', path: '/api/projects/p/', method: 'PATCH', field: 'enable_hooks', read: (b) => b.enable_hooks },
    { what: 'component edit_template', path: '/api/components/p/app/', method: 'PATCH', field: 'edit_template', read: (b) => b.edit_template },
    { what: 'component lock', path: '/api/components/p/app/lock/', method: 'POST', field: 'lock', read: (b) => b.locked },
  ];

  describe.each(ENCODINGS)('%s forms', (_name, encode) => {
    it.each(BOOLEAN_FIELDS)('read every boolean spelling: $what', async ({ path, method, field, read }) => {
      for (const [spelling, value] of SPELLINGS) {
        const res = await send(path, method, encode({ [field]: spelling }));
        expect(res.status, `${field}=${spelling}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(read(res.body), `${field}=${spelling}`).toBe(value);
      }
      await send(path, method, encode({ [field]: 'false' }));
    });

    it('refuse a boolean that is none of its spellings', async () => {
      for (const { path, method, field } of BOOLEAN_FIELDS) {
        const res = await send(path, method, encode({ [field]: 'maybe' }));
        expect(res.status, field).toBe(400);
        expect(res.body.errors).toEqual([{ code: 'invalid', detail: 'Must be a valid boolean.', attr: field }]);
      }
    });

    it('read an empty boolean as not sent, like an unchecked box', async () => {
      await sendJson('/api/projects/p/', 'PATCH', { enable_hooks: true });
      const res = await send('/api/projects/p/', 'PATCH', encode({ enable_hooks: '', instructions: `Empty ${_name}` }));
      expect(res).toMatchObject({ status: 200, body: { enable_hooks: true, instructions: `Empty ${_name}` } });
      const lock = await send('/api/components/p/app/lock/', 'POST', encode({ lock: '' }));
      expect(lock).toMatchObject({ status: 400, body: { errors: [{ code: 'required', attr: 'lock' }] } });
    });

    it('take one value where a list of strings is expected', async () => {
      await sendJson('/api/components/p/app/', 'PATCH', { enable_suggestions: true, manage_units: true });
      const edited = await send(`/api/units/${unitId}/`, 'PATCH', encode({ target: 'Ahoj', state: '20' }));
      expect(edited).toMatchObject({ status: 200, body: { target: ['Ahoj'], state: 20 } });
      const suggested = await send(`/api/units/${unitId}/suggestions/`, 'POST', encode({ target: `Návrh ${_name}` }));
      expect(suggested).toMatchObject({ status: 201, body: { target: [`Návrh ${_name}`] } });
      const added = await send('/api/translations/p/app/cs/units/', 'POST', encode({ key: `k-${_name}`, source: `New ${_name}`, target: `Nový ${_name}` }));
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toMatchObject({ source: [`New ${_name}`], target: [`Nový ${_name}`] });
      const role = await send('/api/roles/', 'POST', encode({ name: `One permission ${_name}`, permissions: 'unit.edit' }));
      expect(role).toMatchObject({ status: 201, body: { permissions: ['unit.edit'] } });
    });

    it('read list items written as field[0], field[1]', async () => {
      const res = await send(`/api/units/${unitId}/`, 'PATCH', encode({ 'target[0]': `Indexed ${_name}`, state: '20' }));
      expect(res).toMatchObject({ status: 200, body: { target: [`Indexed ${_name}`] } });
      const role = await send('/api/roles/', 'POST', encode({ name: `Indexed ${_name}`, 'permissions[0]': 'unit.edit', 'permissions[1]': 'suggestion.add' }));
      expect(role.status).toBe(201);
      expect([...role.body.permissions].sort()).toEqual(['suggestion.add', 'unit.edit']);
    });

    it('read object fields written as field.key', async () => {
      const code = `x-${_name}`;
      const res = await send('/api/languages/', 'POST', encode({ code, name: `Test ${_name}`, direction: 'ltr', 'plural.number': '3', 'plural.formula': 'n==1 ? 0 : n==2 ? 1 : 2' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ code, plural: { number: 3, formula: 'n==1 ? 0 : n==2 ? 1 : 2' } });
    });
  });

  describe('JSON', () => {
    it.each(BOOLEAN_FIELDS)('reads the same boolean spellings: $what', async ({ path, method, field, read }) => {
      for (const [spelling, value] of [...SPELLINGS, [1, true], [0, false]] as [unknown, boolean][]) {
        const res = await sendJson(path, method, { [field]: spelling });
        expect(res.status, `${field}=${JSON.stringify(spelling)}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(read(res.body), `${field}=${JSON.stringify(spelling)}`).toBe(value);
      }
    });

    it('never takes the text "false" for true, and refuses what is no boolean', async () => {
      expect((await sendJson('/api/components/p/app/lock/', 'POST', { lock: true })).body).toEqual({ locked: true });
      expect((await sendJson('/api/components/p/app/lock/', 'POST', { lock: 'false' })).body).toEqual({ locked: false });
      for (const wrong of ['maybe', 2, [true], { on: true }]) {
        const res = await sendJson('/api/components/p/app/lock/', 'POST', { lock: wrong });
        expect(res.status, JSON.stringify(wrong)).toBe(400);
        expect(res.body.errors[0]).toMatchObject({ code: 'invalid', attr: 'lock' });
      }
      const nulled = await sendJson('/api/components/p/app/lock/', 'POST', { lock: null });
      expect(nulled).toMatchObject({ status: 400, body: { errors: [{ code: 'null', attr: 'lock' }] } });
      expect((await s.api('/api/components/p/app/lock/').then((r) => r.json())).locked).toBe(false);
    });

    it('keeps a list field a list: a single string is refused', async () => {
      const res = await sendJson(`/api/units/${unitId}/`, 'PATCH', { target: 'Ahoj', state: 20 });
      expect(res).toMatchObject({ status: 400, body: { errors: [{ code: 'not_a_list', attr: 'target' }] } });
    });
  });
});
