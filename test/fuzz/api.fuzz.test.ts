// Fuzzing through the API on SQLite: random search queries, uploaded files, unit edits and hook bodies never answer 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS_PO, createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { mutatedBytes, params, trickyString } from './support.js';

/** Requests are slow next to in-process calls: a fifth of the run budget (20 per property under `npm test`). */
const WEIGHT = 0.2;

describe('API fuzzing on sqlite', () => {
  let s: TestServer;
  let unitIds: number[] = [];

  beforeAll(async () => {
    s = await startServer('sqlite');
    expect((await createProject(s, 'fz')).status).toBe(201);
    expect((await createPoComponent(s, 'fz')).status).toBe(201);
    const units = await (await s.api('/api/translations/fz/app/cs/units/?page_size=100')).json();
    unitIds = units.results.map((u: { id: number }) => u.id);
    expect(unitIds.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  /** A 5xx fails with the request and the body the server gave. */
  async function expectNo5xx(res: Response, what: string): Promise<void> {
    const text = await res.text();
    if (res.status >= 500) expect.fail(`${what} answered ${res.status}: ${text.slice(0, 500)}`);
    // Client errors keep the documented error shape.
    if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
      const body = JSON.parse(text);
      expect(typeof body.detail === 'string' || typeof body.detail === 'object', `${what}: error body ${text.slice(0, 200)}`).toBe(true);
    }
  }

  const query = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc
      .array(fc.oneof(fc.constantFrom('source:', 'target:', 'state:>=', 'changed:', 'id:', 'has:', 'is:', 'path:', 'label:', 'NOT ', ' OR ', '(', ')', 'r"', '"', '[1 to ', ']', '__proto__', 'constructor:'), trickyString(8)), { maxLength: 10 })
      .map((p) => p.join('')),
  );

  it('GET /api/units/?q=… answers 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('/api/units/', '/api/translations/fz/app/cs/units/'), async (q, path) => {
        await expectNo5xx(await s.api(`${path}?q=${encodeURIComponent(q)}`), `GET ${path}?q=${JSON.stringify(q)}`);
      }),
      params(WEIGHT),
    );
  });

  it('POST …/file/ with random or mutated files never answers 5xx', async () => {
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 600 }), mutatedBytes([new Uint8Array(Buffer.from(CS_PO))], ['msgid ', 'msgstr ', '"', '\\', '#~ ', 'msgstr[7] ']));
    const name = fc.constantFrom('cs.po', 'cs.pot', 'cs.xliff', 'cs.json', 'cs.csv', 'cs.xlsx', 'cs.properties', 'cs.strings', 'cs.yml', 'cs.ts', 'cs.xml', 'cs.zip', 'cs', '../x.po');
    const method = fc.constantFrom('translate', 'approve', 'suggest', 'fuzzy', 'replace', 'source', 'add', 'bogus');
    await fc.assert(
      fc.asyncProperty(bytes, name, method, async (data, filename, m) => {
        const body = multipart({ method: m, conflicts: 'replace-translated' }, { file: { name: filename, data: Buffer.from(data) } });
        await expectNo5xx(await s.api('/api/translations/fz/app/cs/file/', { method: 'POST', body }), `upload ${filename} (${m}, ${data.length} bytes)`);
      }),
      params(WEIGHT),
    );
  });

  it('PATCH /api/units/<id>/ with random JSON never answers 5xx', async () => {
    const field = fc.constantFrom('target', 'state', 'explanation', 'extra_flags', 'labels', 'source', 'context', 'fuzzy', 'approved', '__proto__');
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(trickyString(20), { maxLength: 4 }), fc.constantFrom(0, 10, 20, 30, 100, -1, 1e300));
    const body = fc.oneof(fc.dictionary(field, value, { maxKeys: 3 }), fc.jsonValue({ maxDepth: 2 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...unitIds), body, fc.constantFrom('PATCH', 'PUT'), async (id, json, method) => {
        await expectNo5xx(await s.api(`/api/units/${id}/`, { method, json }), `${method} unit ${id} ${JSON.stringify(json).slice(0, 200)}`);
      }),
      params(WEIGHT),
    );
  });

  it('POST /hooks/<service>/ with random bodies answers 2xx or 4xx', async () => {
    const service = fc.constantFrom('github', 'gitlab', 'bitbucket', 'pagure', 'azure', 'gitea', 'forgejo', 'gitee', 'nope');
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), fc.string({ maxLength: 60 }));
    const type = fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain');
    await fc.assert(
      fc.asyncProperty(service, body, type, async (svc, b, t) => {
        const res = await s.api(`/hooks/${svc}/`, { method: 'POST', body: b, headers: { 'Content-Type': t, 'X-GitHub-Event': 'push', 'X-Gitlab-Event': 'Push Hook' }, token: null });
        await expectNo5xx(res, `hook ${svc} ${t} ${b.slice(0, 100)}`);
      }),
      params(WEIGHT),
    );
  });
});
